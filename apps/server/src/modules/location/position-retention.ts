import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { runLocked, type Job } from '../../jobs/job-runner';
import type { Services } from '../../services';

export const POSITION_RETENTION_JOB = 'position-retention';
/** GPS fixes are kept this many days unless `POSITION_RETENTION_DAYS` says otherwise (docs/location.md). */
export const DEFAULT_POSITION_RETENTION_DAYS = 30;
/**
 * Fixes deleted per transaction. A collar sends 144 a day, so a farm of 1,000 GPS cows ages out some 6,000
 * an hour: a couple of transactions of a few milliseconds each, never one long lock on a big table.
 */
export const POSITION_DELETE_BATCH = 5_000;
/**
 * Hourly (and at start): each run deletes about an hour's worth of fixes that passed the line, not a day's
 * at once. The job_runs claim keeps it to one instance an hour however often servers restart.
 */
const INTERVAL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/**
 * One batch of one farm's fixes older than `before`, under the job's advisory lock; answers how many went,
 * or null when another instance holds the lock. The farm's (farm_id, measured_at) index finds them, so a
 * batch reads what it deletes, not the whole table.
 */
const deleteBatch = async (
  db: Database,
  farmId: number,
  before: Date,
  limit: number,
): Promise<number | null> => {
  let deleted = 0;
  const locked = await runLocked(db, POSITION_RETENTION_JOB, async (tx) => {
    const rows = await tx.query<{ cowId: number }>(
      `DELETE FROM cow_positions
        WHERE (cow_id, measured_at) IN (
          SELECT cow_id, measured_at FROM cow_positions
           WHERE farm_id = $1 AND measured_at < $2
           LIMIT $3)
        RETURNING cow_id AS "cowId"`,
      [farmId, before.toISOString(), limit],
    );
    deleted = rows.length;
  });
  return locked ? deleted : null;
};

/**
 * Deletes every GPS fix taken before `before`, farm by farm, in transactions of at most `batch` fixes.
 * Answers how many fixes went (it stops early, with what it did, when another instance holds the lock).
 */
export const deleteOldPositions = async (
  db: Database,
  before: Date,
  batch = POSITION_DELETE_BATCH,
): Promise<number> => {
  const farms = await db.query<{ id: number }>('SELECT id FROM farms ORDER BY id');
  let total = 0;
  for (const { id } of farms) {
    for (;;) {
      const deleted = await deleteBatch(db, id, before, batch);
      if (deleted === null) return total;
      total += deleted;
      if (deleted < batch) break;
    }
  }
  return total;
};

/** The fixes older than `days` days go: the track shows 24 hours and the fence reads the last day. */
export const positionRetentionJob = (
  db: Database,
  days: number,
  now: () => Date = () => new Date(),
): Job => ({
  name: POSITION_RETENTION_JOB,
  intervalMs: INTERVAL_MS,
  runAtStart: true,
  run: async () => {
    await deleteOldPositions(db, new Date(now().getTime() - days * DAY_MS));
  },
});

export const registerPositionRetention = (app: FastifyInstance, services: Services): void => {
  app.addHook('onReady', async () => {
    if (!services.config.jobs) return;
    const days = services.config.positionRetentionDays ?? DEFAULT_POSITION_RETENTION_DAYS;
    services.jobs.start(positionRetentionJob(services.db, days));
  });
};
