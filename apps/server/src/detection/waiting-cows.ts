import type { StoredReading } from '../ingest/stored-reading';
import type { DetectionReading } from './detection-inputs';

export interface PendingCow {
  /** The oldest new reading: alerts from here on are this round's to raise. */
  since: number;
  /** When her last round ran (wall clock; -Infinity if not in memory): who waited longest goes first. */
  lastDetectedAt: number;
  /** When the ingest first told of her readings waiting now (`performance.now()`), for the metrics. */
  notedAt?: number;
  /**
   * Her newest reading is in the cow list's fever bands, or her last detection found a heat building: she goes
   * before every cow who is not.
   */
  urgent?: boolean;
  /**
   * Sole writer only: every reading stored for her since she was last taken into a round, as the ingest told
   * them. Undefined: read what is new from the database.
   */
  told?: ToldReading[];
}

export interface ToldReading extends DetectionReading {
  sensorId: number;
}

/** A cow with new readings that another instance stored, as it handed her over. */
export interface NotedCow {
  cowId: number;
  /** Her oldest new reading (epoch ms). */
  since: number;
  /** Her newest reading is in the fever bands. */
  urgent: boolean;
}

export interface Round {
  farmId: number;
  cows: Map<number, PendingCow>;
}

/** Told readings held for the next rounds, all cows together; beyond it they are read from the database. */
const MAX_TOLD_READINGS = 500_000;

/**
 * Who goes first: an urgent cow (a feverish reading, a heat building), then the one whose last detection is the oldest (a cow never
 * detected, -Infinity, before all others). Negative when `a` goes before `b`.
 */
const goesBefore = (a: PendingCow, b: PendingCow): number => {
  if (Boolean(a.urgent) !== Boolean(b.urgent)) return a.urgent ? -1 : 1;
  if (a.lastDetectedAt === b.lastDetectedAt) return 0;
  return a.lastDetectedAt < b.lastDetectedAt ? -1 : 1;
};

/** The cows the ingest has told of and detection has not taken yet, by farm, and who goes first. */
export class WaitingCows {
  private readonly farms = new Map<number, Map<number, PendingCow>>();
  private toldReadings = 0;
  private urgent = 0;

  /** `keepTold`: the stage is the database's sole writer and takes the new readings as told. */
  constructor(private readonly keepTold: boolean) {}

  get isEmpty(): boolean {
    return this.farms.size === 0;
  }

  /** Cows waiting, over all farms. */
  get cowCount(): number {
    let count = 0;
    for (const farm of this.farms.values()) count += farm.size;
    return count;
  }

  /** Whether an urgent cow is waiting. */
  get hasUrgent(): boolean {
    return this.urgent > 0;
  }

  /**
   * Notes a committed batch's cows; `urgent` ones go first. `lastDetectedAt` says when a cow not yet waiting
   * was last detected. Returns whether a cow became urgent.
   */
  note(
    farmId: number,
    readings: readonly StoredReading[],
    urgent: ReadonlySet<number>,
    lastDetectedAt: (cowId: number) => number,
  ): boolean {
    const farm = this.farms.get(farmId) ?? new Map<number, PendingCow>();
    let becameUrgent = false;
    for (const reading of readings) {
      if (reading.cowId === null) continue;
      const time = Date.parse(reading.measuredAt);
      const cow = this.pendingCow(farm, reading.cowId, time, lastDetectedAt);
      if (urgent.has(reading.cowId)) becameUrgent = this.markUrgent(cow) || becameUrgent;
      this.tell(cow, { time, ...reading });
    }
    if (farm.size > 0) this.farms.set(farmId, farm);
    return becameUrgent;
  }

  /**
   * Notes cows another instance stored readings for (`since`: her oldest new one), to be read from the
   * database. Returns whether a cow became urgent.
   */
  noteCows(farmId: number, cows: readonly NotedCow[], lastDetectedAt: (cowId: number) => number): boolean {
    const farm = this.farms.get(farmId) ?? new Map<number, PendingCow>();
    let becameUrgent = false;
    for (const { cowId, since, urgent } of cows) {
      const cow = this.pendingCow(farm, cowId, since, lastDetectedAt);
      // What another instance stored is not in the told readings: she reads hers from the database.
      this.forgetTold(cow);
      if (urgent) becameUrgent = this.markUrgent(cow) || becameUrgent;
    }
    if (farm.size > 0) this.farms.set(farmId, farm);
    return becameUrgent;
  }

  private pendingCow(
    farm: Map<number, PendingCow>,
    cowId: number,
    time: number,
    lastDetectedAt: (cowId: number) => number,
  ): PendingCow {
    const noted = farm.get(cowId);
    if (noted) {
      noted.since = Math.min(noted.since, time);
      return noted;
    }
    const cow: PendingCow = {
      since: time,
      lastDetectedAt: lastDetectedAt(cowId),
      notedAt: performance.now(),
      told: this.keepTold ? [] : undefined,
    };
    farm.set(cowId, cow);
    return cow;
  }

  /** Returns whether she became urgent now. */
  private markUrgent(cow: PendingCow): boolean {
    if (cow.urgent) return false;
    cow.urgent = true;
    this.urgent += 1;
    return true;
  }

  /**
   * The next round: the farm of the cow who goes first, with up to `size` of its waiting cows in that order.
   * So a cow is never stuck behind cows that flood readings (a gateway uploading hours of backlog is detected
   * again and again), and when detection falls behind the readings (every cow's round comes later), a fever
   * or a heat still goes first; with every cow reporting at the normal cadence and detection keeping up, this is first
   * come, first served.
   */
  take(size: number): Round | undefined {
    let chosen: { farmId: number; farm: Map<number, PendingCow> } | undefined;
    let first: PendingCow | undefined;
    for (const [farmId, farm] of this.farms) {
      for (const cow of farm.values()) {
        if (first === undefined || goesBefore(cow, first) < 0) {
          chosen = { farmId, farm };
          first = cow;
        }
      }
    }
    if (!chosen) return undefined;
    const { farmId, farm } = chosen;
    const taken = [...farm].sort(([, a], [, b]) => goesBefore(a, b)).slice(0, size);
    for (const [cowId, cow] of taken) {
      farm.delete(cowId);
      this.toldReadings -= cow.told?.length ?? 0;
      if (cow.urgent) this.urgent -= 1;
    }
    if (farm.size === 0) this.farms.delete(farmId);
    return { farmId, cows: new Map(taken) };
  }

  /**
   * Returns cows taken into a round that stopped before detecting them, to go as they would have; readings
   * noted for one of them meanwhile join hers.
   */
  putBack(farmId: number, cows: ReadonlyMap<number, PendingCow>): void {
    const farm = this.farms.get(farmId) ?? new Map<number, PendingCow>();
    for (const [cowId, cow] of cows) {
      const noted = farm.get(cowId);
      const back: PendingCow = { ...cow, told: cow.told && [...cow.told] };
      if (noted) {
        back.since = Math.min(back.since, noted.since);
        back.told = back.told && noted.told ? [...back.told, ...noted.told] : undefined;
        this.toldReadings -= noted.told?.length ?? 0;
        if (noted.urgent) this.urgent -= 1;
        back.urgent = Boolean(back.urgent || noted.urgent);
      }
      this.toldReadings += back.told?.length ?? 0;
      if (back.urgent) this.urgent += 1;
      farm.set(cowId, back);
    }
    if (farm.size > 0) this.farms.set(farmId, farm);
  }

  /** Keeps a told reading for her round, or, past the bound, leaves her new readings to the database. */
  private tell(
    cow: PendingCow,
    { time, sensorId, temperature, activity }: ToldReading & StoredReading,
  ): void {
    if (!cow.told) return;
    if (this.toldReadings >= MAX_TOLD_READINGS) {
      this.forgetTold(cow);
      return;
    }
    cow.told.push({ time, sensorId, temperature, activity });
    this.toldReadings += 1;
  }

  /** Her new readings are read from the database instead. */
  private forgetTold(cow: PendingCow): void {
    this.toldReadings -= cow.told?.length ?? 0;
    cow.told = undefined;
  }
}
