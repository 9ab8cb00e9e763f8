import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CHAT_SOCKET_PATH,
  ClientSocketMessage,
  SOCKET_CLOSE_CODES,
  SOCKET_PATH,
  type ServerSocketMessage,
} from '@cowcare/contract/socket-messages';
import { resolveAccessToken } from '../http/authenticate';
import type { AuthUser } from '../http/route-context';
import { findEndedSessions, isSessionActive } from '../modules/auth/sessions-repository';
import type { Services } from '../services';
import { checkedJson } from './checked-json';

/**
 * How often each instance checks the logins of its open sockets against the database. Revocations reach
 * the sockets at once over the bus; this catches one the bus lost (Redis and NATS deliver at most once, and
 * not at all while the broker is unreachable).
 */
export const LOGIN_SWEEP_INTERVAL_MS = 30_000;

const parseMessage = (raw: string): ClientSocketMessage | undefined => checkedJson(ClientSocketMessage, raw);

/**
 * `/socket?token=…`: browsers cannot set headers on a WebSocket, so the access token comes in the query.
 * A connection without a valid token is closed with 4401 before it can receive anything; one whose login
 * ends later (logout, password change, a reused refresh token) is closed with 4440 (decision 0006).
 */
export const registerSocketServer = (app: FastifyInstance, services: Services): void => {
  app.get(SOCKET_PATH, { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, unknown>).token;
    const pending: string[] = [];
    let onMessage: (raw: string) => void = (raw) => void pending.push(raw);
    socket.on('message', (raw: Buffer) => onMessage(raw.toString()));

    resolveAccessToken(services, typeof token === 'string' ? token : undefined)
      .then(
        async (user) => {
          // The client gave up while its token was checked: there is nothing to follow.
          if (socket.readyState !== socket.OPEN) return;
          followLogin(services, socket, user);
          onMessage = answerer(socket, user);
          pending.splice(0).forEach(onMessage);
          await closeIfEndedMeanwhile(services, user);
        },
        () => socket.close(SOCKET_CLOSE_CODES.unauthorized, 'Please Login'),
      )
      .catch((error: unknown) => {
        services.log.warn({ err: error }, 'socket: the login check after connecting failed');
      });
  });
  registerChatSocket(app, services);
  registerLoginSweep(app, services);
};

/**
 * `/chat/{userId}?token=…` (decision 0019): the chat events of the token's user. A path userId that is not
 * the token's closes the socket with 4403 before it gets anything; otherwise it behaves like `/socket`
 * (register, ping, closed with its login).
 */
const registerChatSocket = (app: FastifyInstance, services: Services): void => {
  app.get(CHAT_SOCKET_PATH, { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, unknown>).token;
    const pathUserId = Number((request.params as Record<string, unknown>).userId);
    const pending: string[] = [];
    let onMessage: (raw: string) => void = (raw) => void pending.push(raw);
    socket.on('message', (raw: Buffer) => onMessage(raw.toString()));

    resolveAccessToken(services, typeof token === 'string' ? token : undefined)
      .then(
        async (user) => {
          if (socket.readyState !== socket.OPEN) return;
          if (user.userId !== pathUserId) {
            socket.close(SOCKET_CLOSE_CODES.forbidden, 'This chat socket is not yours');
            return;
          }
          const forget = services.sockets.addLoginSocket(socket, {
            farmId: user.farmId,
            sessionId: user.sessionId,
            chatUserId: user.userId,
          });
          socket.on('close', forget);
          onMessage = answerer(socket, user);
          pending.splice(0).forEach(onMessage);
          await closeIfEndedMeanwhile(services, user);
        },
        () => socket.close(SOCKET_CLOSE_CODES.unauthorized, 'Please Login'),
      )
      .catch((error: unknown) => {
        services.log.warn({ err: error }, 'chat socket: the login check after connecting failed');
      });
  });
};

/** The socket gets its farm's events from now on, until it closes or its login ends. */
const followLogin = (services: Services, socket: WebSocket, user: AuthUser): void => {
  const forget = services.sockets.addLoginSocket(socket, {
    farmId: user.farmId,
    sessionId: user.sessionId,
    userId: user.userId,
  });
  socket.on('close', forget);
};

const answerer = (socket: WebSocket, user: AuthUser) => {
  const send = (message: ServerSocketMessage) => socket.send(JSON.stringify(message));
  return (raw: string): void => {
    const message = parseMessage(raw);
    if (!message) {
      send({ type: 'error', data: { code: 'E_VALIDATION', msg: 'Messages are JSON {type, data}' } });
      return;
    }
    if (message.type === 'register') {
      send({ type: 'register_res', data: { userId: user.userId, registered: true } });
    } else send({ type: 'pong', data: { time: new Date().toISOString() } });
  };
};

/**
 * A revocation committed between the token check and the socket joining the hub was announced before the
 * hub knew the socket. Checked again now that it is in the hub, that revocation cannot be missed: either
 * this check sees it, or it was announced after the socket joined and closed it.
 */
const closeIfEndedMeanwhile = async (services: Services, user: AuthUser): Promise<void> => {
  if (!(await isSessionActive(services.db, user.sessionId, user.userId))) {
    services.sockets.closeLogins([user.sessionId]);
  }
};

/** Closes this instance's sockets whose login the database says has ended; answers how many. */
export const sweepEndedLogins = async (services: Services): Promise<number> =>
  services.sockets.closeLogins(await findEndedSessions(services.db, services.sockets.openSessionIds()));

const registerLoginSweep = (app: FastifyInstance, services: Services): void =>
  registerSocketSweep(app, services, 'checking the logins of the open sockets', () =>
    sweepEndedLogins(services),
  );

/** Runs `task` every LOGIN_SWEEP_INTERVAL_MS while the server is up; a failure is logged and tried again. */
export const registerSocketSweep = (
  app: FastifyInstance,
  services: Services,
  what: string,
  task: () => Promise<unknown>,
): void => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      task().catch((error: unknown) => {
        services.log.warn({ err: error }, `socket: ${what} failed`);
      });
    }, LOGIN_SWEEP_INTERVAL_MS);
    // The sweep alone must not keep a process alive that is otherwise done.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
};
