import type { FriendRelation } from '@cowcare/contract/chat-schemas';

/** A conversation of the demo user (7) as the server lists it: customer service unless overridden. */
export const chatRelation = (overrides: Partial<FriendRelation> = {}): FriendRelation => ({
  id: 1,
  uid: 7,
  fid: 0,
  gid: 0,
  conversationId: 1,
  kind: 'service',
  count: 0,
  message: '',
  messagetype: '',
  lasttime: null,
  name: 'Administrator',
  avatar: '',
  farmName: '',
  status: 1,
  notice: '',
  ...overrides,
});

/** Bora Lee of farm F-200, a friend of the demo user, in conversation 5. */
export const boraRelation = (overrides: Partial<FriendRelation> = {}): FriendRelation =>
  chatRelation({
    id: 2,
    fid: 9,
    conversationId: 5,
    kind: 'direct',
    name: 'Bora Lee',
    farmName: 'F-200',
    ...overrides,
  });
