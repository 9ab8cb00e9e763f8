import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ChatPage } from '@cowcare/contract/chat-schemas';
import type { ServiceConversation } from '@cowcare/contract/routes/admin';
import type { AgentPresence } from '@cowcare/contract/support-socket';
import { withMessage } from '../../../lib/chat-history';
import { supportKeys } from '../api/support-client';
import { supportEvents, supportSocket } from '../api/support-socket';
import { placeInInbox } from './inbox-order';

/**
 * While the console is open: its socket is connected, and every farmer's question, every agent's answer and
 * read lands in the inbox and the open conversation as it happens.
 */
export function useSupportLive(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    supportSocket.connect();
    const stop = supportEvents.on('socket_servicechat', ({ conversation, message }) => {
      queryClient.setQueryData<ServiceConversation[]>(supportKeys.inbox, (inbox) =>
        inbox ? placeInInbox(inbox, conversation) : inbox,
      );
      if (message) {
        queryClient.setQueryData<InfiniteData<ChatPage, number>>(
          supportKeys.thread(conversation.conversationId),
          (data) => withMessage(data, message),
        );
      }
    });
    return () => {
      stop();
      supportSocket.close();
    };
  }, [enabled, queryClient]);
}

let agents: AgentPresence[] = [];
const listeners = new Set<() => void>();
supportEvents.on('socket_presence', (data) => {
  agents = data.agents;
  for (const listener of listeners) listener();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The agents with a console open now and what each has open, as the server last said. */
export const usePresence = (): AgentPresence[] => useSyncExternalStore(subscribe, () => agents);
