import { Type, type Static } from '@sinclair/typebox';
import type { PeerChannels } from '../realtime/bus';
import { checkedJson } from '../realtime/checked-json';
import { farmOwner } from './farm-owner';

const Heartbeat = Type.Object({
  instance: Type.String({ minLength: 1, maxLength: 64 }),
  /** Sent once by an instance that stops, so the others take its farms at once. */
  leaving: Type.Optional(Type.Boolean()),
});
type Heartbeat = Static<typeof Heartbeat>;

export interface DetectionMembersOptions {
  /** How often this instance says it is there. */
  heartbeatMs?: number;
  /** An instance not heard from for this long is gone: its farms go to the others. */
  expiryMs?: number;
  now?: () => number;
}

const HEARTBEAT_MS = 1_000;
const EXPIRY_MS = 3_500;

/**
 * The server instances that detect, as each of them hears the others' heartbeats on the bus, and which of
 * them detects for a farm. An instance always counts itself, so with the bus away it detects every farm
 * whose batches it stores, as a single instance does.
 */
export class DetectionMembers {
  private readonly lastHeard = new Map<string, number>();
  private readonly heartbeatMs: number;
  readonly expiryMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly joinedListeners = new Set<(instance: string) => void>();
  private readonly leftListeners = new Set<(instance: string) => void>();

  constructor(
    private readonly peers: PeerChannels,
    private readonly channel: string,
    readonly self: string,
    options: DetectionMembersOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.expiryMs = options.expiryMs ?? EXPIRY_MS;
    this.now = options.now ?? Date.now;
  }

  /** Listens for the others, then says it is there, and again every heartbeat. */
  async start(): Promise<void> {
    this.stopListening = await this.peers.listen(this.channel, (payload) => this.heard(payload));
    // A beat lost with the bus is no matter: the next one follows, and the others wait out the expiry.
    const beat = () => this.send({ instance: this.self }).catch(() => undefined);
    await beat();
    this.timer = setInterval(() => {
      void beat();
      this.live(); // so an instance that went silent is found gone even when no batch asks
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Says it is leaving, so its farms move before its heartbeats would have expired. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.send({ instance: this.self, leaving: true }).catch(() => undefined);
    await this.stopListening?.().catch(() => undefined);
  }

  /** This instance and every other one heard from within the expiry (forgetting the others). */
  live(): string[] {
    const since = this.now() - this.expiryMs;
    const names = [this.self];
    const gone: string[] = [];
    for (const [name, heardAt] of this.lastHeard) {
      if (heardAt < since) gone.push(name);
      else if (name !== this.self) names.push(name);
    }
    for (const name of gone) this.forget(name);
    return names;
  }

  ownerOf(farmId: number): string {
    return farmOwner(farmId, this.live()) ?? this.self;
  }

  /** The instance that detects for the farm once this one has left; undefined when no other is live. */
  successorOf(farmId: number): string | undefined {
    return farmOwner(
      farmId,
      this.live().filter((name) => name !== this.self),
    );
  }

  /** Tells `listener` of each other instance that said it was leaving or went silent: its farms move. */
  onLeft(listener: (instance: string) => void): void {
    this.leftListeners.add(listener);
  }

  /** Tells `listener` of each other instance heard that was not live before: some farms are now its own. */
  onJoined(listener: (instance: string) => void): void {
    this.joinedListeners.add(listener);
  }

  private forget(instance: string): void {
    if (!this.lastHeard.delete(instance) || instance === this.self) return;
    for (const listener of this.leftListeners) listener(instance);
  }

  private send(heartbeat: Heartbeat): Promise<void> {
    return this.peers.publish(this.channel, JSON.stringify(heartbeat));
  }

  private heard(payload: string): void {
    const heartbeat = checkedJson(Heartbeat, payload);
    if (!heartbeat) return;
    const { instance } = heartbeat;
    if (heartbeat.leaving) {
      this.forget(instance);
      return;
    }
    const now = this.now();
    const wasLive = (this.lastHeard.get(instance) ?? -Infinity) >= now - this.expiryMs;
    this.lastHeard.set(instance, now);
    if (!wasLive && instance !== this.self) for (const listener of this.joinedListeners) listener(instance);
  }
}
