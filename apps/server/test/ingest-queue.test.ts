import { describe, expect, it } from 'vitest';
import { IngestQueue } from '../src/ingest/ingest-queue';

interface Job {
  farm: number;
  size: number;
  name: string;
}

/** A queue whose writes wait for `release`, recording the groups it was given. */
const harness = (options: { concurrency: number; limit: number; maxGroupSize?: number }) => {
  const groups: string[][] = [];
  const pending: (() => void)[] = [];
  let failing = new Set<string>();
  const queue = new IngestQueue<Job, string>(
    {
      concurrency: options.concurrency,
      limit: options.limit,
      groupKey: (job) => job.farm,
      size: (job) => job.size,
      maxGroupSize: options.maxGroupSize ?? 100,
    },
    async (jobs) => {
      groups.push(jobs.map((job) => job.name));
      await new Promise<void>((resolve) => pending.push(resolve));
      if (jobs.some((job) => failing.has(job.name))) throw new Error('write failed');
      return jobs.map((job) => `done ${job.name}`);
    },
  );
  const releaseAll = async () => {
    while (pending.length > 0 || queue.active > 0) {
      pending.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  return { queue, groups, releaseAll, failOn: (names: string[]) => (failing = new Set(names)) };
};

const job = (name: string, farm: number, size = 1): Job => ({ name, farm, size });

describe('ingest queue', () => {
  it('writes a job at once when a slot is free, each on its own', async () => {
    const { queue, groups, releaseAll } = harness({ concurrency: 2, limit: 4 });
    const results = [queue.submit(job('a', 1)), queue.submit(job('b', 1))];
    expect(groups).toEqual([['a'], ['b']]);
    await releaseAll();
    expect(await Promise.all(results)).toEqual(['done a', 'done b']);
  });

  it("writes the waiting jobs of one farm together, in order, other farms' apart", async () => {
    const { queue, groups, releaseAll } = harness({ concurrency: 1, limit: 10 });
    const results = ['a1', 'b1', 'a2', 'a3', 'b2'].map((name) =>
      queue.submit(job(name, name.startsWith('a') ? 1 : 2)),
    );
    expect(queue.length).toBe(4);
    await releaseAll();
    expect(groups).toEqual([['a1'], ['b1', 'b2'], ['a2', 'a3']]);
    expect(await Promise.all(results)).toEqual(['done a1', 'done b1', 'done a2', 'done a3', 'done b2']);
  });

  it("writes next the farm written longest ago, so one farm's backlog does not hold up another's message", async () => {
    const { queue, groups, releaseAll } = harness({ concurrency: 1, limit: 10, maxGroupSize: 1 });
    const results = ['a1', 'a2', 'a3', 'c1', 'a4', 'b1'].map((name) =>
      queue.submit(job(name, name.charCodeAt(0))),
    );
    await releaseAll();
    // c and b were never written, so each goes before a's backlog; c waited longer than b.
    expect(groups).toEqual([['a1'], ['c1'], ['b1'], ['a2'], ['a3'], ['a4']]);
    await Promise.all(results);
  });

  it('gives room in a full queue first to the farm written longest ago', async () => {
    const { queue, groups, releaseAll } = harness({ concurrency: 1, limit: 1 });
    const results = [queue.submit(job('a1', 1)), queue.submit(job('a2', 1))];
    // The queue is full: both wait for room, a3 first.
    results.push(queue.submit(job('a3', 1)), queue.submit(job('b1', 2)));
    await releaseAll();
    expect(groups).toEqual([['a1'], ['a2'], ['b1'], ['a3']]);
    await Promise.all(results);
  });

  it('stops a group before its size would pass the maximum', async () => {
    const { queue, groups, releaseAll } = harness({ concurrency: 1, limit: 10, maxGroupSize: 5 });
    const results = [job('first', 1), job('x', 1, 2), job('y', 1, 2), job('z', 1, 2)].map((each) =>
      queue.submit(each),
    );
    await releaseAll();
    expect(groups).toEqual([['first'], ['x', 'y'], ['z']]);
    await Promise.all(results);
  });

  it('never lets more than the limit wait: submit waits for room, trySubmit says no', async () => {
    const { queue, releaseAll } = harness({ concurrency: 1, limit: 2 });
    const accepted = [1, 2, 3].map((farm) => queue.submit(job(`j${farm}`, farm)));
    expect(queue.length).toBe(2);
    expect(queue.trySubmit(job('refused', 9))).toBeUndefined();
    let waitedForRoom = false;
    const blocked = queue.submit(job('late', 8)).then((result) => {
      waitedForRoom = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(queue.length).toBe(2);
    expect(waitedForRoom).toBe(false);
    await releaseAll();
    expect(await blocked).toBe('done late');
    expect(await Promise.all(accepted)).toEqual(['done j1', 'done j2', 'done j3']);
    expect(queue.maxLength).toBe(2);
  });

  it('retries the jobs of a failed group one by one, so only the bad one fails', async () => {
    const { queue, groups, releaseAll, failOn } = harness({ concurrency: 1, limit: 10 });
    failOn(['bad']);
    const first = queue.submit(job('first', 1));
    const good = queue.submit(job('good', 1));
    const bad = queue.submit(job('bad', 1));
    const settled = Promise.allSettled([first, good, bad]);
    await releaseAll();
    const [firstResult, goodResult, badResult] = await settled;
    expect(firstResult).toEqual({ status: 'fulfilled', value: 'done first' });
    expect(goodResult).toEqual({ status: 'fulfilled', value: 'done good' });
    expect(badResult).toMatchObject({ status: 'rejected', reason: new Error('write failed') });
    expect(groups).toEqual([['first'], ['good', 'bad'], ['good'], ['bad']]);
  });

  it('resolves idle once nothing runs or waits', async () => {
    const { queue, releaseAll } = harness({ concurrency: 1, limit: 4 });
    void queue.submit(job('a', 1));
    void queue.submit(job('b', 2));
    let idle = false;
    const waiting = queue.idle().then(() => (idle = true));
    expect(idle).toBe(false);
    await releaseAll();
    await waiting;
    expect(idle).toBe(true);
  });
});
