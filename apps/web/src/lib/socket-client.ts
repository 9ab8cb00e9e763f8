import type { ClientSocketMessage } from '@cowcare/contract/socket-messages';
import { SOCKET_CLOSE_CODES } from '@cowcare/contract/socket-messages';
import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_INTERVAL_MS,
} from '@cowcare/domain/constants';

/** The part of the browser's WebSocket the client uses (so tests can hand in a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface SocketTimers {
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(handler: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface SocketUser {
  id: number;
  name: string;
  /** The farm number travels as `city` in socket messages (spec §3). */
  city: string;
}

export type SocketState = 'disconnected' | 'connecting' | 'connected';

export interface SocketClientOptions {
  /** The URL for the next connection attempt, or null when there is no token (then nothing connects). */
  url(): string | null;
  /** The stored user, or null before login. */
  user(): SocketUser | null;
  /** Every incoming message is published as `socket_<type>` with its `data`. */
  publish(type: `socket_${string}`, data: unknown): void;
  /** The server refused the token (close code 4401): the app refreshes it before the next attempt. */
  onUnauthorized?(): void;
  /**
   * The login behind the socket ended on the server (close code 4440: logout elsewhere, password change,
   * a reused refresh token): the client has stopped for good, since no token of that login works again.
   */
  onLoginEnded?(): void;
  createSocket?: SocketFactory;
  timers?: SocketTimers;
  pingIntervalMs?: number;
  reconnectIntervalMs?: number;
  connectTimeoutMs?: number;
  /** Messages kept while disconnected; the oldest are dropped beyond this. */
  maxQueue?: number;
}

const OPEN = 1;

const browserTimers: SocketTimers = {
  setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (handler, ms) => globalThis.setInterval(handler, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
};

/**
 * The notification socket (architecture §5, spec §4): starts disconnected; on open registers (when a user
 * is stored), flushes the queue and pings every 10 s; after an error or close it retries every 3 s until
 * closed for good (logout, or the server ending the login).
 */
export class SocketClient {
  private socket: SocketLike | null = null;
  private state: SocketState = 'disconnected';
  private registered = false;
  /** False until connect() and again after close(): no reconnecting then. */
  private wanted = false;
  private queue: string[] = [];
  private pingTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private connectTimer: unknown = null;
  private readonly timers: SocketTimers;
  private readonly createSocket: SocketFactory;

  constructor(private readonly options: SocketClientOptions) {
    this.timers = options.timers ?? browserTimers;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  get connectionState(): SocketState {
    return this.state;
  }

  get isRegistered(): boolean {
    return this.registered;
  }

  /** Start (or restart with a fresh token) and keep the connection up until close(). */
  connect(): void {
    this.wanted = true;
    this.clearReconnect();
    this.dropSocket();
    this.open();
  }

  /** Send now when connected, otherwise queue until the next open. */
  send(message: ClientSocketMessage | { type: string; data?: Record<string, unknown> }): void {
    const text = JSON.stringify(this.withUser(message));
    if (this.state === 'connected' && this.socket?.readyState === OPEN) this.socket.send(text);
    else {
      this.queue.push(text);
      const max = this.options.maxQueue ?? 100;
      if (this.queue.length > max) this.queue.splice(0, this.queue.length - max);
    }
  }

  /** Register this connection for the stored user (on open, or after loginSuccess when opened earlier). */
  register(): void {
    if (this.state !== 'connected' || !this.options.user()) return;
    this.sendNow({ type: 'register', data: {} });
  }

  /** Close for good (logout): no reconnect, queue dropped. */
  close(): void {
    this.wanted = false;
    this.clearReconnect();
    this.dropSocket();
    this.queue = [];
  }

  private open(): void {
    const url = this.options.url();
    if (!url) {
      this.state = 'disconnected';
      return;
    }
    this.state = 'connecting';
    let socket: SocketLike;
    try {
      socket = this.createSocket(url);
    } catch {
      this.state = 'disconnected';
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.connectTimer = this.timers.setTimeout(() => {
      // No open within the connect time-out: give up on this attempt.
      if (this.socket === socket && this.state === 'connecting') this.lost(socket);
    }, this.options.connectTimeoutMs ?? SOCKET_CONNECT_TIMEOUT_MS);

    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearConnectTimer();
      this.state = 'connected';
      this.registered = false;
      if (this.options.user()) this.sendNow({ type: 'register', data: {} });
      const queued = this.queue;
      this.queue = [];
      for (const text of queued) socket.send(text);
      this.pingTimer = this.timers.setInterval(
        () => this.sendNow({ type: 'ping', data: {} }),
        this.options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS,
      );
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    };
    socket.onerror = () => {
      // A connection error first closes the socket (spec §4); the close handler then schedules the retry.
      if (this.socket === socket) this.lost(socket);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (event.code === SOCKET_CLOSE_CODES.loginRevoked) {
        // Retrying would be refused every 3 s for ever: the app has to log in again.
        this.close();
        this.options.onLoginEnded?.();
        return;
      }
      if (event.code === SOCKET_CLOSE_CODES.unauthorized) this.options.onUnauthorized?.();
      this.lost(socket);
    };
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw) as { type?: unknown; data?: unknown };
    } catch {
      return; // not JSON: ignore
    }
    if (typeof message.type !== 'string' || message.type === '') return;
    if (message.type === 'register_res') this.registered = true;
    this.options.publish(`socket_${message.type}`, message.data);
  }

  private sendNow(message: ClientSocketMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(this.withUser(message)));
  }

  private withUser<M extends { type: string }>(message: M): M & { user?: SocketUser } {
    const user = this.options.user();
    return user ? { ...message, user } : message;
  }

  /** This socket is finished: clean up and, unless closed for good, try again in 3 s. */
  private lost(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.dropSocket();
    this.scheduleReconnect();
  }

  private dropSocket(): void {
    this.clearConnectTimer();
    if (this.pingTimer !== null) {
      this.timers.clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
    const socket = this.socket;
    this.socket = null;
    this.state = 'disconnected';
    this.registered = false;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close();
      } catch {
        // already closed
      }
    }
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.reconnectTimer !== null) return;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted && this.state === 'disconnected') this.open();
    }, this.options.reconnectIntervalMs ?? SOCKET_RECONNECT_INTERVAL_MS);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) {
      this.timers.clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== null) {
      this.timers.clearTimeout(this.connectTimer);
      this.connectTimer = null;
    }
  }
}
