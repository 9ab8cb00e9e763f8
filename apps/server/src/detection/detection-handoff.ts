import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredReading } from '../ingest/stored-reading';
import type { PeerChannels } from '../realtime/bus';
import { checkedJson } from '../realtime/checked-json';
import { DetectionMembers, type DetectionMembersOptions } from './detection-members';
import type { DetectionStage } from './detection-stage';
import type { NotedCow } from './waiting-cows';

/** A batch's cows, as one instance hands them to the one that detects for their farm. */
const HandedOverBatch = Type.Object({
  farmId: Type.Integer({ minimum: 1 }),
  cows: Type.Array(
    Type.Object({
      cowId: Type.Integer({ minimum: 1 }),
      since: Type.Number(),
      urgent: Type.Boolean(),
    }),
    { maxItems: 100_000 },
  ),
  /** Cows of the farm whose heat was building where it was detected before: they go first here. */
  heatsBuilding: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100_000 })),
});

/** Batches by what became of them here (metrics). */
export interface HandoffStats {
  /** Stored here for a farm this instance detects for. */
  kept: number;
  /** Stored here and handed to the instance that detects for the farm. */
  sent: number;
  /** Stored by another instance and handed here. */
  received: number;
  /** Could not be handed over (the bus was away): detected here instead. */
  notSent: number;
  /**
   * Handed to an instance that then left or went silent, before it could be known to have detected them:
   * handed again to the farm's new instance (or detected here).
   */
  resent: number;
  /** Cows whose heat-building mark went with their farm to another instance, or came with it from one. */
  heatMarksSent: number;
  heatMarksReceived: number;
}

/** The channels of one install's detection, named after its bus channel. */
export const membersChannel = (busChannel: string): string => `${busChannel}.detection-members`;
export const inboxChannel = (busChannel: string, instance: string): string =>
  `${busChannel}.detection.${instance}`;

/**
 * Detection by farm across server instances. The broker's shared subscription spreads a farm's batches over
 * every instance; each instance stores what it gets, but only one detects for each farm, chosen by
 * `DetectionMembers`: the others hand it the batch's cows over the bus. So each instance keeps the recent
 * readings of its own farms' cows in memory, not the whole herd's (bench/alert-latency/ANALYSIS.md).
 *
 * A hand-off is at most once, like the bus. One sent to an instance that then left or went silent is
 * handed again to the farm's new instance once the others know (`handAgain`); should that fail too, the
 * cow's next batch makes it good, wherever her farm is: every round checks her last `RECHECK_HOURS` again,
 * and a notice is recorded once per episode whichever instance detects it.
 */
export class DetectionHandoff {
  readonly stats: HandoffStats = {
    kept: 0,
    sent: 0,
    received: 0,
    notSent: 0,
    resent: 0,
    heatMarksSent: 0,
    heatMarksReceived: 0,
  };
  readonly members: DetectionMembers;
  private stopInbox: (() => Promise<void>) | undefined;
  /** A hand-off failed since the last that went through: the outage is logged once. */
  private failing = false;
  /** Hand-offs of the last moments, oldest first, to send again if their instance turns out gone. */
  private recent: RecentHandoff[] = [];

  constructor(
    private readonly stage: DetectionStage,
    private readonly peers: PeerChannels,
    private readonly busChannel: string,
    instanceName: string,
    private readonly log: FastifyBaseLogger,
    options: DetectionMembersOptions = {},
  ) {
    this.members = new DetectionMembers(peers, membersChannel(busChannel), instanceName, options);
    this.members.onJoined(() => void this.sendHeatMarks((farmId) => this.members.ownerOf(farmId)));
    this.members.onLeft((instance) => this.handAgain(instance));
  }

  /** Listens for hand-offs first, so none sent once the others know of this instance is missed. */
  async start(): Promise<void> {
    this.stopInbox = await this.peers.listen(inboxChannel(this.busChannel, this.members.self), (payload) =>
      this.receive(payload),
    );
    await this.members.start();
  }

  /**
   * Says it is leaving, so the others take its farms; finishes the rounds in progress, hands-offs received
   * meanwhile included; then gives the marks of heats building to the farms' new instances.
   */
  async stop(): Promise<void> {
    await this.members.stop();
    await this.stage.stop();
    await this.sendHeatMarks((farmId) => this.members.successorOf(farmId));
    await this.stopInbox?.().catch(() => undefined);
  }

  /** A batch committed here: detected here if this instance detects for its farm, else handed over. */
  take(farmId: number, readings: readonly StoredReading[], feverish: ReadonlySet<number>): void {
    const owner = this.members.ownerOf(farmId);
    if (owner === this.members.self) {
      this.stats.kept += 1;
      this.stage.enqueue(farmId, readings, feverish);
      return;
    }
    const cows = cowsOf(readings, feverish);
    if (cows.length === 0) return;
    this.send(owner, farmId, cows, () => this.stage.enqueue(farmId, readings, feverish));
  }

  private send(owner: string, farmId: number, cows: NotedCow[], detectHere: () => void): void {
    const sentAt = Date.now();
    this.peers.publish(inboxChannel(this.busChannel, owner), JSON.stringify({ farmId, cows })).then(
      () => {
        this.stats.sent += 1;
        this.failing = false;
        this.remember({ sentAt, owner, farmId, cows });
      },
      (error: unknown) => {
        this.stats.notSent += 1;
        if (!this.failing) this.log.warn({ err: error, owner }, 'detection: hand-off failed, detecting here');
        this.failing = true;
        detectHere();
      },
    );
  }

  /**
   * Keeps a hand-off for as long as its instance could die without the others knowing yet (the heartbeats'
   * expiry, and a heartbeat more), so a fever handed to an instance that crashed is not left for the cow's
   * next batch, some 10 minutes later.
   */
  private remember(handoff: RecentHandoff): void {
    const keepFrom = Date.now() - this.members.expiryMs - RECENT_MARGIN_MS;
    while ((this.recent[0]?.sentAt ?? Infinity) < keepFrom) this.recent.shift();
    this.recent.push(handoff);
  }

  /**
   * An instance left or went silent: the hand-offs it was sent lately go to the farms' new instances. It may
   * have detected some of them already; a second detection records nothing new (one notice per episode).
   */
  private handAgain(gone: string): void {
    const lost = this.recent.filter((handoff) => handoff.owner === gone);
    if (lost.length === 0) return;
    this.recent = this.recent.filter((handoff) => handoff.owner !== gone);
    for (const { farmId, cows } of lost) {
      this.stats.resent += 1;
      const owner = this.members.ownerOf(farmId);
      const detectHere = () => this.stage.enqueueHandedOver(farmId, cows);
      if (owner === this.members.self) detectHere();
      else this.send(owner, farmId, cows, detectHere);
    }
  }

  /**
   * Sends the marks of heats building in farms that `ownerOf` gives to another instance now (a farm moves when
   * an instance joins or leaves), so their next readings go first there as they would have here. A mark the
   * bus refuses stays here, for when the farm comes back.
   */
  private async sendHeatMarks(ownerOf: (farmId: number) => string | undefined): Promise<void> {
    const sending = [...this.stage.farmsWithHeatsBuilding()].map(async (farmId) => {
      const owner = ownerOf(farmId);
      if (owner === undefined || owner === this.members.self) return;
      const heatsBuilding = this.stage.releaseHeatMarks(farmId);
      const message = JSON.stringify({ farmId, cows: [], heatsBuilding });
      try {
        await this.peers.publish(inboxChannel(this.busChannel, owner), message);
        this.stats.heatMarksSent += heatsBuilding.length;
      } catch {
        this.stage.adoptHeatMarks(farmId, heatsBuilding);
      }
    });
    await Promise.all(sending);
  }

  private receive(payload: string): void {
    const batch = checkedJson(HandedOverBatch, payload);
    if (!batch) {
      this.log.warn('detection: a hand-off that is not a batch of cows was dropped');
      return;
    }
    if (batch.heatsBuilding) {
      this.stats.heatMarksReceived += batch.heatsBuilding.length;
      this.stage.adoptHeatMarks(batch.farmId, batch.heatsBuilding);
    }
    if (batch.cows.length === 0) return;
    this.stats.received += 1;
    this.stage.enqueueHandedOver(batch.farmId, batch.cows);
  }
}

interface RecentHandoff {
  sentAt: number;
  owner: string;
  farmId: number;
  cows: NotedCow[];
}

/** How much longer than the heartbeats' expiry a hand-off is kept, to be sent again if its instance is gone. */
const RECENT_MARGIN_MS = 1_500;

/** Each cow of the batch once, with her oldest new reading and whether her newest is feverish. */
const cowsOf = (readings: readonly StoredReading[], feverish: ReadonlySet<number>): NotedCow[] => {
  const cows = new Map<number, NotedCow>();
  for (const { cowId, measuredAt } of readings) {
    if (cowId === null) continue;
    const time = Date.parse(measuredAt);
    const cow = cows.get(cowId);
    if (cow) cow.since = Math.min(cow.since, time);
    else cows.set(cowId, { cowId, since: time, urgent: feverish.has(cowId) });
  }
  return [...cows.values()];
};
