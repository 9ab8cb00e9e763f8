import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { StoredReading } from '../ingest/stored-reading';
import { noticeMessage, type NoticeRecord } from '../modules/notices/record-notice';
import type { EventBus } from '../realtime/bus';
import { detectForCow } from './detect-cow';
import {
  loadDetectionCows,
  loadReadingsSince,
  loadRecentReadings,
  storedAveragesOf,
  type DetectionCow,
  type DetectionReading,
} from './detection-inputs';
import { alertsFrom, DETECTION_HISTORY_HOURS } from './detection-window';
import { CowReadingHistory, ReadingHistoryCache } from './reading-history';
import { recordDetections, storedEpisodeKeys, type CowDetectionResult } from './record-detections';
import { WaitingCows, type NotedCow, type PendingCow, type Round } from './waiting-cows';

export { DETECTION_HISTORY_HOURS, RECHECK_HOURS } from './detection-window';

const HOUR_MS = 3_600_000;
/**
 * Each round reads again the last hour before a cached history's newest database reading, so readings that
 * another server instance committed a little late (a gateway's backlog split between instances) still join it.
 */
const RESYNC_OVERLAP_MS = HOUR_MS;
/**
 * Readings this far apart leave a hole (three missed 10-minute intervals, as for a sensor going offline). A
 * new episode that begins right after a hole in a cached history may have begun earlier, in readings another
 * instance committed after this one last read: its cow is read again in full before it is recorded.
 */
const HOLE_MS = 30 * 60_000;

/**
 * Detection time a round is sized to (from the measured time per cow): a fever that arrives while a round runs
 * waits for it, and a cow with 11 days of readings takes 0.4-0.9 ms, so 200 of them would hold it for 100 ms
 * or more.
 */
const ROUND_BUDGET_MS = 20;
const MIN_COWS_PER_ROUND = 10;
/**
 * Longest stretch a round detects without letting the event loop run: the sockets, the broker and the
 * embedded database share this thread, and a fever's reading or its notice that arrives meanwhile waits
 * for the stretch to end.
 */
const SLICE_MS = 4;
/**
 * Share of the thread that rounds without an urgent cow may take when they follow each other: the rest is the
 * ingest's, the sockets' and the next urgent cow's. When readings come faster than every cow can be detected, the
 * waiting cows' rounds simply take in more readings each.
 */
const BACKGROUND_SHARE = 0.5;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface DetectionStageOptions {
  /** At most this many cows per round (one query for their new readings, one transaction for their notices). */
  cowsPerRound?: number;
  /** Readings kept in memory across all cows' histories (about 24 bytes each). */
  maxCachedReadings?: number;
  /**
   * A cached history is read again in full after this long, whatever the overlap missed. Default: an hour,
   * or never for the sole writer, who is told every reading.
   */
  historyRefreshMs?: number;
  /**
   * This process is the database's only writer (the embedded PGlite): what the ingest tells the stage is all
   * that is new, so a cached history takes it as told instead of reading it back.
   */
  soleWriter?: boolean;
  now?: () => number;
}

/** One cow's detection, for the metrics. */
export interface CowDetectionTiming {
  /** From the ingest telling of her new readings to her notices recorded and published. */
  waitedSeconds: number;
  /** She went first: a feverish reading or a heat building. */
  urgent: boolean;
}

export interface DetectionStats {
  /** Background rounds run, and how many of them failed (logged; their cows come back with new readings). */
  rounds: number;
  failedRounds: number;
  /** Wall-clock time of the background rounds, pauses between them excluded. */
  roundSeconds: number;
  cowsDetected: number;
  noticesRecorded: number;
  /**
   * Cows whose 11 days were read in full: new to this instance, forgotten by its cache, wearing another
   * sensor, or due for the hourly refresh. Growing with the batches: the cache is too small for the herd.
   */
  historiesRead: number;
}

/**
 * The detection stage behind the ingest (architecture §1: ingest -> detection -> notices). The ingest tells it
 * of each committed batch; the stage only notes the cows and returns, and detects on its own time: per cow at
 * most once per round however many batches arrived meanwhile, so a burst of readings costs ingest nothing and
 * detection no more than one pass per cow. Each cow's last 11 days stay in memory between rounds (bounded,
 * least recently used forgotten first), so a round reads from the database only what is new. Each round runs
 * the detectors, records the notices once per episode in one transaction, then publishes them.
 */
export class DetectionStage {
  /** Totals since the start (metrics). */
  readonly stats: DetectionStats = {
    rounds: 0,
    failedRounds: 0,
    roundSeconds: 0,
    cowsDetected: 0,
    noticesRecorded: 0,
    historiesRead: 0,
  };
  private readonly waiting: WaitingCows;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly cowsPerRound: number;
  private readonly historyRefreshMs: number;
  private readonly soleWriter: boolean;
  private readonly now: () => number;
  private readonly histories: ReadingHistoryCache;
  /**
   * Cows whose last detection found a heat building: their next readings go before routine ones. Kept apart
   * from their histories, which an instance with more cows than the cache holds forgets: a heat then waited
   * behind routine rounds, p50 50 ms instead of 17 (bench/alert-latency/ANALYSIS.md, 2026-11-27). By cow id,
   * with her farm: when a farm moves to another instance, its marks go with it (`releaseHeatMarks`).
   */
  private readonly heatBuildingCows = new Map<number, number>();
  /** Moving average of one cow's detection time, which sizes the rounds. */
  private cowDetectionMs = 0.5;
  /** Ends the pause between background rounds early (an urgent cow arrived, or the stage stops). */
  private wake: (() => void) | undefined;
  private readonly detectedListeners = new Set<(timing: CowDetectionTiming) => void>();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    options: DetectionStageOptions = {},
  ) {
    this.cowsPerRound = options.cowsPerRound ?? 200;
    this.soleWriter = options.soleWriter ?? false;
    this.historyRefreshMs = options.historyRefreshMs ?? (this.soleWriter ? Infinity : HOUR_MS);
    this.now = options.now ?? Date.now;
    this.waiting = new WaitingCows(this.soleWriter);
    // 4 million readings: some 2,500 cows of 11 days at the 10-minute cadence in about 100 MB.
    this.histories = new ReadingHistoryCache(options.maxCachedReadings ?? 4_000_000);
  }

  /**
   * Notes a committed batch's cows for the next round. Urgent ones go first: the `feverish` (as the ingest
   * judged their newest reading against their averages) and the cows whose last detection found a heat
   * building. Cheap: called on the ingest's path.
   */
  enqueue(
    farmId: number,
    readings: readonly StoredReading[],
    feverish: ReadonlySet<number> = new Set(),
  ): void {
    if (this.stopped) return;
    if (this.waiting.note(farmId, readings, this.urgentAmong(readings, feverish), this.lastDetectedAt)) {
      this.wake?.();
    }
    this.kick();
  }

  /**
   * Notes cows whose readings another instance stored and handed over, this instance detecting for their
   * farm; a heat building here makes her urgent as it does for readings stored here.
   */
  enqueueHandedOver(farmId: number, cows: readonly NotedCow[]): void {
    if (this.stopped) return;
    const withHeats = cows.map((cow) =>
      this.heatBuildingCows.has(cow.cowId) ? { ...cow, urgent: true } : cow,
    );
    if (this.waiting.noteCows(farmId, withHeats, this.lastDetectedAt)) this.wake?.();
    this.kick();
  }

  /** The farms with a cow in whom a heat is building. */
  farmsWithHeatsBuilding(): Set<number> {
    return new Set(this.heatBuildingCows.values());
  }

  /** Gives up the farm's heat-building marks (it moved to another instance); answers its cows that had one. */
  releaseHeatMarks(farmId: number): number[] {
    const released: number[] = [];
    for (const [cowId, markedFarm] of this.heatBuildingCows) {
      if (markedFarm !== farmId) continue;
      this.heatBuildingCows.delete(cowId);
      released.push(cowId);
    }
    return released;
  }

  /** Takes over the marks another instance gave up with the farm: these cows' next readings go first here. */
  adoptHeatMarks(farmId: number, cowIds: readonly number[]): void {
    for (const cowId of cowIds) this.heatBuildingCows.set(cowId, farmId);
  }

  /** When a cow's last detection here ran; -Infinity when her history is not held (she goes first). */
  private readonly lastDetectedAt = (cowId: number): number =>
    this.histories.peek(cowId)?.detectedAt ?? -Infinity;

  private urgentAmong(readings: readonly StoredReading[], feverish: ReadonlySet<number>): Set<number> {
    const urgent = new Set(feverish);
    for (const { cowId } of readings) {
      if (cowId !== null && this.heatBuildingCows.has(cowId)) urgent.add(cowId);
    }
    return urgent;
  }

  /** Tells `listener` how long each cow noted by the ingest waited for her detection; returns the way to stop. */
  onDetected(listener: (timing: CowDetectionTiming) => void): () => void {
    this.detectedListeners.add(listener);
    return () => this.detectedListeners.delete(listener);
  }

  /** Cows noted and not yet detected. */
  get waitingCows(): number {
    return this.waiting.cowCount;
  }

  /** Cows whose recent readings are held in memory. */
  get cachedCows(): number {
    return this.histories.size;
  }

  /** Resolves when every noted cow has been handled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Finishes the rounds in progress and takes no more. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.idle();
  }

  /**
   * One round for these cows of a farm: detect, record, publish. Public so tests (and tools) can run a round
   * on stored readings directly. Returns the notices recorded now.
   */
  async detect(
    farmId: number,
    cows: ReadonlyMap<number, PendingCow>,
    { giveWayToUrgent = false } = {},
  ): Promise<NoticeRecord[]> {
    const profiles = await loadDetectionCows(this.db, farmId, [...cows.keys()]);
    await this.syncHistories(farmId, profiles, cows);
    let results = await this.detectCows(farmId, profiles, cows, giveWayToUrgent);
    if (!this.soleWriter) results = await this.detectAgainWithoutHoles(farmId, profiles, cows, results);
    this.histories.evict(new Set(cows.keys()));
    const recorded = await recordDetections(this.db, farmId, results);
    this.stats.cowsDetected += results.length;
    this.stats.noticesRecorded += recorded.notices.length;
    await this.publish(farmId, recorded.notices, recorded.cowInfo);
    this.tellDetected(results, cows);
    return recorded.notices;
  }

  /**
   * Runs the detectors on each cow, letting the event loop run every `SLICE_MS`. A routine round that may
   * `giveWayToUrgent` stops when an urgent cow is waiting and puts the cows it has not reached back.
   */
  private async detectCows(
    farmId: number,
    profiles: readonly DetectionCow[],
    cows: ReadonlyMap<number, PendingCow>,
    giveWayToUrgent: boolean,
  ): Promise<CowDetectionResult[]> {
    const results: CowDetectionResult[] = [];
    let detecting = 0;
    let sliceStarted = performance.now();
    for (const [index, cow] of profiles.entries()) {
      const sliceTook = performance.now() - sliceStarted;
      if (sliceTook >= SLICE_MS) {
        detecting += sliceTook;
        await yieldToEventLoop();
        sliceStarted = performance.now();
        if (giveWayToUrgent && this.waiting.hasUrgent) {
          // The rest of the round waits for the next one: a fever or a heat is not held up by routine detection.
          const rest = profiles.slice(index).flatMap((left) => {
            const pending = cows.get(left.id);
            return pending ? [[left.id, pending] as const] : [];
          });
          this.waiting.putBack(farmId, new Map(rest));
          break;
        }
      }
      const history = this.histories.get(cow.id);
      if (history) results.push(this.detectCow(farmId, cow, history, cows.get(cow.id)));
    }
    detecting += performance.now() - sliceStarted;
    if (results.length > 0) {
      this.cowDetectionMs = 0.8 * this.cowDetectionMs + 0.2 * (detecting / results.length);
    }
    return results;
  }

  /**
   * With other instances writing too, a cached history can miss readings they committed late (a backlog
   * split between instances): an episode then seems to begin after the hole, and would be recorded under a
   * second key beside the one its true start gives. Cows with a new notice that begins after a hole are read
   * again in full and detected once more; a hole that is still there is a real one.
   */
  private async detectAgainWithoutHoles(
    farmId: number,
    profiles: readonly DetectionCow[],
    cows: ReadonlyMap<number, PendingCow>,
    results: CowDetectionResult[],
  ): Promise<CowDetectionResult[]> {
    const afterHole = (result: CowDetectionResult) =>
      result.notices.filter((notice) => {
        const before = this.histories.peek(result.cowId)?.timeBefore(notice.episodeStart);
        return before !== undefined && notice.episodeStart - before > HOLE_MS;
      });
    const suspects = results.flatMap((result) => afterHole(result).map((notice) => notice.episodeKey));
    if (suspects.length === 0) return results;
    const stored = await storedEpisodeKeys(this.db, farmId, suspects);
    const again = new Set(
      results
        .filter((result) => afterHole(result).some((notice) => !stored.has(notice.episodeKey)))
        .map((result) => result.cowId),
    );
    if (again.size === 0) return results;
    const reread = profiles.filter((cow) => again.has(cow.id));
    await this.syncHistories(farmId, reread, cows, again);
    const redetected = new Map(
      (await this.detectCows(farmId, reread, cows, false)).map((result) => [result.cowId, result]),
    );
    return results.map((result) => redetected.get(result.cowId) ?? result);
  }

  private tellDetected(results: readonly CowDetectionResult[], cows: ReadonlyMap<number, PendingCow>): void {
    if (this.detectedListeners.size === 0) return;
    const finishedAt = performance.now();
    for (const { cowId } of results) {
      const pending = cows.get(cowId);
      if (pending?.notedAt === undefined) continue; // run directly (detectStored), not noted by the ingest
      const timing = {
        waitedSeconds: (finishedAt - pending.notedAt) / 1000,
        urgent: Boolean(pending.urgent),
      };
      for (const listener of this.detectedListeners) listener(timing);
    }
  }

  private detectCow(
    farmId: number,
    cow: DetectionCow,
    history: CowReadingHistory,
    pending: PendingCow | undefined,
  ): CowDetectionResult {
    const from = alertsFrom(pending?.since ?? Infinity, history.newest);
    const { notices, drinking, heatBuilding, averages, bolusTemperature, recentActivity } = detectForCow(
      cow,
      history.readings(),
      from,
    );
    history.detectedAt = this.now();
    if (heatBuilding) this.heatBuildingCows.set(cow.id, farmId);
    else this.heatBuildingCows.delete(cow.id);
    return {
      cowId: cow.id,
      sensorId: cow.sensorId,
      newest: history.newest,
      notices,
      drinking,
      previousDrink: { current: cow.currentDrink, average: cow.averageDrink },
      averages,
      previousAverages: storedAveragesOf(cow),
      bolusTemperature,
      previousTemperature: cow.currentTemperature,
      recentActivity,
      previousRecentActivity: { current: cow.currentActivity, usual: cow.usualActivity },
    };
  }

  /** Runs `detect` for cows by id, as if each had just received readings up to her newest stored one. */
  detectStored(farmId: number, cowIds: readonly number[]): Promise<NoticeRecord[]> {
    return this.detect(farmId, new Map(cowIds.map((id) => [id, { since: Infinity, lastDetectedAt: 0 }])));
  }

  /**
   * Brings each cow's cached history up to the database: a cow seen for the first time, wearing another
   * sensor, or not read in full for a while is read in full (11 days); the others read only what is new:
   * from an hour before her newest reading, or from the oldest reading this instance just stored for her.
   */
  private async syncHistories(
    farmId: number,
    cows: readonly DetectionCow[],
    pending: ReadonlyMap<number, PendingCow>,
    readInFull: ReadonlySet<number> = new Set(),
  ): Promise<void> {
    const now = this.now();
    const full = new Set<number>();
    const since = new Map<number, number>();
    for (const cow of cows) {
      const history = this.histories.get(cow.id);
      if (
        !history ||
        readInFull.has(cow.id) ||
        history.sensorId !== cow.sensorId ||
        now - history.loadedAt > this.historyRefreshMs
      ) {
        full.add(cow.id);
        continue;
      }
      if (pending.get(cow.id)?.told) continue;
      // From the oldest reading this instance stored for her (a late backlog), within her history's span.
      const oldestNew = Math.max(
        (pending.get(cow.id)?.since ?? Infinity) - 1,
        history.newest - DETECTION_HISTORY_HOURS * HOUR_MS,
      );
      since.set(cow.id, Math.min(history.newest - RESYNC_OVERLAP_MS, oldestNew));
    }
    this.stats.historiesRead += full.size;
    const none = new Map<number, DetectionReading[]>();
    const [loaded, added] = await Promise.all([
      full.size > 0 ? loadRecentReadings(this.db, farmId, [...full], DETECTION_HISTORY_HOURS) : none,
      since.size > 0 ? loadReadingsSince(this.db, farmId, since) : none,
    ]);
    for (const cow of cows) {
      let history = this.histories.get(cow.id);
      if (full.has(cow.id) || !history) {
        history = new CowReadingHistory(cow.sensorId, now);
        history.add(loaded.get(cow.id) ?? []);
        this.histories.set(cow.id, history);
      }
      history.add(added.get(cow.id) ?? []);
      // Told readings a full read already holds are ignored (one reading per time).
      const told = pending.get(cow.id)?.told ?? [];
      history.add(told.filter((reading) => reading.sensorId === cow.sensorId));
      history.trim(DETECTION_HISTORY_HOURS);
    }
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
      if (!this.waiting.isEmpty && !this.stopped) this.kick();
    });
  }

  private async drain(): Promise<void> {
    // Batches committed in the same tick join this round rather than start another.
    await new Promise((resolve) => setImmediate(resolve));
    for (let round = this.nextRound(); round; round = this.nextRound()) {
      const started = performance.now();
      try {
        const urgent = [...round.cows.values()].some((cow) => cow.urgent);
        await this.detect(round.farmId, round.cows, { giveWayToUrgent: !urgent });
      } catch (error) {
        this.stats.failedRounds += 1;
        this.log.error({ err: error, farmId: round.farmId }, 'detection: round failed');
      }
      const took = performance.now() - started;
      this.stats.rounds += 1;
      this.stats.roundSeconds += took / 1000;
      if (!this.waiting.hasUrgent && !this.stopped && !this.waiting.isEmpty) {
        await this.pause((took * (1 - BACKGROUND_SHARE)) / BACKGROUND_SHARE);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** The next round, as many cows as fit its time budget (at least 10, at most `cowsPerRound`). */
  private nextRound(): Round | undefined {
    const fitting = Math.floor(ROUND_BUDGET_MS / this.cowDetectionMs);
    return this.waiting.take(Math.min(this.cowsPerRound, Math.max(MIN_COWS_PER_ROUND, fitting)));
  }
}
