import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseKind } from '../db/database';
import type { EventBus } from '../realtime/bus';
import { ingestReadings, type GroupResult, type IngestResult } from './ingest-readings';
import { IngestQueue } from './ingest-queue';
import type { StoredReading } from './stored-reading';

/** One message of a farm's readings, waiting to be written. */
interface IngestJob {
  farmId: number;
  items: readonly unknown[];
}

/** A backlog of one farm is written in transactions of up to this many readings. */
export const MAX_READINGS_PER_TRANSACTION = 10_000;
/**
 * Live events waiting for a bus slower than the ingest. Beyond this, new ones are dropped (and logged):
 * live pushes are at most once anyway, and a browser catches up on its next refresh.
 */
const MAX_UNPUBLISHED_MESSAGES = 100_000;

export interface IngestStats {
  batches: number;
  stored: number;
  duplicate: number;
  rejected: number;
  /** Messages that were not JSON or not readings at all. */
  unreadable: number;
  /** Messages on a topic naming a farm that does not exist. */
  unknownFarm: number;
  /** MQTT packets over the size limit, refused unread with their connection. */
  tooLarge: number;
  /** Live events not published because the bus was too far behind (the data itself is stored). */
  liveUpdatesDropped: number;
  /** Transactions that failed (their messages are not acknowledged: the sender or the broker sends them again). */
  failedWrites: number;
}

/**
 * Told of each committed group's new readings and of the cows among them whose newest temperature is in the
 * fever bands; must be quick (it runs on the ingest's path).
 */
export type CommittedReadingsListener = (
  farmId: number,
  readings: readonly StoredReading[],
  feverishCows: ReadonlySet<number>,
) => void;

/**
 * Batches written at once unless INGEST_CONCURRENCY says otherwise. PostgreSQL runs that many transactions
 * in parallel. PGlite is one connection: a second transaction would only wait in its lock, in arrival order,
 * where this queue can no longer put a farm's live message before another farm's backlog. One writer stores
 * as fast there (bench/ingest/RESULTS.md); what it does to the alerts' latency is within the runs' spread
 * (bench/alert-latency/ANALYSIS.md).
 */
export const DEFAULT_INGEST_CONCURRENCY: Record<DatabaseKind, number> = { pglite: 1, postgres: 4 };

export interface IngestServiceOptions {
  /** Undefined: the database's default. */
  concurrency: number | undefined;
  queueLimit: number;
  now?: () => Date;
}

/**
 * Runs batches through the pipeline on a bounded queue and publishes what they changed once committed.
 * MQTT (embedded or external) and HTTP share one instance, so the bound holds for the process.
 */
export class IngestService {
  readonly queue: IngestQueue<IngestJob, IngestResult>;
  /** Batches written at once (and member connections to an external broker). */
  readonly concurrency: number;
  readonly stats: IngestStats = {
    batches: 0,
    stored: 0,
    duplicate: 0,
    rejected: 0,
    unreadable: 0,
    unknownFarm: 0,
    tooLarge: 0,
    liveUpdatesDropped: 0,
    failedWrites: 0,
  };
  private readonly now: () => Date;
  /** 703 episodes known to be recorded, for the current day only. */
  private noticedDay = '';
  private readonly noticed = new Set<string>();
  /** The publishing of committed groups, chained so farms hear of changes in commit order. */
  private publishing: Promise<void> = Promise.resolve();
  private unpublished = 0;
  private readonly committedListeners = new Set<CommittedReadingsListener>();
  private readonly writtenListeners = new Set<(seconds: number) => void>();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    options: IngestServiceOptions,
  ) {
    this.concurrency = options.concurrency ?? DEFAULT_INGEST_CONCURRENCY[db.kind];
    this.queue = new IngestQueue<IngestJob, IngestResult>(
      {
        concurrency: this.concurrency,
        limit: options.queueLimit,
        groupKey: (job) => job.farmId,
        size: (job) => job.items.length,
        maxGroupSize: MAX_READINGS_PER_TRANSACTION,
      },
      (jobs) => this.write(jobs),
    );
    this.now = options.now ?? (() => new Date());
  }

  /** Waits for room in the queue (that wait is the backpressure), then ingests. */
  ingest(farmId: number, items: readonly unknown[]): Promise<IngestResult> {
    return this.queue.submit({ farmId, items });
  }

  /** Undefined when the queue is full: the caller says "busy" instead of waiting. */
  tryIngest(farmId: number, items: readonly unknown[]): Promise<IngestResult> | undefined {
    return this.queue.trySubmit({ farmId, items });
  }

  /** Hands every committed group's new readings to `listener` (detection); returns the way to stop. */
  onCommitted(listener: CommittedReadingsListener): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /** Tells `listener` how long each transaction of readings took, in seconds; returns the way to stop. */
  onWritten(listener: (seconds: number) => void): () => void {
    this.writtenListeners.add(listener);
    return () => this.writtenListeners.delete(listener);
  }

  countUnreadable(reason: string, context: Record<string, unknown>): void {
    this.stats.unreadable += 1;
    this.log.warn({ ...context, reason }, 'ingest: unreadable message dropped');
  }

  countUnknownFarm(context: Record<string, unknown>): void {
    this.stats.unknownFarm += 1;
    this.log.warn(context, 'ingest: readings for an unknown farm dropped');
  }

  countTooLarge(context: Record<string, unknown>): void {
    this.stats.tooLarge += 1;
    this.log.warn(context, 'ingest: MQTT packet over the size limit, connection closed');
  }

  /** Resolves when every batch has finished and its changes are published (graceful shutdown). */
  async drain(): Promise<void> {
    await this.queue.idle();
    await this.publishing;
  }

  /** The queue groups jobs by farm, so every job of a group has the first one's farm. */
  private async write(jobs: IngestJob[]): Promise<IngestResult[]> {
    const farmId = jobs[0]?.farmId;
    if (farmId === undefined) return [];
    const now = this.now();
    const started = performance.now();
    let group: GroupResult;
    try {
      group = await ingestReadings(
        this.db,
        farmId,
        jobs.map((job) => job.items),
        { now, alreadyNoticed: (key) => this.noticedToday(now).has(key) },
      );
    } catch (error) {
      this.stats.failedWrites += 1;
      throw error;
    }
    this.tellWritten(started);
    for (const key of group.unassignedEpisodeKeys) this.noticedToday(now).add(key);
    this.count(farmId, group.results);
    this.publish(farmId, group);
    this.tellCommitted(farmId, group);
    return group.results;
  }

  private tellWritten(started: number): void {
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.writtenListeners) listener(seconds);
  }

  private tellCommitted(farmId: number, { stored, feverishCows }: GroupResult): void {
    if (stored.length === 0) return;
    for (const listener of this.committedListeners) {
      try {
        listener(farmId, stored, feverishCows);
      } catch (error) {
        // The readings are committed and acknowledged; a failing listener must not turn that into an error.
        this.log.error({ err: error, farmId }, 'ingest: a committed-readings listener failed');
      }
    }
  }

  private noticedToday(now: Date): Set<string> {
    const day = now.toISOString().slice(0, 10);
    if (day !== this.noticedDay) {
      this.noticed.clear();
      this.noticedDay = day;
    }
    return this.noticed;
  }

  private count(farmId: number, results: readonly IngestResult[]): void {
    this.stats.batches += results.length;
    for (const result of results) {
      this.stats.stored += result.stored;
      this.stats.duplicate += result.duplicate;
      this.stats.rejected += result.rejected.length;
      if (result.rejected.length > 0) {
        this.log.warn(
          { farmId, rejected: result.rejected.length, examples: result.rejected.slice(0, 3) },
          'ingest: readings rejected',
        );
      }
    }
  }

  /**
   * After the commit and off the acknowledgement's path: a slow bus never holds up a sender. A group's
   * messages go out together (one connection keeps their order) after the previous group's.
   */
  private publish(farmId: number, result: GroupResult): void {
    const count = result.messages.length;
    if (count === 0) return;
    if (this.unpublished + count > MAX_UNPUBLISHED_MESSAGES) {
      this.stats.liveUpdatesDropped += count;
      this.log.warn({ farmId, dropped: count }, 'ingest: the bus is behind, live updates dropped');
      return;
    }
    this.unpublished += count;
    this.publishing = this.publishing
      .then(() => Promise.all(result.messages.map((message) => this.bus.publish(farmId, message))))
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, farmId }, 'ingest: publishing changes failed'),
      )
      .finally(() => {
        this.unpublished -= count;
      });
  }
}
