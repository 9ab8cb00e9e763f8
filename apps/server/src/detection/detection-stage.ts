import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { StoredReading } from '../ingest/readings-stored-hooks';
import { noticeMessage, type NoticeRecord } from '../modules/notices/record-notice';
import type { EventBus } from '../realtime/bus';
import { detectForCow } from './detect-cow';
import { loadDetectionCows, loadRecentReadings, type DetectionReading } from './detection-inputs';
import { recordDetections, type CowDetectionResult } from './record-detections';

/**
 * History each detection looks at: the 10 days the fever average needs (the estrus baseline needs 7 + 2), the
 * 12-hour windows on top, and a margin so the states just before the new readings are judged on full history.
 */
export const DETECTION_HISTORY_HOURS = 11 * 24 + 12;
/**
 * Alerts this close to a cow's newest reading are checked again on every round (the notice key makes that
 * harmless), so a round that was lost — a crash between a batch's commit and its detection — is made good by
 * the cow's next batch.
 */
export const RECHECK_HOURS = 6;
const HOUR_MS = 3_600_000;
/** Readings kept per waiting cow: only the newest can still be uncommitted when her round runs. */
const MAX_PENDING_READINGS = 2_000;

export interface PendingCow {
  /** The oldest new reading: alerts from here on are this round's to raise. */
  since: number;
  readings: DetectionReading[];
}

export interface DetectionStageOptions {
  /** Cows handled per round (one query for their history, one transaction for their notices). */
  cowsPerRound?: number;
}

const toDetectionReading = (reading: StoredReading): DetectionReading => ({
  time: Date.parse(reading.measuredAt),
  temperature: reading.temperature,
  activity: reading.activity,
});

/** Stored history plus the batch's own readings (not yet visible if its transaction has not committed). */
const mergeReadings = (stored: readonly DetectionReading[], batch: readonly DetectionReading[]) => {
  const byTime = new Map<number, DetectionReading>();
  for (const reading of [...stored, ...batch]) {
    if (!byTime.has(reading.time)) byTime.set(reading.time, reading);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
};

/**
 * The detection stage behind the ingest (architecture §1: ingest -> detection -> notices). The ingest hands it
 * each stored batch inside its transaction; the stage only notes the cows and returns, and detects on its own
 * time: per cow at most once per round however many batches arrived meanwhile, so a burst of readings costs
 * ingest nothing and detection no more than one pass per cow. Each round reads the cows' recent history,
 * runs the detectors, records the notices once per episode in one transaction, then publishes them.
 */
export class DetectionStage {
  private readonly pending = new Map<number, Map<number, PendingCow>>();
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly cowsPerRound: number;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    options: DetectionStageOptions = {},
  ) {
    this.cowsPerRound = options.cowsPerRound ?? 200;
  }

  /** Notes a stored batch's cows for the next round. Cheap: called inside the ingest's transaction. */
  enqueue(farmId: number, readings: readonly StoredReading[]): void {
    if (this.stopped) return;
    const farm = this.pending.get(farmId) ?? new Map<number, PendingCow>();
    for (const reading of readings) {
      if (reading.cowId === null) continue;
      const detection = toDetectionReading(reading);
      const cow = farm.get(reading.cowId) ?? { since: detection.time, readings: [] };
      cow.since = Math.min(cow.since, detection.time);
      cow.readings.push(detection);
      if (cow.readings.length > MAX_PENDING_READINGS) {
        cow.readings.splice(0, cow.readings.length - MAX_PENDING_READINGS);
      }
      farm.set(reading.cowId, cow);
    }
    if (farm.size > 0) this.pending.set(farmId, farm);
    this.kick();
  }

  /** Resolves when every noted cow has been handled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Finishes the rounds in progress and takes no more. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /**
   * One round for these cows of a farm: detect, record, publish. Public so tests (and tools) can run a round
   * on stored readings directly. Returns the notices recorded now.
   */
  async detect(farmId: number, cows: ReadonlyMap<number, PendingCow>): Promise<NoticeRecord[]> {
    const cowIds = [...cows.keys()];
    const [profiles, history] = await Promise.all([
      loadDetectionCows(this.db, farmId, cowIds),
      loadRecentReadings(this.db, farmId, cowIds, DETECTION_HISTORY_HOURS),
    ]);
    const results: CowDetectionResult[] = profiles.map((cow) => {
      const pending = cows.get(cow.id);
      const readings = mergeReadings(history.get(cow.id) ?? [], pending?.readings ?? []);
      const newest = readings[readings.length - 1]?.time ?? 0;
      const from = Math.min(pending?.since ?? Infinity, newest - RECHECK_HOURS * HOUR_MS);
      const { notices, drinking } = detectForCow(cow, readings, from);
      return {
        cowId: cow.id,
        sensorId: cow.sensorId,
        notices,
        drinking,
        previousDrink: { current: cow.currentDrink, average: cow.averageDrink },
      };
    });
    const recorded = await recordDetections(this.db, farmId, results);
    await this.publish(farmId, recorded.notices, recorded.cowInfo);
    return recorded.notices;
  }

  /** Runs `detect` for cows by id, as if each had just received readings up to her newest stored one. */
  detectStored(farmId: number, cowIds: readonly number[]): Promise<NoticeRecord[]> {
    return this.detect(farmId, new Map(cowIds.map((id) => [id, { since: Infinity, readings: [] }])));
  }

  private async publish(
    farmId: number,
    notices: readonly NoticeRecord[],
    cowInfo: Awaited<ReturnType<typeof recordDetections>>['cowInfo'],
  ): Promise<void> {
    try {
      for (const notice of notices) await this.bus.publish(farmId, noticeMessage(notice));
      for (const data of cowInfo) await this.bus.publish(farmId, { type: 'cowinfo', data });
    } catch (error) {
      // The notices are stored; a user who missed the live message sees them in the list.
      this.log.error({ err: error, farmId }, 'detection: publishing notices failed');
    }
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.stopped) this.kick();
    });
  }

  private async drain(): Promise<void> {
    // Let the batch that noted the cows commit before its readings are read back.
    await new Promise((resolve) => setImmediate(resolve));
    for (let round = this.nextRound(); round; round = this.nextRound()) {
      try {
        await this.detect(round.farmId, round.cows);
      } catch (error) {
        this.log.error({ err: error, farmId: round.farmId }, 'detection: round failed');
      }
    }
  }

  private nextRound(): { farmId: number; cows: Map<number, PendingCow> } | undefined {
    const next = this.pending.entries().next();
    if (next.done) return undefined;
    const [farmId, farm] = next.value;
    const cows = new Map<number, PendingCow>();
    for (const [cowId, cow] of farm) {
      if (cows.size >= this.cowsPerRound) break;
      cows.set(cowId, cow);
      farm.delete(cowId);
    }
    // The farm goes to the back of the line, so a farm with a steady stream of readings cannot starve others.
    this.pending.delete(farmId);
    if (farm.size > 0) this.pending.set(farmId, farm);
    return { farmId, cows };
  }
}
