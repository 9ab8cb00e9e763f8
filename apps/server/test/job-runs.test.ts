// Several instances on one database: each keeps its own job timers, and the job_runs claim makes one run per
// interval of them all.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJobRun, JobRunner, type Job } from '../src/jobs/job-runner';
import { createTestApp, type TestApp } from './helpers/test-app';

const HOUR = 3_600_000;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const jobNamed = (prefix: string) => ({
  name: `${prefix}-${randomBytes(3).toString('hex')}`,
  intervalMs: HOUR,
});

describe('claimJobRun', () => {
  it("gives an interval's run to the first instance that asks, and the next interval's again", async () => {
    const job = jobNamed('claimed');
    const other = jobNamed('other');

    expect(await claimJobRun(testApp.db, job)).toBe(true);
    expect(await claimJobRun(testApp.db, job)).toBe(false);
    expect(await claimJobRun(testApp.db, other)).toBe(true);

    // The interval has passed since the claim (less the tenth a drifting timer may be early by).
    await testApp.db.query(
      "UPDATE job_runs SET claimed_at = claimed_at - interval '55 minutes' WHERE name = $1",
      [job.name],
    );
    expect(await claimJobRun(testApp.db, job)).toBe(true);
    expect(await claimJobRun(testApp.db, job)).toBe(false);
  });
});

describe('JobRunner with claims', () => {
  it('runs a job once when two instances start it together, not once on each', async () => {
    let runs = 0;
    const job: Job = {
      ...jobNamed('at-start'),
      runAtStart: true,
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    };
    const instances = [0, 1].map(
      () => new JobRunner(testApp.services.log, (claimed) => claimJobRun(testApp.db, claimed)),
    );
    for (const instance of instances) instance.start(job);
    // Both start-up ticks have begun once the event loop has turned.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(instances.map((instance) => instance.stop()));

    expect(runs).toBe(1);
  });
});
