import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatPage, FriendRelation } from '@cowcare/contract/chat-schemas';
import { withMessage } from '../../../lib/chat-history';
import { chatKeys } from '../api/chat-api';

/**
 * Puts a message into a loaded history (newest first, by seq), once: a message that arrives twice (the send's
 * answer and the socket's event) shows once.
 */
export function addToHistory(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<ChatPage, number>>(chatKeys.history(message.conversationId), (data) =>
    withMessage(data, message),
  );
}

/** The conversation list after a message: its last message and time, and the unread count when it counts. */
export function noteInRelations(
  queryClient: QueryClient,
  message: ChatMessage,
  countsAsUnread: boolean,
): boolean {
  let known = false;
  queryClient.setQueryData<FriendRelation[]>(chatKeys.relations, (relations) =>
    relations?.map((relation) => {
      if (relation.conversationId !== message.conversationId) return relation;
      known = true;
      return {
        ...relation,
        message: message.type === 'text' ? message.content : '',
        messagetype: message.type,
        lasttime: message.time,
        count: countsAsUnread ? relation.count + 1 : relation.count,
      };
    }),
  );
  return known;
}

export function zeroInRelations(queryClient: QueryClient, conversationId: number): void {
  queryClient.setQueryData<FriendRelation[]>(chatKeys.relations, (relations) =>
    relations?.map((relation) =>
      relation.conversationId === conversationId ? { ...relation, count: 0 } : relation,
    ),
  );
}

/** Customer service first, then the most recent conversation (as the server orders them). */
export function sortRelations(relations: readonly FriendRelation[]): FriendRelation[] {
  return [...relations].sort((a, b) => {
    if (a.kind === 'service' || b.kind === 'service') return a.kind === 'service' ? -1 : 1;
    return (b.lasttime ?? '').localeCompare(a.lasttime ?? '') || b.conversationId - a.conversationId;
  });
}
