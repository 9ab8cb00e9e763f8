import { Type, type Static } from '@sinclair/typebox';
import { COW_STATUSES } from '@cowcare/domain/cow-status';
import { DateTimeString, Id } from './schemas';

/**
 * The chat's wire shapes (spec §3 "Chat entities", decision 0019). Field names follow the spec where it gives
 * them (uid, toid, gid, count, lasttime, notice); what it leaves out is named plainly.
 */

/** The most a text message may hold; a longer paste is refused, not cut. */
export const MAX_CHAT_TEXT = 4000;
/** Messages per history page at most (and by default). */
export const CHAT_PAGE_SIZE = 30;
/** Members a group may have, its owner included. */
export const MAX_GROUP_MEMBERS = 200;

/**
 * Another user as the chat shows them, whatever their farm: name, avatar and the farm's name (its number,
 * the only name a farm has). Never anything of the farm's data: this is the product's only cross-farm path.
 */
export const ChatPersonSchema = Type.Object({
  id: Id,
  name: Type.String(),
  avatar: Type.String(),
  farmName: Type.String(),
});
export type ChatPerson = Static<typeof ChatPersonSchema>;

export const ChatMessageTypeSchema = Type.Union([
  Type.Literal('text'),
  Type.Literal('image'),
  Type.Literal('cow'),
]);
export type ChatMessageType = Static<typeof ChatMessageTypeSchema>;

const nullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const nullableDays = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description });

/**
 * A cow card (the third message kind): what the server read of one of the sender's cows when the message was
 * sent, stored with it and never refreshed. A reader of another farm sees this and nothing more of the farm;
 * a reader of the sender's farm (same farmNumber) may open her page, where the farm's own calls apply.
 */
export const CowCardSchema = Type.Object({
  cowId: Id,
  farmNumber: Type.String({ description: "the sender's farm (its number, as a chat person's farmName)" }),
  code: Type.String(),
  status: Type.Union(
    COW_STATUSES.map((status) => Type.Literal(status)),
    { description: "the app's status key (herd.status.<key>), not the stored Korean value" },
  ),
  sensorKind: Type.Union([Type.Literal('neck'), Type.Literal('pill'), Type.Null()]),
  temperature: nullableNumber('°C, her newest reading'),
  activity: nullableNumber('her current activity count (as her page shows it)'),
  drink: nullableNumber('drinking events in the last 24 hours (a bolus; a collar does not measure it)'),
  readingAt: Type.Union([DateTimeString, Type.Null()], { description: 'when her newest reading came' }),
  daysInMilk: nullableDays('in lactation: days since her last calving'),
  daysSinceInsemination: nullableDays('inseminated or pregnant: days since her last insemination'),
});
export type CowCard = Static<typeof CowCardSchema>;

export const ConversationKindSchema = Type.Union([
  Type.Literal('service'),
  Type.Literal('direct'),
  Type.Literal('group'),
]);
export type ConversationKind = Static<typeof ConversationKindSchema>;

/** A client's own id for a message, made when it is typed; a resend with it never doubles the message. */
export const ClientMessageId = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: "the client's id for this message (e.g. a UUID); unique per sender",
});

export const ChatMessageSchema = Type.Object({
  id: Id,
  conversationId: Id,
  seq: Type.Integer({ minimum: 1, description: 'order within the conversation, gap-free from 1' }),
  uid: Type.Integer({
    minimum: 0,
    description: 'the sending user; 0 when support (the Administrator) wrote',
  }),
  from: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  toid: Type.Integer({
    minimum: 0,
    description: 'the other user of a direct conversation; 0 in a group and for the Administrator',
  }),
  gid: Type.Integer({ minimum: 0, description: 'the group; 0 outside groups' }),
  content: Type.String({
    description:
      "the text, for a picture the API path that serves it to members, for a cow card the sender's words (may be empty)",
  }),
  type: ChatMessageTypeSchema,
  card: Type.Optional(CowCardSchema),
  clientId: Type.String(),
  time: DateTimeString,
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

export const ChatPageSchema = Type.Object({
  messages: Type.Array(ChatMessageSchema, { description: 'newest first' }),
  more: Type.Boolean({ description: 'older messages exist before the last one of this page' }),
});
export type ChatPage = Static<typeof ChatPageSchema>;

/**
 * The spec's "friend relation": the caller's place in one conversation, with its unread count and last
 * message. One per conversation of the caller; `kind` says which counterpart it has.
 */
export const FriendRelationSchema = Type.Object({
  id: Id,
  uid: Id,
  fid: Type.Integer({ minimum: 0, description: 'the friend of a direct conversation; 0 otherwise' }),
  gid: Type.Integer({ minimum: 0, description: 'the group; 0 otherwise' }),
  conversationId: Id,
  kind: ConversationKindSchema,
  count: Type.Integer({ minimum: 0, description: 'unread messages' }),
  message: Type.String({ description: "the last message, a cow card's cow code, or empty (a picture)" }),
  messagetype: Type.Union([ChatMessageTypeSchema, Type.Literal('')]),
  lasttime: Type.Union([DateTimeString, Type.Null()]),
  name: Type.String({ description: "the friend's or group's name; 'Administrator' for customer service" }),
  avatar: Type.String(),
  farmName: Type.String({ description: "the friend's farm; empty otherwise" }),
  status: Type.Integer({ minimum: 0, maximum: 1, description: '1 while posting is possible' }),
  notice: Type.String({ description: "the caller's own note on this friend or group" }),
});
export type FriendRelation = Static<typeof FriendRelationSchema>;

export const FriendRequestSchema = Type.Object({
  id: Id,
  from: ChatPersonSchema,
  to: ChatPersonSchema,
  time: DateTimeString,
});
export type FriendRequest = Static<typeof FriendRequestSchema>;

export const GroupUserSchema = Type.Object({
  id: Id,
  gid: Id,
  uid: Id,
  name: Type.String(),
  avatar: Type.String(),
  farmName: Type.String(),
  owner: Type.Boolean(),
});
export type GroupUser = Static<typeof GroupUserSchema>;

export const ChatGroupSchema = Type.Object({
  id: Id,
  name: Type.String(),
  status: Type.Integer({ minimum: 0, maximum: 1, description: '1 while the group exists' }),
  note: Type.String(),
  avatar: Type.String(),
  type: Id,
  ownerId: Id,
  users: Type.Array(GroupUserSchema),
});
export type ChatGroup = Static<typeof ChatGroupSchema>;

export const GroupTypeSchema = Type.Object({
  id: Id,
  code: Type.String({ description: 'neighbours, veterinary, cooperative, family, other; the app names it' }),
});
export type GroupType = Static<typeof GroupTypeSchema>;
