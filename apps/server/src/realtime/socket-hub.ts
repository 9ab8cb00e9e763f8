import {
  LOGIN_REVOKED_REASON,
  SOCKET_CLOSE_CODES,
  type ServerSocketMessage,
} from '@cowcare/contract/socket-messages';
import type { SupportSocketMessage } from '@cowcare/contract/support-socket';
import type { EventBus, LoginRevocation } from './bus';

export interface SocketLike {
  send(data: string): void;
  readonly readyState: number;
}

/** A socket the hub can close when the login it was opened with ends. */
export interface ClosableSocket extends SocketLike {
  close(code: number, reason: string): void;
}

/** Which login opened a socket: its farm's events reach it, and its session's end closes it. */
export interface SocketLogin {
  farmId: number;
  sessionId: string;
  /** Set for a chat socket: it gets this user's chat events instead of the farm's events. */
  chatUserId?: number;
  /** The app socket's user: events addressed to people rather than farms (paysuccess) reach it by this. */
  userId?: number;
}

/**
 * Events addressed to people that go to their app socket (`/socket`), not their chat socket: money news and
 * money notices are for the farm's owners only (architecture §10), so they cannot go to the whole farm.
 */
const APP_SOCKET_USER_EVENTS: ReadonlySet<ServerSocketMessage['type']> = new Set(['paysuccess', 'notice']);

const OPEN = 1;

/**
 * The open sockets of this instance by farm, so a farm's events reach its users and no one else, and by
 * login, so a socket lives no longer than the login it was opened with (decision 0006).
 */
export class SocketHub {
  private readonly socketsByFarm = new Map<number, Set<SocketLike>>();
  private readonly socketsBySession = new Map<string, Map<ClosableSocket, SocketLogin>>();
  /** Chat sockets (decision 0019) by their user: chat events are addressed to people, not farms. */
  private readonly chatSocketsByUser = new Map<number, Set<SocketLike>>();
  /** App sockets by their user, for the events of APP_SOCKET_USER_EVENTS. */
  private readonly appSocketsByUser = new Map<number, Set<SocketLike>>();
  /** Support consoles (issue 35) and their agent: every console gets every support event. */
  private readonly supportSockets = new Map<ClosableSocket, number>();
  /** Messages sent to this instance's sockets since it started (metrics). */
  delivered = 0;

  /**
   * A socket opened with a login: it gets its farm's events until it closes or its login ends
   * (`closeLogins`). The returned function forgets it; call it when the socket closes.
   */
  addLoginSocket(socket: ClosableSocket, login: SocketLogin): () => void {
    if (login.chatUserId === undefined) this.add(login.farmId, socket);
    else addTo(this.chatSocketsByUser, login.chatUserId, socket);
    if (login.userId !== undefined) addTo(this.appSocketsByUser, login.userId, socket);
    const sockets = this.socketsBySession.get(login.sessionId) ?? new Map<ClosableSocket, SocketLogin>();
    sockets.set(socket, login);
    this.socketsBySession.set(login.sessionId, sockets);
    return () => this.forget(socket, login);
  }

  /** Closes this instance's sockets of these logins with `loginRevoked`; answers how many it closed. */
  closeLogins(sessionIds: Iterable<string>): number {
    let closed = 0;
    for (const sessionId of sessionIds) {
      for (const [socket, login] of this.socketsBySession.get(sessionId) ?? []) {
        // Forgotten first, so not one more farm event reaches it while the close handshake runs.
        this.forget(socket, login);
        socket.close(SOCKET_CLOSE_CODES.loginRevoked, LOGIN_REVOKED_REASON);
        closed += 1;
      }
    }
    return closed;
  }

  /** The logins this instance holds sockets of, for the sweep that catches revocations the bus lost. */
  openSessionIds(): string[] {
    return [...this.socketsBySession.keys()];
  }

  add(farmId: number, socket: SocketLike): void {
    const sockets = this.socketsByFarm.get(farmId) ?? new Set();
    sockets.add(socket);
    this.socketsByFarm.set(farmId, sockets);
  }

  remove(farmId: number, socket: SocketLike): void {
    const sockets = this.socketsByFarm.get(farmId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsByFarm.delete(farmId);
  }

  publishToFarm(farmId: number, message: ServerSocketMessage): number {
    const sockets = this.socketsByFarm.get(farmId);
    // Most events are for farms nobody is watching right now; those cost nothing.
    if (!sockets) return 0;
    const payload = JSON.stringify(message);
    let delivered = 0;
    for (const socket of sockets) {
      if (socket.readyState !== OPEN) continue;
      socket.send(payload);
      delivered += 1;
    }
    this.delivered += delivered;
    return delivered;
  }

  /** Sends a chat event to this instance's chat sockets of these users; answers how many got it. */
  publishToUsers(userIds: readonly number[], message: ServerSocketMessage): number {
    let payload: string | undefined;
    let delivered = 0;
    const socketsByUser = APP_SOCKET_USER_EVENTS.has(message.type)
      ? this.appSocketsByUser
      : this.chatSocketsByUser;
    for (const userId of new Set(userIds)) {
      for (const socket of socketsByUser.get(userId) ?? []) {
        if (socket.readyState !== OPEN) continue;
        payload ??= JSON.stringify(message);
        socket.send(payload);
        delivered += 1;
      }
    }
    this.delivered += delivered;
    return delivered;
  }

  /** A support console's socket, until it closes (call the returned function) or its agent is removed. */
  addSupportSocket(socket: ClosableSocket, adminId: number): () => void {
    this.supportSockets.set(socket, adminId);
    return () => void this.supportSockets.delete(socket);
  }

  publishToSupport(message: SupportSocketMessage): number {
    const payload = JSON.stringify(message);
    let delivered = 0;
    for (const socket of this.supportSockets.keys()) {
      if (socket.readyState !== OPEN) continue;
      socket.send(payload);
      delivered += 1;
    }
    this.delivered += delivered;
    return delivered;
  }

  /** The agents with a console open on this instance, for the sweep that closes removed accounts' ones. */
  supportAdminIds(): number[] {
    return [...new Set(this.supportSockets.values())];
  }

  /** Closes this instance's consoles of these agents (their accounts were removed); answers how many. */
  closeSupportSockets(adminIds: readonly number[]): number {
    let closed = 0;
    for (const [socket, adminId] of this.supportSockets) {
      if (!adminIds.includes(adminId)) continue;
      this.supportSockets.delete(socket);
      socket.close(SOCKET_CLOSE_CODES.loginRevoked, LOGIN_REVOKED_REASON);
      closed += 1;
    }
    return closed;
  }

  /**
   * Delivers every farm event of the bus to this instance's sockets of that farm, so an event published on
   * any instance reaches the farm's users wherever they are connected, and no one else; and closes this
   * instance's sockets of every login revoked on any instance.
   */
  async followBus(bus: EventBus): Promise<() => Promise<void>> {
    const unfollowEvents = await bus.subscribe((farmId, message) => {
      this.publishToFarm(farmId, message);
    });
    const unfollowUsers = await bus.subscribeUsers((userIds, message) => {
      this.publishToUsers(userIds, message);
    });
    const unfollowRevocations = await bus.subscribeRevocations((revocation: LoginRevocation) => {
      this.closeLogins(revocation.sessionIds);
    });
    const unfollowSupport = await bus.subscribeSupport((message) => {
      this.publishToSupport(message);
    });
    return async () => {
      await unfollowEvents();
      await unfollowUsers();
      await unfollowSupport();
      await unfollowRevocations();
    };
  }

  private forget(socket: ClosableSocket, login: SocketLogin): void {
    if (login.chatUserId === undefined) this.remove(login.farmId, socket);
    else removeFrom(this.chatSocketsByUser, login.chatUserId, socket);
    if (login.userId !== undefined) removeFrom(this.appSocketsByUser, login.userId, socket);
    const sockets = this.socketsBySession.get(login.sessionId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsBySession.delete(login.sessionId);
  }

  connectionCount(): number {
    let count = 0;
    for (const sockets of this.socketsByFarm.values()) count += sockets.size;
    return count;
  }

  supportConnectionCount(): number {
    return this.supportSockets.size;
  }

  /** Open chat sockets of this instance (metrics, the benchmark). */
  chatConnectionCount(): number {
    let count = 0;
    for (const sockets of this.chatSocketsByUser.values()) count += sockets.size;
    return count;
  }
}

const addTo = (map: Map<number, Set<SocketLike>>, key: number, socket: SocketLike): void => {
  const sockets = map.get(key) ?? new Set();
  sockets.add(socket);
  map.set(key, sockets);
};

const removeFrom = (map: Map<number, Set<SocketLike>>, key: number, socket: SocketLike): void => {
  const sockets = map.get(key);
  sockets?.delete(socket);
  if (sockets?.size === 0) map.delete(key);
};
