import { describe, expect, it } from 'vitest';
import type { ServiceConversation } from '@cowcare/contract/routes/admin';
import { placeInInbox } from './inbox-order';

const conversation = (id: number, unread: number, lasttime: string): ServiceConversation => ({
  conversationId: id,
  userId: id,
  name: `Farmer ${id}`,
  farmId: id,
  farmNumber: `F${id}`,
  country: 'KR',
  language: 'ko',
  unread,
  message: '',
  lasttime,
  answeredBy: null,
});

describe('placeInInbox', () => {
  const inbox = [
    conversation(1, 2, '2026-11-28T06:00:00.000Z'),
    conversation(2, 0, '2026-11-28T07:00:00.000Z'),
  ];

  it('puts a new question from a read conversation at the top of the unread ones', () => {
    const placed = placeInInbox(inbox, conversation(2, 1, '2026-11-28T08:00:00.000Z'));
    expect(placed.map((row) => [row.conversationId, row.unread])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('moves an answered conversation below the unread ones, and adds one it did not hold', () => {
    const placed = placeInInbox(inbox, conversation(1, 0, '2026-11-28T09:00:00.000Z'));
    expect(placed.map((row) => row.conversationId)).toEqual([1, 2]);
    const added = placeInInbox(placed, conversation(3, 1, '2026-11-28T05:00:00.000Z'));
    expect(added.map((row) => row.conversationId)).toEqual([3, 1, 2]);
  });
});
