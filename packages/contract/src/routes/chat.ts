import { Type } from '@sinclair/typebox';
import {
  CHAT_PAGE_SIZE,
  ChatGroupSchema,
  ChatMessageSchema,
  ChatMessageTypeSchema,
  ChatPageSchema,
  ChatPersonSchema,
  ClientMessageId,
  FriendRelationSchema,
  FriendRequestSchema,
  GroupTypeSchema,
  GroupUserSchema,
  MAX_CHAT_TEXT,
  MAX_GROUP_MEMBERS,
} from '../chat-schemas';
import { defineRoute } from '../route';
import { Id, IdParam } from '../schemas';

/**
 * The chat calls of spec §7 (their paths as the spec gives them) and ours for sending, friends and groups
 * (decision 0019). Every one is open to any member of a farm; membership of the conversation is the check.
 */
const tag = 'chat';

const GroupName = Type.String({ minLength: 1, maxLength: 60 });
const GroupNote = Type.String({ maxLength: 500 });
/** As a user's avatar: an https address (or one of this server's), or empty for none. */
export const GROUP_AVATAR_PATTERN = '^(https://|/|$)';
const Avatar = Type.String({
  maxLength: 500,
  pattern: GROUP_AVATAR_PATTERN,
  description: 'an image address, or empty',
});
const UserIds = Type.Array(Id, { minItems: 1, maxItems: MAX_GROUP_MEMBERS, uniqueItems: true });

export const relations = defineRoute({
  method: 'POST',
  path: 'bgyx/bgyx/getdata/friendrelation',
  access: 'user',
  tag,
  summary:
    "The caller's conversations (uid must be the caller): customer service first (the Administrator, " +
    'always present), then friends and groups by their last message, newest first, each with its unread count',
  body: Type.Object({ uid: Id }),
  data: Type.Array(FriendRelationSchema),
});

export const serviceHistory = defineRoute({
  method: 'GET',
  path: 'chat/chat/initusermessage/:id/:before',
  access: 'user',
  tag,
  summary:
    "A page of the caller's customer-service conversation, newest first; before = 0 for the newest " +
    'page, else the seq of the oldest message held',
  params: Type.Object({ id: IdParam, before: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }) }),
  scopes: { id: 'userId' },
  data: ChatPageSchema,
});

export const history = defineRoute({
  method: 'GET',
  path: 'chat/chat/messages/:conversationId',
  access: 'user',
  tag,
  summary: 'A page of a conversation of the caller, newest first (404 when the caller is not a member)',
  params: Type.Object({ conversationId: IdParam }),
  query: Type.Object({
    before: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2 ** 31 - 1,
        description: 'older than this seq; left out: newest',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAT_PAGE_SIZE })),
  }),
  data: ChatPageSchema,
});

export const send = defineRoute({
  method: 'POST',
  path: 'chat/chat/send',
  access: 'user',
  tag,
  summary:
    'Store a message in a conversation of the caller and deliver it to the members live. Idempotent by ' +
    'clientId: a resend answers the stored message and delivers nothing again. A picture names an upload of ' +
    "the caller's (common/common/upload, an image). A cow card names a cow of the caller's farm (404 " +
    'otherwise); the server stores her code, status and latest values as they are now. 403 when posting is ' +
    'closed (not friends any more)',
  body: Type.Object({
    conversationId: Id,
    clientId: ClientMessageId,
    type: ChatMessageTypeSchema,
    content: Type.Optional(Type.String({ maxLength: MAX_CHAT_TEXT })),
    uploadId: Type.Optional(Id),
    cowId: Type.Optional(Id),
  }),
  data: ChatMessageSchema,
});

export const picture = defineRoute({
  method: 'GET',
  path: 'chat/chat/picture/:id',
  access: 'user',
  tag,
  summary: "A picture message's image (the file, not a JSON envelope), to the conversation's members only",
  params: Type.Object({ id: IdParam }),
  data: Type.Null({ description: 'never sent: a success answers the image bytes' }),
});

export const updateRelation = defineRoute({
  method: 'PUT',
  path: 'putdata/friendrelation',
  access: 'user',
  tag,
  summary:
    "Zero the unread count of one of the caller's conversations (count 0: it became current; every " +
    'device of the caller is told) or set their note on it',
  body: Type.Object({
    id: Id,
    count: Type.Optional(Type.Literal(0)),
    notice: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  data: FriendRelationSchema,
});

export const friendRelation = defineRoute({
  method: 'POST',
  path: 'common/common/finddata/friendrelation',
  access: 'user',
  tag,
  summary: "The caller's conversation with a friend (uid must be the caller); 404 when they are not friends",
  body: Type.Object({ uid: Id, fid: Id }),
  data: FriendRelationSchema,
});

export const groupRelation = defineRoute({
  method: 'POST',
  path: 'bgyx/bgyx/finddata/friendrelation',
  access: 'user',
  tag,
  summary: "The caller's place in a group (uid must be the caller); 404 when they are not a member",
  body: Type.Object({ uid: Id, gid: Id }),
  data: FriendRelationSchema,
});

export const groups = defineRoute({
  method: 'POST',
  path: 'getdata/chatgroup',
  access: 'user',
  tag,
  summary: 'The groups with these ids, all of them groups of the caller (404 when one is not)',
  body: Type.Object({ id: Type.Array(Id, { maxItems: 500 }) }),
  data: Type.Array(ChatGroupSchema),
});

export const groupUsers = defineRoute({
  method: 'POST',
  path: 'getdata/groupuser',
  access: 'user',
  tag,
  summary: "A group's members (404 when the caller is not one)",
  body: Type.Object({ gid: Id }),
  data: Type.Array(GroupUserSchema),
});

export const group = defineRoute({
  method: 'GET',
  path: 'getdata/chatgroup/:gid',
  access: 'user',
  tag,
  summary: 'One group of the caller with its members (404 when the caller is not a member)',
  params: Type.Object({ gid: IdParam }),
  data: ChatGroupSchema,
});

export const groupTypes = defineRoute({
  method: 'POST',
  path: 'getdata/grouptype',
  access: 'user',
  tag,
  summary: 'The kinds a group may be',
  data: Type.Array(GroupTypeSchema),
});

export const findUser = defineRoute({
  method: 'POST',
  path: 'chat/chat/finduser',
  access: 'user',
  tag,
  summary:
    'Users whose username or phone number is exactly this (never the caller), as the chat shows a person: ' +
    'name, avatar and farm name',
  body: Type.Object({ keyword: Type.String({ minLength: 2, maxLength: 64 }) }),
  data: Type.Array(ChatPersonSchema, { maxItems: 10 }),
});

export const friendApply = defineRoute({
  method: 'POST',
  path: 'chat/chat/friendapply',
  access: 'user',
  tag,
  summary:
    'Ask a user to be friends; they are told live. Asking again while a request is open answers it; ' +
    '409 when they are friends already. A request of theirs to the caller is accepted instead',
  body: Type.Object({ fid: Id }),
  data: FriendRequestSchema,
});

export const friendApplies = defineRoute({
  method: 'GET',
  path: 'chat/chat/friendapplies',
  access: 'user',
  tag,
  summary: 'Open friend requests to and from the caller, newest first',
  data: Type.Array(FriendRequestSchema),
});

export const passApply = defineRoute({
  method: 'POST',
  path: 'chat/chat/passapply/:id',
  access: 'user',
  tag,
  summary:
    'Accept a friend request made to the caller: both get the new conversation live (404 for a request ' +
    'to someone else)',
  params: Type.Object({ id: IdParam }),
  data: FriendRelationSchema,
});

export const refuseApply = defineRoute({
  method: 'POST',
  path: 'chat/chat/refuseapply/:id',
  access: 'user',
  tag,
  summary: 'Decline a friend request made to the caller, or withdraw one the caller made',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id }),
});

export const deleteFriend = defineRoute({
  method: 'DELETE',
  path: 'chat/chat/friend/:fid',
  access: 'user',
  tag,
  summary: 'End a friendship: both are told live; their conversation closes for posting (404 if not friends)',
  params: Type.Object({ fid: IdParam }),
  data: Type.Object({ fid: Id }),
});

export const createGroup = defineRoute({
  method: 'POST',
  path: 'chat/chat/group',
  access: 'user',
  tag,
  summary: 'Create a group owned by the caller with friends of theirs as members; every member is told live',
  body: Type.Object({
    name: GroupName,
    note: Type.Optional(GroupNote),
    avatar: Type.Optional(Avatar),
    type: Id,
    users: Type.Array(Id, { maxItems: MAX_GROUP_MEMBERS - 1, uniqueItems: true }),
  }),
  data: ChatGroupSchema,
});

export const updateGroup = defineRoute({
  method: 'PUT',
  path: 'chat/chat/group/:gid',
  access: 'user',
  tag,
  summary: 'Rename a group or change its note or avatar (any member); every member is told live',
  params: Type.Object({ gid: IdParam }),
  body: Type.Object({
    name: Type.Optional(GroupName),
    note: Type.Optional(GroupNote),
    avatar: Type.Optional(Avatar),
  }),
  data: ChatGroupSchema,
});

export const deleteGroup = defineRoute({
  method: 'DELETE',
  path: 'chat/chat/group/:gid',
  access: 'user',
  tag,
  summary: 'Delete a group (its owner only, 403 for other members); every member is told live',
  params: Type.Object({ gid: IdParam }),
  data: Type.Object({ gid: Id }),
});

export const inviteToGroup = defineRoute({
  method: 'POST',
  path: 'chat/chat/group/:gid/users',
  access: 'user',
  tag,
  summary:
    "Add friends of the caller's to a group of theirs; the new members get the group, the others the news",
  params: Type.Object({ gid: IdParam }),
  body: Type.Object({ users: UserIds }),
  data: ChatGroupSchema,
});

export const removeFromGroup = defineRoute({
  method: 'DELETE',
  path: 'chat/chat/group/:gid/users/:uid',
  access: 'user',
  tag,
  summary: 'Remove a member from a group (its owner only); everyone, the removed member too, is told live',
  params: Type.Object({ gid: IdParam, uid: IdParam }),
  data: ChatGroupSchema,
});

export const leaveGroup = defineRoute({
  method: 'POST',
  path: 'chat/chat/group/:gid/exit',
  access: 'user',
  tag,
  summary: 'Leave a group; the owner cannot (409: delete it instead). The others are told live',
  params: Type.Object({ gid: IdParam }),
  data: Type.Object({ gid: Id }),
});
