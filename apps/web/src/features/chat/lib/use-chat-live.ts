import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FriendRelation } from '@cowcare/contract/chat-schemas';
import { chatEvents } from '../../../lib/chat-socket';
import { getUser } from '../../../lib/session';
import { chatKeys, zeroUnread } from '../api/chat-api';
import { addToHistory, noteInRelations, zeroInRelations } from './history-cache';
import { flushOffline } from './outbox';

/**
 * Keeps the chat screen live from the chat socket (spec §4 "Chat"): a new message goes into its history and
 * raises the unread count unless its conversation is current (then it is read at once, on every device); a
 * read elsewhere zeroes the badge here; friend and group events refresh the lists; after a reconnect the
 * lists are reloaded (what came meanwhile) and what failed offline is sent again.
 */
export function useChatLive(current: FriendRelation | undefined): void {
  const queryClient = useQueryClient();
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);

  useEffect(() => {
    const refreshLists = () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.relations });
      void queryClient.invalidateQueries({ queryKey: chatKeys.applies });
    };
    const offs = [
      chatEvents.on('socket_chatmessage', (message) => {
        addToHistory(queryClient, message);
        const mine = message.from === 'user' && message.uid === getUser()?.id;
        const open = currentRef.current;
        const isCurrent = open?.conversationId === message.conversationId;
        if (!noteInRelations(queryClient, message, !mine && !isCurrent)) refreshLists();
        if (isCurrent && !mine && open) void zeroUnread(open.id).catch(() => undefined);
      }),
      chatEvents.on('socket_chatread', ({ conversationId }) => zeroInRelations(queryClient, conversationId)),
      chatEvents.on('socket_friendapply', refreshLists),
      chatEvents.on('socket_friendrefuse', refreshLists),
      chatEvents.on('socket_passapply', refreshLists),
      chatEvents.on('socket_frienddelete', refreshLists),
      chatEvents.on('socket_newgroup', refreshLists),
      chatEvents.on('socket_deletegroup', refreshLists),
      ...(['socket_adduser', 'socket_userexit', 'socket_removeuser', 'socket_groupchange'] as const).map(
        (type) =>
          chatEvents.on(type, (data: { gid?: number; id?: number }) => {
            refreshLists();
            void queryClient.invalidateQueries({ queryKey: chatKeys.group(data.gid ?? data.id ?? 0) });
          }),
      ),
      chatEvents.on('socket_register_res', () => {
        refreshLists();
        const open = currentRef.current;
        if (open) void queryClient.invalidateQueries({ queryKey: chatKeys.history(open.conversationId) });
        flushOffline(queryClient);
      }),
    ];
    // The browser says the network is back before the socket has reconnected: send what waits now.
    const onOnline = () => flushOffline(queryClient);
    window.addEventListener('online', onOnline);
    return () => {
      offs.forEach((off) => off());
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
}
