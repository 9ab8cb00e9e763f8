import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { ChatPage } from '@cowcare/contract/chat-schemas';
import { supportCall, supportCallForFile, supportKeys } from './support-client';

/** Every farm's customer-service conversations: unread first, then the latest (the server's order). */
export const inboxQuery = () =>
  queryOptions({
    queryKey: supportKeys.inbox,
    queryFn: ({ signal }) => supportCall(api.admin.chatInbox, { signal }),
  });

/** A conversation newest first, a page at a time; the next page is older than the oldest message held. */
export const threadQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: supportKeys.thread(conversationId),
    queryFn: ({ signal, pageParam }): Promise<ChatPage> =>
      supportCall(api.admin.chatHistory, {
        params: { conversationId },
        query: pageParam === 0 ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.messages.at(-1)?.seq : undefined),
  });

export const pictureQuery = (messageId: number) =>
  queryOptions({
    queryKey: supportKeys.picture(messageId),
    queryFn: ({ signal }) => supportCallForFile(api.admin.chatPicture, { params: { id: messageId }, signal }),
    staleTime: Infinity,
  });

export const replyToFarmer = (body: { conversationId: number; clientId: string; content: string }) =>
  supportCall(api.admin.chatReply, { body });

export const markRead = (conversationId: number) =>
  supportCall(api.admin.chatRead, { params: { conversationId } });
