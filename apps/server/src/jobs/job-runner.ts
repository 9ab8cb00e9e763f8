import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';

/** First key of the two-key advisory locks of jobs; the second is the hash of the job's name. */
const JOB_LOCK_NAMESPACE = 4499;

/**
 * Runs `work` in a transaction holding the job's advisory lock, or not at all (undefined) when another
 * instance holds it: with several server instances on one PostgreSQL, each run happens once. The lock ends
 * with the transaction, so a crashed instance never keeps it.
 */
export const runLocked = (
  db: Database,
  jobName: string,
  work: (tx: Queryable) => Promise<void>,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked',
      [JOB_LOCK_NAMESPACE, jobName],
    );
    if (!row?.locked) return false;
    await work(tx);
    return true;
  });

export interface Job {
  name: string;
  intervalMs: number;
  /**
   * Run once as soon as the job starts too, not first after an interval: for work whose result depends on
   * the day alone (today's reminders). Not for judging silence (sensor offline): a server just back from
   * a stop has not heard the gateways' backlog yet.
   */
  runAtStart?: boolean;
  /** One run; the runner never starts a second one while it is running. */
  run(): Promise<void>;
}

/** In-process timers for the periodic jobs; `stop` waits for a run in progress. */
export class JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  start(job: Job): void {
    if (job.runAtStart) setImmediate(() => this.tick(job));
    const timer = setInterval(() => this.tick(job), job.intervalMs);
    // A pending job must not keep the process alive on shutdown.
    timer.unref();
    this.timers.push(timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.splice(0).forEach((timer) => clearInterval(timer));
    await Promise.all(this.running.values());
  }

  private tick(job: Job): void {
    if (this.stopped || this.running.has(job.name)) return;
    const run = job
      .run()
      .catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
  }
}
