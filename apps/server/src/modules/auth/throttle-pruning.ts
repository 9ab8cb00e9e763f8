import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { runLocked, type Job } from '../../jobs/job-runner';
import type { Services } from '../../services';
import { pruneThrottles } from './throttle-store';

export const THROTTLE_PRUNE_JOB = 'throttle-prune';

/** Failures out of every window and long-unused trusted addresses go, so the tables hold recent activity only. */
export const throttlePruneJob = (db: Database): Job => ({
  name: THROTTLE_PRUNE_JOB,
  intervalMs: 10 * 60_000,
  run: async () => {
    await runLocked(db, THROTTLE_PRUNE_JOB, (tx) => pruneThrottles(tx, Date.now()));
  },
});

export const registerThrottlePruning = (app: FastifyInstance, services: Services): void => {
  app.addHook('onReady', async () => {
    if (services.config.jobs) services.jobs.start(throttlePruneJob(services.db));
  });
};
