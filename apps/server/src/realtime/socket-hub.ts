import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { EventBus } from './bus';

export interface SocketLike {
  send(data: string): void;
  readonly readyState: number;
}

const OPEN = 1;

/** The open sockets of this instance by farm, so a farm's events reach its users and no one else. */
export class SocketHub {
  private readonly socketsByFarm = new Map<number, Set<SocketLike>>();
  /** Messages sent to this instance's sockets since it started (metrics). */
  delivered = 0;

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

  /**
   * Delivers every farm event of the bus to this instance's sockets of that farm, so an event published on
   * any instance reaches the farm's users wherever they are connected, and no one else.
   */
  followBus(bus: EventBus): Promise<() => Promise<void>> {
    return bus.subscribe((farmId, message) => {
      this.publishToFarm(farmId, message);
    });
  }

  connectionCount(): number {
    let count = 0;
    for (const sockets of this.socketsByFarm.values()) count += sockets.size;
    return count;
  }
}
