import { Type, type Static } from '@sinclair/typebox';
import type { ChatGroup, ChatMessage, ChatPerson, FriendRelation, FriendRequest } from './chat-schemas';
import type { Cow } from './cow-schemas';
import type { FarmRole } from './schemas';

/** WebSocket close codes the server uses (4000-4999 is the application range of RFC 6455). */
export const SOCKET_CLOSE_CODES = {
  /** The token was refused when the socket opened (missing, forged, expired): refresh it and try again. */
  unauthorized: 4401,
  badMessage: 4400,
  /**
   * The login behind an open socket ended (logout, password change, a reused refresh token, support
   * disabling the user; decision 0006): no token of that login works any more, so a client must not
   * reconnect or refresh, only log in again. 440 after the "Login Time-out" status some servers use.
   */
  loginRevoked: 4440,
  /** A chat socket whose path names another user than its token's (decision 0019). */
  forbidden: 4403,
  serverShutdown: 1001,
} as const;

/** The close reason sent with `loginRevoked`. */
export const LOGIN_REVOKED_REASON = 'Login ended';

export const SOCKET_PATH = '/socket';

/** The chat socket (spec §4 "a chat socket at /{userId}", architecture §5); the token decides who it is for. */
export const CHAT_SOCKET_PATH = '/chat/:userId';
export const chatSocketPath = (userId: number): string => `/chat/${userId}`;

/** Client -> server. `user` is informational only: the server trusts the token, not this. */
export const ClientSocketMessage = Type.Object({
  type: Type.Union([Type.Literal('register'), Type.Literal('ping')]),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  user: Type.Optional(
    Type.Object(
      { id: Type.Number(), name: Type.String(), city: Type.String() },
      { additionalProperties: true },
    ),
  ),
});
export type ClientSocketMessage = Static<typeof ClientSocketMessage>;

/** A new notification (architecture §6), with the spec's notice fields (§3). */
export interface NoticeSocketData {
  id: number;
  cowid: number | null;
  sensor: number | null;
  noticecode: number;
  /** When it happened, ISO-8601. */
  time: string;
  /** The values that triggered it: their names and types by code in notice-details.ts, as in the lists. */
  details: Record<string, unknown>;
  /**
   * The cow's code (the notice lists' `code`), when the notice is about a cow: the client shows it without
   * having loaded her (a cow outside the list's filter). Absent from servers before issue 37's follow-up.
   */
  code?: string;
}

/** The still from the cow's camera on a notice is there, or cannot be had: the notice lists read it again. */
export interface NoticeSnapshotSocketData {
  /** The notice's id. */
  id: number;
}

/** A cow's changed fields, by their wire names (the Cow shape); the client merges them into the cow. */
export type CowInfoSocketData = { id: number } & Partial<Omit<Cow, 'id'>>;

/** A sensor went offline (0) or came back (1). */
export interface SensorStateSocketData {
  cowId: number | null;
  sensor: number;
  sensorzt: 0 | 1;
}

/**
 * What changed about a farm's cows, so every other open session of the farm reloads what shows it: the cow
 * itself (`cow`: an edit), a cow added (`added`), her status (`status`: force change, elimination, end of
 * lactation...), one of her records added, changed or removed (`estrus`, `fertilization`, `pregnancy`,
 * `calving`, `healthCase`), or the cow types (`cowType`: cows assigned to a type, a type renamed or removed).
 */
export type CowChangeKind =
  | 'cow'
  | 'added'
  | 'status'
  | 'estrus'
  | 'fertilization'
  | 'pregnancy'
  | 'calving'
  | 'healthCase'
  | 'cowType';

/** Cows of the farm changed. `cowIds` empty: any cow may have (a cow type renamed or removed). */
export interface CowChangeSocketData {
  change: CowChangeKind;
  cowIds: number[];
}

/**
 * Notices of the farm are read now: marked read by a user (one, or "mark all read") or done because the
 * event they reminded of was recorded. Every session shows them read, and its unread badge drops.
 */
export interface NoticesReadSocketData {
  ids: number[];
}

/**
 * A gateway of the farm delivered its first stored reading (the "Connect your gateway" screen waits for it).
 */
export interface GatewayFirstReadingSocketData {
  gatewayId: number;
  sensor: number;
  /** When it was received, ISO-8601. */
  at: string;
}

/**
 * An owner changed a member's role: that member's sessions show the menus of the new role at once, and the
 * owners' staff lists refresh. The server checks the role on every call, whatever a session shows.
 */
export interface MemberRoleSocketData {
  userId: number;
  role: FarmRole;
}

/** Both sides' ids of a friendship that ended, for the friend list and the conversation list. */
export interface FriendDeleteSocketData {
  /** The other user: the friend who is no longer one. */
  fid: number;
  conversationId: number;
}

/**
 * The chat socket's events (spec §4 "Chat", decision 0019): each goes to the chat sockets of the users it
 * concerns, on every instance. `chatread`: one of the user's conversations was zeroed (on any device).
 */
export type ChatSocketMessage =
  | { type: 'chatmessage'; data: ChatMessage }
  | { type: 'chatread'; data: { conversationId: number; count: 0 } }
  | { type: 'friendapply'; data: FriendRequest }
  | { type: 'friendrefuse'; data: { id: number } }
  | { type: 'passapply'; data: FriendRelation }
  | { type: 'frienddelete'; data: FriendDeleteSocketData }
  | { type: 'newgroup'; data: ChatGroup }
  | { type: 'adduser'; data: { gid: number; users: ChatPerson[] } }
  | { type: 'userexit'; data: { gid: number; uid: number } }
  | { type: 'removeuser'; data: { gid: number; uid: number } }
  | { type: 'deletegroup'; data: { gid: number } }
  | { type: 'groupchange'; data: ChatGroup };

/**
 * A top-up was paid (spec §4 paysuccess): sent to every session of the farm's owners when the provider's
 * confirmation is booked, whichever path brought it (webhook, return, reconciliation), once per order.
 */
export interface PaySuccessSocketData {
  orderId: number;
  amount: number;
  currency: string;
  currencyDigits: number;
  /** The wallet balance after the credit, minor units. */
  balance: number;
}

/** Server -> client types. */
export type ServerSocketMessage =
  | { type: 'register_res'; data: { userId: number; registered: true } }
  | { type: 'pong'; data: { time: string } }
  | { type: 'error'; data: { code: string; msg: string } }
  | { type: 'notice'; data: NoticeSocketData }
  | { type: 'cowinfo'; data: CowInfoSocketData }
  | { type: 'sensorzt'; data: SensorStateSocketData }
  | { type: 'cowchange'; data: CowChangeSocketData }
  | { type: 'noticesread'; data: NoticesReadSocketData }
  | { type: 'noticesnapshot'; data: NoticeSnapshotSocketData }
  | { type: 'gatewayfirstreading'; data: GatewayFirstReadingSocketData }
  | { type: 'memberrole'; data: MemberRoleSocketData }
  | { type: 'paysuccess'; data: PaySuccessSocketData }
  | ChatSocketMessage;
