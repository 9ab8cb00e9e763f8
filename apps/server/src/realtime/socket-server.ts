import type { FastifyInstance } from 'fastify';
import {
  ClientSocketMessage,
  SOCKET_CLOSE_CODES,
  SOCKET_PATH,
  type ServerSocketMessage,
} from '@cowcare/contract/socket-messages';
import { resolveAccessToken } from '../http/authenticate';
import type { Services } from '../services';
import { checkedJson } from './checked-json';

const parseMessage = (raw: string): ClientSocketMessage | undefined => checkedJson(ClientSocketMessage, raw);

/**
 * `/socket?token=…`: browsers cannot set headers on a WebSocket, so the access token comes in the query.
 * A connection without a valid token is closed with 4401 before it can receive anything.
 */
export const registerSocketServer = (app: FastifyInstance, services: Services): void => {
  app.get(SOCKET_PATH, { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, unknown>).token;
    const send = (message: ServerSocketMessage) => socket.send(JSON.stringify(message));
    const pending: string[] = [];
    let onMessage = (raw: string) => void pending.push(raw);
    socket.on('message', (raw: Buffer) => onMessage(raw.toString()));

    resolveAccessToken(services, typeof token === 'string' ? token : undefined).then(
      (user) => {
        services.sockets.add(user.farmId, socket);
        socket.on('close', () => services.sockets.remove(user.farmId, socket));
        onMessage = (raw) => {
          const message = parseMessage(raw);
          if (!message) {
            send({ type: 'error', data: { code: 'E_VALIDATION', msg: 'Messages are JSON {type, data}' } });
            return;
          }
          if (message.type === 'register') {
            send({ type: 'register_res', data: { userId: user.userId, registered: true } });
          } else send({ type: 'pong', data: { time: new Date().toISOString() } });
        };
        pending.splice(0).forEach(onMessage);
      },
      () => socket.close(SOCKET_CLOSE_CODES.unauthorized, 'Please Login'),
    );
  });
};
