import type { Socket } from 'node:net';

/**
 * Counts the embedded broker's open connections per remote address and turns away one over the limit,
 * before a byte of it is read. Every connection holds a file descriptor of the one process that also
 * serves HTTP: at the usual limit of 1,024 descriptors (a systemd service), about a thousand idle TCP
 * connections to the MQTT port, which need no login, left the app unreachable until they closed.
 */
export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>();
  private refusedCount = 0;

  constructor(
    private readonly limit: number,
    /** Told when an address first reaches the limit, not at every refusal that follows. */
    private readonly onLimitReached: (address: string) => void,
  ) {}

  /** Connections turned away since the start. */
  get refused(): number {
    return this.refusedCount;
  }

  /** False (and the socket destroyed) when its address already has `limit` connections open. */
  admit(socket: Socket): boolean {
    const address = socket.remoteAddress ?? '';
    const open = this.open.get(address) ?? 0;
    if (open >= this.limit) {
      this.refusedCount += 1;
      socket.destroy();
      return false;
    }
    this.open.set(address, open + 1);
    if (open + 1 === this.limit) this.onLimitReached(address);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return true;
  }
}
