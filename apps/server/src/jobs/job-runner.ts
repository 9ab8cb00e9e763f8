import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';

/** First key of the two-key advisory locks of jobs; the second is the hash of the job's name. */
const JOB_LOCK_NAMESPACE = 4499;

/**
 * Runs `work` in a transaction holding the job's advisory lock, or not at all (false) when another instance
 * holds it: a run that outlasts its interval never overlaps the next one's claim on another instance. The lock
 * ends with the transaction, so a crashed instance never keeps it.
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

/**
 * A claim stands for this share of the job's interval: timers of instances started at different moments drift
 * a little, and a claim that stood for the whole interval would now and then make every instance skip a turn.
 */
const CLAIM_SHARE = 0.9;

/**
 * Claims this interval's run of a job: true for the first instance to ask since the last claim (by the
 * database's clock, which all instances share), false for the others until the interval has passed. A claimed
 * run that fails is not retried before the next interval, as on a single instance.
 */
export const claimJobRun = async (db: Queryable, job: Pick<Job, 'name' | 'intervalMs'>): Promise<boolean> => {
  const claimed = await db.query<{ name: string }>(
    `INSERT INTO job_runs (name, claimed_at) VALUES ($1, clock_timestamp())
     ON CONFLICT (name) DO UPDATE SET claimed_at = EXCLUDED.claimed_at
      WHERE job_runs.claimed_at <= EXCLUDED.claimed_at - make_interval(secs => $2)
     RETURNING name`,
    [job.name, (job.intervalMs * CLAIM_SHARE) / 1000],
  );
  return claimed.length > 0;
};

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

/**
 * In-process timers for the periodic jobs; `stop` waits for a run in progress. With `claim`, a tick runs its
 * job only when the claim says this instance has the interval's run.
 */
export class JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly claim: (job: Job) => Promise<boolean> = () => Promise.resolve(true),
  ) {}

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
    const run = this.claim(job)
      .then((claimed) => (claimed ? job.run() : undefined))
      .catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
  }
}
