import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatPage, FriendRelation } from '@cowcare/contract/chat-schemas';
import { chatKeys } from '../api/chat-api';
import { addToHistory, noteInRelations, sortRelations, zeroInRelations } from './history-cache';

const message = (seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 100 + seq,
  conversationId: 7,
  seq,
  uid: 2,
  from: 'user',
  toid: 1,
  gid: 0,
  content: `m${seq}`,
  type: 'text',
  clientId: `client${seq}`,
  time: `2026-11-28T10:0${seq}:00.000Z`,
  ...overrides,
});

const relation = (overrides: Partial<FriendRelation>): FriendRelation => ({
  id: 1,
  uid: 1,
  fid: 0,
  gid: 0,
  conversationId: 1,
  kind: 'direct',
  count: 0,
  message: '',
  messagetype: '',
  lasttime: null,
  name: 'x',
  avatar: '',
  farmName: '',
  status: 1,
  notice: '',
  ...overrides,
});

describe('the chat cache', () => {
  it('shows a message that arrives twice (answer and socket) once, in order', () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<ChatPage, number>>(chatKeys.history(7), {
      pages: [{ messages: [message(2), message(1)], more: false }],
      pageParams: [0],
    });
    addToHistory(client, message(4));
    addToHistory(client, message(3));
    addToHistory(client, message(4));
    const data = client.getQueryData<InfiniteData<ChatPage, number>>(chatKeys.history(7));
    expect(data?.pages[0]?.messages.map((held) => held.seq)).toEqual([4, 3, 2, 1]);
  });

  it('raises the unread count only when asked, and zeroes it', () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.relations, [relation({ conversationId: 7, count: 1 })]);
    expect(noteInRelations(client, message(5), true)).toBe(true);
    expect(client.getQueryData<FriendRelation[]>(chatKeys.relations)?.[0]).toMatchObject({
      count: 2,
      message: 'm5',
    });
    noteInRelations(client, message(6), false);
    expect(client.getQueryData<FriendRelation[]>(chatKeys.relations)?.[0]?.count).toBe(2);
    zeroInRelations(client, 7);
    expect(client.getQueryData<FriendRelation[]>(chatKeys.relations)?.[0]?.count).toBe(0);
    expect(noteInRelations(client, message(7, { conversationId: 99 }), true)).toBe(false);
  });

  it('keeps customer service first, then the latest conversation', () => {
    const sorted = sortRelations([
      relation({ conversationId: 2, lasttime: '2026-11-28T09:00:00Z' }),
      relation({ conversationId: 3, lasttime: '2026-11-28T11:00:00Z' }),
      relation({ conversationId: 1, kind: 'service' }),
    ]);
    expect(sorted.map((held) => held.conversationId)).toEqual([1, 3, 2]);
  });
});
