import { SUPPORT_SOCKET_PATH, type SupportSocketMessage } from '@cowcare/contract/support-socket';
import { socketUrl } from '../../../config/env';
import { createEventBus } from '../../../lib/event-bus';
import { SocketClient } from '../../../lib/socket-client';
import { getSupportToken } from './support-client';

/** The console socket's events by type (`socket_<type>`), typed by the contract. */
export type SupportEvents = { [M in SupportSocketMessage as `socket_${M['type']}`]: M['data'] } & Record<
  `socket_${string}`,
  unknown
>;

export const supportEvents = createEventBus<SupportEvents>();

/**
 * The console's socket (`/socket/support`): the farm app's socket client (ping every 10 s, reconnect every
 * 3 s, queue flushed on open) with the agent's token. A refused token is the console session's end: the
 * next call sends the agent to the console's login.
 */
export const supportSocket = new SocketClient({
  url: () => {
    const token = getSupportToken();
    return token ? socketUrl(token, SUPPORT_SOCKET_PATH) : null;
  },
  // The server knows the agent by the token; registering makes it answer, and the answer re-announces below.
  user: () => (getSupportToken() ? { id: 0, name: 'support', city: '' } : null),
  publish: (type, data) => supportEvents.emit(type, data),
});

let viewing: number | null = null;

/** Tells the other agents which conversation this console shows (null: the inbox or another page). */
export const announceViewing = (conversationId: number | null): void => {
  viewing = conversationId;
  supportSocket.send({ type: 'viewing', data: { conversationId } });
};

// A reconnected socket is a new console to the server (shown at the inbox): say again what this one shows.
supportEvents.on('socket_register_res', () => {
  if (viewing !== null) supportSocket.send({ type: 'viewing', data: { conversationId: viewing } });
});
