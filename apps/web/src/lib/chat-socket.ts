import { chatSocketPath, type ChatSocketMessage } from '@cowcare/contract/socket-messages';
import { socketUrl } from '../config/env';
import { refreshRefusedToken } from './api-client';
import { appEvents, createEventBus } from './event-bus';
import { getToken, getUser } from './session';
import { SocketClient } from './socket-client';

/** The chat socket's events by type (`socket_<type>`, spec §4), typed by the contract; `open` on each connect. */
export type ChatEvents = { [M in ChatSocketMessage as `socket_${M['type']}`]: M['data'] } & {
  socket_register_res: unknown;
  socket_pong: unknown;
  socket_error: unknown;
} & Record<`socket_${string}`, unknown>;

/** Its own bus, so a chat event never reaches a listener of the notification socket. */
export const chatEvents = createEventBus<ChatEvents>();

/**
 * The chat socket `/chat/{userId}` (decision 0019): the same client as the notification socket (register on
 * open, ping every 10 s, reconnect every 3 s, queue flushed on open), addressed to the stored user.
 */
/** The token of the latest connection, so a refusal of it is not refreshed twice. */
let usedToken: string | null = null;

export const chatSocket = new SocketClient({
  url: () => {
    usedToken = getToken();
    const user = getUser();
    return usedToken && user ? socketUrl(usedToken, chatSocketPath(user.id)) : null;
  },
  user: () => {
    const user = getUser();
    return user ? { id: user.id, name: user.name, city: user.FarmNumber } : null;
  },
  publish: (type, data) => chatEvents.emit(type, data),
  onUnauthorized: () => {
    refreshRefusedToken(usedToken).catch(() => undefined);
  },
  onLoginEnded: () => appEvents.emit('socketLoginEnded', undefined),
});
