// The database's own share of an alert's time: a one-row commit every PROBE_MS beside the load, timed on the
// alerts' clock. On PostgreSQL a commit waits for its WAL to reach the disk, and an alert waits for two (its
// reading's and its notice's), so a disk that stalls shows here and in the alerts at the same moments.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../apps/server/src/db/database';

const PROBE_MS = 100;

export interface CommitSample {
  start: number;
  ms: number;
}

export class CommitProbe {
  readonly samples: CommitSample[] = [];
  private stopped = false;
  private readonly done: Promise<void>;

  private constructor(private readonly db: Database) {
    this.done = this.run();
  }

  static async start(db: Database): Promise<CommitProbe> {
    await db.query('CREATE TABLE IF NOT EXISTS bench_commit_probe (at timestamptz NOT NULL)');
    return new CommitProbe(db);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const start = performance.now();
      await this.db.query('INSERT INTO bench_commit_probe VALUES (now())');
      this.samples.push({ start, ms: performance.now() - start });
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  }

  /** The commits slower than `slowMs` that overlap [from, to]. */
  slowDuring(from: number, to: number, slowMs: number): CommitSample[] {
    return this.samples.filter(
      (sample) => sample.ms >= slowMs && sample.start < to && sample.start + sample.ms > from,
    );
  }

  async stop(): Promise<number[]> {
    this.stopped = true;
    await this.done;
    return this.samples.map((sample) => sample.ms);
  }
}
