import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Queryable } from '../src/db/database';
import { createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import {
  brokerUrl,
  connectGateway,
  cowWearing,
  createGateway,
  minutesAgo,
  reading,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

// Normal rate: each gateway sends one batch per reading interval. The burst: every gateway sends ten
// intervals' worth at once, against a database slowed to 25 ms per batch, with room for 2 running and 4
// waiting batches.
const CONCURRENCY = 2;
const QUEUE_LIMIT = 4;
const GATEWAYS = 6;
const BATCHES_PER_GATEWAY = 10;
const READINGS_PER_BATCH = 50;
const COMMIT_DELAY_MS = 25;

let testApp: TestApp;
let farmer: TestUser;
let gateway: TestGateway;

beforeAll(async () => {
  testApp = await createTestApp({ ingestConcurrency: CONCURRENCY, ingestQueueLimit: QUEUE_LIMIT });
  farmer = await createFarmUser(testApp);
  gateway = await createGateway(testApp, farmer);
  for (let cow = 0; cow < READINGS_PER_BATCH; cow += 1) {
    await cowWearing(testApp, farmer, `C${500 + cow}`, 40500 + cow);
  }
});
afterAll(() => testApp.close());

describe('a burst of ten times the normal rate', () => {
  it('slows the senders down, keeps the queue in its bound and loses no acknowledged reading', async () => {
    // Slow writes, noting when each batch's readings were committed and how many transactions ran.
    const committedAt = new Map<number, number>();
    let transactions = 0;
    const original = testApp.db.transaction.bind(testApp.db);
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) => {
      const nums: number[] = [];
      return original(async (tx) => {
        const result = await work({
          ...tx,
          query: (sql, params) => {
            if (sql.includes('INSERT INTO sensor_readings')) nums.push(...(params?.[2] as number[]));
            return tx.query(sql, params);
          },
        });
        await new Promise((resolve) => setTimeout(resolve, COMMIT_DELAY_MS));
        return result;
      }).then((result) => {
        const time = performance.now();
        // Other work (detection) uses transactions too; only the ingest's count here.
        if (nums.length > 0) transactions += 1;
        nums.forEach((num) => committedAt.set(num, time));
        return result;
      });
    };
    const { queue } = testApp.services.ingest;
    let observedMax = 0;
    const sampler = setInterval(() => (observedMax = Math.max(observedMax, queue.length)), 1);
    const clients: MqttClient[] = [];
    const acked: number[] = [];
    const ackedAt = new Map<number, number>();
    const start = wholeSecond(minutesAgo(BATCHES_PER_GATEWAY * 10 + 5));
    const started = Date.now();
    try {
      for (let index = 0; index < GATEWAYS; index += 1) {
        clients.push(await connectGateway(brokerUrl(testApp), gateway));
      }
      await Promise.all(
        clients.flatMap((client, gatewayIndex) =>
          Array.from({ length: BATCHES_PER_GATEWAY }, async (_, batch) => {
            // Every gateway owns its own sequence numbers, so no two batches overlap.
            const num = gatewayIndex * 1000 + batch;
            const at = new Date(start.getTime() + (gatewayIndex * BATCHES_PER_GATEWAY + batch) * 1000);
            const payload = Array.from({ length: READINGS_PER_BATCH }, (_, cow) =>
              reading(40500 + cow, num, at, { temp: 38.5, activity: 10 }),
            );
            await client.publishAsync(gateway.topic, JSON.stringify(payload), { qos: 1 });
            ackedAt.set(num, performance.now());
            acked.push(num);
          }),
        ),
      );
    } finally {
      clearInterval(sampler);
      testApp.db.transaction = original;
      await Promise.all(clients.map((client) => client.endAsync()));
    }
    const elapsed = Date.now() - started;
    const batches = GATEWAYS * BATCHES_PER_GATEWAY;

    // Every acknowledged batch is in the database, whole.
    expect(acked).toHaveLength(batches);
    const stored = await testApp.db.query<{ num: number; readings: number }>(
      `SELECT sequence_number AS num, count(*)::int AS readings FROM sensor_readings
        WHERE farm_id = $1 GROUP BY sequence_number ORDER BY sequence_number`,
      [gateway.farmId],
    );
    expect(stored).toEqual(
      [...acked].sort((a, b) => a - b).map((num) => ({ num, readings: READINGS_PER_BATCH })),
    );
    // The queue filled up to its bound and never past it.
    expect(queue.maxLength).toBe(QUEUE_LIMIT);
    expect(observedMax).toBeLessThanOrEqual(QUEUE_LIMIT);
    // Every acknowledgement came after its batch's commit, so the senders were paced by the writes.
    for (const num of acked) {
      expect(ackedAt.get(num)).toBeGreaterThanOrEqual(committedAt.get(num) ?? Infinity);
    }
    expect(elapsed).toBeGreaterThanOrEqual((transactions / CONCURRENCY) * COMMIT_DELAY_MS);
  });
});
