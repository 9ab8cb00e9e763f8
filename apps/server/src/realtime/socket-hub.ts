import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';

export interface SocketLike {
  send(data: string): void;
  readonly readyState: number;
}

const OPEN = 1;

/** The open sockets of this instance by farm, so a farm's events reach its users and no one else. */
export class SocketHub {
  private readonly socketsByFarm = new Map<number, Set<SocketLike>>();

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
    const payload = JSON.stringify(message);
    let delivered = 0;
    for (const socket of this.socketsByFarm.get(farmId) ?? []) {
      if (socket.readyState !== OPEN) continue;
      socket.send(payload);
      delivered += 1;
    }
    return delivered;
  }

  connectionCount(): number {
    let count = 0;
    for (const sockets of this.socketsByFarm.values()) count += sockets.size;
    return count;
  }
}
