import { Type, type Static } from '@sinclair/typebox';
import { ChatMessageSchema, ChatPageSchema, ClientMessageId, MAX_CHAT_TEXT } from '../chat-schemas';
import { CowSchema } from '../cow-schemas';
import { defineRoute } from '../route';
import { DateTimeString, Id, IdParam } from '../schemas';
import { CowHistoryItemSchema } from './cows';

const tag = 'admin';

export const login = defineRoute({
  method: 'POST',
  path: 'admin/login',
  access: 'public',
  tag,
  summary:
    'Support administrator login; answers an admin token for the admin/* calls (user tokens are refused ' +
    'there, and an admin token is refused on user calls). Throttled like the user login.',
  body: Type.Object({
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  }),
  data: Type.Object({ token: Type.String({ description: 'admin access token (JWT), lives 1 hour' }) }),
});

/** Every status except 도태: a restore brings a culled cow back into the lifecycle. */
export const RestorableCowStatus = Type.Union([
  Type.Literal('발정탐지'),
  Type.Literal('비육'),
  Type.Literal('설정대기'),
  Type.Literal('임신'),
  Type.Literal('포유'),
  Type.Literal('임신감정'),
]);

export const restoreCow = defineRoute({
  method: 'POST',
  path: 'admin/cows/:id/restore',
  access: 'admin',
  tag,
  summary:
    "Restore a culled cow of any farm to a status; recorded in the cow's history as done by support. 409 " +
    'when the cow is not culled or its sensor is meanwhile worn by another active cow of its farm.',
  params: Type.Object({ id: IdParam }),
  body: Type.Object({ status: RestorableCowStatus }),
  data: CowSchema,
});

export const cowHistory = defineRoute({
  method: 'GET',
  path: 'admin/cows/:id/history',
  access: 'admin',
  tag,
  summary: "Any farm's cow's timeline, as the farm sees it (common/common/getcowhistory)",
  params: Type.Object({ id: IdParam }),
  data: Type.Array(CowHistoryItemSchema),
});

/** A farm user as support sees it after disabling or enabling them. */
export const UserAccessSchema = Type.Object({
  id: Id,
  username: Type.String(),
  disabled: Type.Boolean(),
  disabledAt: Type.Union([DateTimeString, Type.Null()], { description: 'null while the user may log in' }),
});
export type UserAccess = Static<typeof UserAccessSchema>;

export const disableUser = defineRoute({
  method: 'POST',
  path: 'admin/users/:id/disable',
  access: 'admin',
  tag,
  summary:
    'Disable a farm user: every login of theirs ends at once (HTTP calls 401, open sockets closed with ' +
    '4440) and login and refresh answer 403 E_ACCOUNT_DISABLED until support enables them again. ' +
    'Disabling a disabled user keeps the first date and records the new reason.',
  params: Type.Object({ id: IdParam }),
  body: Type.Object({
    reason: Type.String({ minLength: 1, maxLength: 500, description: 'why, for the next support call' }),
  }),
  data: UserAccessSchema,
});

export const enableUser = defineRoute({
  method: 'POST',
  path: 'admin/users/:id/enable',
  access: 'admin',
  tag,
  summary:
    'Enable a disabled farm user again: they may log in; the logins that disabling ended stay ended. ' +
    'Enabling a user who is not disabled changes nothing.',
  params: Type.Object({ id: IdParam }),
  data: UserAccessSchema,
});

/** A farm user's customer-service conversation as the support inbox lists it. */
export const ServiceConversationSchema = Type.Object({
  conversationId: Id,
  userId: Id,
  name: Type.String({ description: "the farm user's name" }),
  farmId: Id,
  farmNumber: Type.String(),
  country: Type.String(),
  language: Type.String(),
  unread: Type.Integer({ minimum: 0, description: "the user's messages support has not read" }),
  message: Type.String({ description: 'the last message, or empty' }),
  lasttime: Type.Union([DateTimeString, Type.Null()]),
  answeredBy: Type.Union([Type.String(), Type.Null()], {
    description: 'the agent who answered last, for the other agents; never shown to the farm',
  }),
});
export type ServiceConversation = Static<typeof ServiceConversationSchema>;

export const chatInbox = defineRoute({
  method: 'GET',
  path: 'admin/chat/inbox',
  access: 'admin',
  tag,
  summary: 'Customer-service conversations of every farm that hold a message: unread first, then the latest',
  data: Type.Array(ServiceConversationSchema, { maxItems: 500 }),
});

export const chatHistory = defineRoute({
  method: 'GET',
  path: 'admin/chat/messages/:conversationId',
  access: 'admin',
  tag,
  summary: 'A page of a customer-service conversation, newest first (404 for any other conversation)',
  params: Type.Object({ conversationId: IdParam }),
  query: Type.Object({
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  }),
  data: ChatPageSchema,
});

export const chatReply = defineRoute({
  method: 'POST',
  path: 'admin/chat/send',
  access: 'admin',
  tag,
  summary:
    'Answer in a customer-service conversation as the Administrator: the farm user gets it live, counted ' +
    "unread; idempotent by clientId like a farm user's send. Answering marks the conversation read for support",
  body: Type.Object({
    conversationId: Id,
    clientId: ClientMessageId,
    content: Type.String({ minLength: 1, maxLength: MAX_CHAT_TEXT }),
  }),
  data: ChatMessageSchema,
});

export const chatRead = defineRoute({
  method: 'PUT',
  path: 'admin/chat/read/:conversationId',
  access: 'admin',
  tag,
  summary: 'Support has read a customer-service conversation: its inbox count goes to 0',
  params: Type.Object({ conversationId: IdParam }),
  data: ServiceConversationSchema,
});

export const chatPicture = defineRoute({
  method: 'GET',
  path: 'admin/chat/picture/:id',
  access: 'admin',
  tag,
  summary:
    'A picture a farmer sent to customer service (the file); 404 for a picture of any other conversation',
  params: Type.Object({ id: IdParam }),
  data: Type.Null({ description: 'never sent: a success answers the image bytes' }),
});
