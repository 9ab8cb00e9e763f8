import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE_CODES } from '@cowcare/contract/socket-messages';
import {
  SUPPORT_SOCKET_PATH,
  SupportClientMessage,
  type SupportSocketMessage,
} from '@cowcare/contract/support-socket';
import { checkedJson } from '../../realtime/checked-json';
import { registerSocketSweep } from '../../realtime/socket-server';
import type { Services } from '../../services';
import { resolveAdminToken, type AuthAdmin } from '../admin/authenticate-admin';
import { forgetPresence, listPresence, recordViewing, removedAgents, touchPresence } from './agent-presence';

/** Every console learns who is online and what they have open, after any change of it. */
export const announcePresence = async (services: Services): Promise<void> => {
  await services.bus.publishToSupport({
    type: 'presence',
    data: { agents: await listPresence(services.db) },
  });
};

/**
 * `/socket/support?token=<admin token>`: the support console's live inbox and the agents' presence. A
 * farm token is refused (4401) like a missing one; the socket behaves as the farm sockets do otherwise
 * (register, ping), and says which conversation its agent has open (`viewing`).
 */
export const registerSupportSocket = (app: FastifyInstance, services: Services): void => {
  app.get(SUPPORT_SOCKET_PATH, { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, unknown>).token;
    const pending: string[] = [];
    let onMessage: (raw: string) => void = (raw) => void pending.push(raw);
    socket.on('message', (raw: Buffer) => onMessage(raw.toString()));

    resolveAdminToken(services, typeof token === 'string' ? token : undefined)
      .then(
        async (admin) => {
          if (socket.readyState !== socket.OPEN) return;
          const socketId = randomUUID();
          const forget = services.sockets.addSupportSocket(socket, admin.adminId);
          socket.on('close', () => {
            forget();
            leave(services, socketId);
          });
          onMessage = answerer(services, socket, admin, socketId);
          await showAs(services, socket, socketId, admin.adminId, null);
          pending.splice(0).forEach(onMessage);
        },
        () => socket.close(SOCKET_CLOSE_CODES.unauthorized, 'Please Login'),
      )
      .catch((error: unknown) => {
        services.log.warn({ err: error }, 'support socket: opening failed');
      });
  });
  registerRemovedAgentSweep(app, services);
};

const leave = (services: Services, socketId: string): void => {
  forgetPresence(services.db, socketId)
    .then(() => announcePresence(services))
    .catch((error: unknown) => {
      services.log.warn({ err: error }, 'support socket: forgetting a closed console failed');
    });
};

/**
 * Records what the console shows and tells every console. A console that closed while this was written has
 * had its row deleted already, so the row just written goes again.
 */
const showAs = async (
  services: Services,
  socket: WebSocket,
  socketId: string,
  adminId: number,
  conversationId: number | null,
): Promise<void> => {
  await recordViewing(services.db, socketId, adminId, conversationId);
  if (socket.readyState === socket.OPEN) await announcePresence(services);
  else leave(services, socketId);
};

const answerer = (services: Services, socket: WebSocket, admin: AuthAdmin, socketId: string) => {
  const send = (message: SupportSocketMessage) => socket.send(JSON.stringify(message));
  const work = async (message: SupportClientMessage): Promise<void> => {
    if (message.type === 'viewing') {
      await showAs(services, socket, socketId, admin.adminId, message.data.conversationId);
    } else if (message.type === 'register') {
      send({ type: 'register_res', data: { adminId: admin.adminId, registered: true } });
    } else {
      await touchPresence(services.db, socketId);
      send({ type: 'pong', data: { time: new Date().toISOString() } });
    }
  };
  return (raw: string): void => {
    const message = checkedJson(SupportClientMessage, raw);
    if (!message) {
      send({ type: 'error', data: { code: 'E_VALIDATION', msg: 'Messages are JSON {type, data}' } });
      return;
    }
    work(message).catch((error: unknown) => {
      services.log.warn({ err: error, type: message.type }, 'support socket: a console message failed');
    });
  };
};

/** Closes this instance's consoles of agents whose accounts were removed; answers how many. */
export const closeConsolesOfRemovedAgents = async (services: Services): Promise<number> =>
  services.sockets.closeSupportSockets(await removedAgents(services.db, services.sockets.supportAdminIds()));

/** A removed support account's consoles close within the sweep interval, on every instance. */
const registerRemovedAgentSweep = (app: FastifyInstance, services: Services): void =>
  registerSocketSweep(app, services, 'checking the agents of open consoles', () =>
    closeConsolesOfRemovedAgents(services),
  );
