// The benchmark's chat sockets, one `ws` per user as a browser holds it (decision 0019): register on open, a
// ping every 10 s (apps/web's SocketClient), and each `chatmessage` handed on with the moment it arrived.
// Kept cheap, since it shares the machine's cores with the server: one JSON.parse per frame, nothing more.
import WebSocket from 'ws';
import { chatSocketPath } from '@cowcare/contract/socket-messages';
import { eachLimited } from './api';
import type { BenchUser } from './population';

/** As apps/web's SocketClient. */
export const PING_EVERY_MS = 10_000;
const OPEN_CONCURRENCY = 50;
const REGISTER_TIMEOUT_MS = 30_000;

export type Arrival = (userIndex: number, clientId: string, at: number) => void;

interface Frame {
  type?: string;
  data?: { clientId?: unknown };
}

export class ChatSockets {
  private readonly sockets: WebSocket[] = [];
  private pingTimer: NodeJS.Timeout | undefined;
  private closing = false;
  /** Frames other than chat messages, by type (register_res, pong, ...). */
  readonly otherFrames = new Map<string, number>();
  /** Sockets that closed while the benchmark held them. */
  closedEarly = 0;

  constructor(private readonly arrival: Arrival) {}

  /** Opens the users' sockets, user i on instance i mod n, and waits until each has its register_res. */
  async open(users: readonly BenchUser[], baseUrls: readonly string[]): Promise<void> {
    await eachLimited(users, OPEN_CONCURRENCY, (user) =>
      this.openOne(user, baseUrls[user.index % baseUrls.length] ?? ''),
    );
  }

  get size(): number {
    return this.sockets.length;
  }

  /** Every socket pings once per PING_EVERY_MS, spread over that time rather than all at once. */
  startPings(): void {
    const tickMs = 100;
    let next = 0;
    this.pingTimer = setInterval(() => {
      const perTick = Math.ceil((this.sockets.length * tickMs) / PING_EVERY_MS);
      for (let sent = 0; sent < perTick && this.sockets.length > 0; sent += 1) {
        const socket = this.sockets[next % this.sockets.length];
        next += 1;
        if (socket?.readyState === WebSocket.OPEN) socket.send('{"type":"ping","data":{}}');
      }
    }, tickMs);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.pingTimer);
    await Promise.all(
      this.sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close();
          }),
      ),
    );
  }

  private openOne(user: BenchUser, baseUrl: string): Promise<void> {
    const url = `${baseUrl.replace(/^http/, 'ws')}${chatSocketPath(user.id)}?token=${encodeURIComponent(user.token)}`;
    const socket = new WebSocket(url, { perMessageDeflate: false });
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`user ${user.id}: no register_res`)),
        REGISTER_TIMEOUT_MS,
      );
      socket.once('open', () => socket.send('{"type":"register","data":{}}'));
      socket.once('error', reject);
      socket.on('message', (raw: Buffer) => {
        const at = performance.now();
        const frame = JSON.parse(raw.toString()) as Frame;
        if (frame.type === 'chatmessage' && typeof frame.data?.clientId === 'string') {
          this.arrival(user.index, frame.data.clientId, at);
          return;
        }
        const type = frame.type ?? '?';
        this.otherFrames.set(type, (this.otherFrames.get(type) ?? 0) + 1);
        if (type === 'register_res') {
          clearTimeout(timer);
          this.sockets.push(socket);
          resolve();
        }
      });
      socket.once('close', () => {
        if (!this.closing) this.closedEarly += 1;
      });
    });
  }
}
