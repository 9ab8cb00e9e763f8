import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { MAX_READINGS_PAYLOAD_BYTES } from '@cowcare/contract/routes/ingest';
import type { Queryable } from '../src/db/database';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import {
  basicAuthorization,
  cowState,
  cowWearing,
  minutesAgo,
  noticesOf,
  openGatewayFarms,
  reading,
  storedReadings,
  waitFor,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let gateway: TestGateway;
let neighbourGateway: TestGateway;

beforeAll(async () => {
  ({ testApp, farmer, gateway, neighbourGateway } = await openGatewayFarms({ listening: false }));
});
afterAll(() => testApp.close());

const post = (
  body: unknown,
  headers: Record<string, string> = basicAuthorization(gateway.username, gateway.secret),
) => call(testApp, api.ingest.postReadings, { body, headers });
const now = () => wholeSecond(new Date());

describe('POST /api/ingest/readings: gateway credentials', () => {
  it('answers 401 with a Basic challenge without credentials, and stores nothing', async () => {
    await cowWearing(testApp, farmer, 'C201', 40201);
    const response = await post([reading(40201, 1, minutesAgo(1, now()), { temp: 38 })], {});
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(response.json()).toEqual({ success: false, code: 'E_UNAUTHORIZED', msg: expect.any(String) });
    expect(await storedReadings(testApp, gateway.farmId)).toEqual([]);
  });

  it.each([
    ['a wrong secret', () => basicAuthorization(gateway.username, 'wrong')],
    ['an unknown gateway', () => basicAuthorization('nobody', 'x')],
    ['a user token instead', () => ({ authorization: `Bearer ${farmer.token}` })],
    ['a malformed header', () => ({ authorization: 'Basic !!!' })],
  ])('answers 401 for %s', async (_case, headers) => {
    const response = await post([reading(40201, 2, minutesAgo(1, now()))], headers());
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('E_UNAUTHORIZED');
  });

  it("writes only to the gateway's own farm: another farm's gateway cannot reach this farm's cows", async () => {
    const cowId = await cowWearing(testApp, farmer, 'C202', 40202);
    const response = await post(
      [reading(40202, 1, minutesAgo(1, now()), { temp: 41.8 })],
      basicAuthorization(neighbourGateway.username, neighbourGateway.secret),
    );
    expect(response.statusCode).toBe(200);
    expect(await storedReadings(testApp, neighbourGateway.farmId)).toEqual([
      { sensorId: 40202, cowId: null, num: 1, temperature: 41.8 },
    ]);
    expect((await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40202)).toEqual(
      [],
    );
    expect((await cowState(testApp, cowId)).currentTemperature).toBeNull();
    // The stray sensor is the neighbour's business (703 there), never this farm's.
    expect((await noticesOf(testApp, gateway.farmId)).filter((notice) => notice.sensorId === 40202)).toEqual(
      [],
    );
    expect((await noticesOf(testApp, neighbourGateway.farmId)).map((notice) => notice.code)).toEqual([703]);
  });
});

describe('POST /api/ingest/readings: the payload', () => {
  it.each([
    ['a string', '"readings"'],
    ['a number', '42'],
    ['an empty array', '[]'],
  ])('answers 400 naming the body for %s', async (_case, json) => {
    const response = await post(json, {
      ...basicAuthorization(gateway.username, gateway.secret),
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    expect(response.json<{ msg: string }>().msg).toMatch(/body/);
  });

  it('answers 400 for more than 1,000 readings', async () => {
    const at = minutesAgo(1, now());
    const response = await post(Array.from({ length: 1001 }, (_, num) => reading(40299, num, at)));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toMatch(/body.*1000/);
  });

  it('answers 413 for a body over 1 MiB, and stores nothing; 1,000 readings in 1 MiB are stored', async () => {
    const at = minutesAgo(30, now());
    // Gateways may add fields of their own; padded, 1,000 readings reach the limit.
    const padded = (padBytes: number) =>
      Array.from({ length: 1000 }, (_, num) => ({
        ...reading(40298, num + padBytes, minutesAgo(num / 100, at)),
        note: 'x'.repeat(padBytes),
      }));
    const tooLarge = padded(1_000);
    expect(Buffer.byteLength(JSON.stringify(tooLarge))).toBeGreaterThan(MAX_READINGS_PAYLOAD_BYTES);
    const refused = await post(tooLarge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ success: false, code: 'E_PAYLOAD_TOO_LARGE' });
    const fits = padded(950);
    expect(Buffer.byteLength(JSON.stringify(fits))).toBeLessThanOrEqual(MAX_READINGS_PAYLOAD_BYTES);
    const accepted = await post(fits);
    expect(accepted.statusCode).toBe(200);
    const rows = (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40298);
    expect(rows).toHaveLength(1000);
  });

  it('answers per item: stored, duplicate or rejected with the reason', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C211', 40211);
    // Both stored readings in one clock hour: her only usual is of the hour of her first one (decision 0013).
    const recent = minutesAgo(4, now());
    const at = recent.getUTCMinutes() >= 50 ? minutesAgo(15, recent) : recent;
    const first = await post([reading(40211, 1, at, { temp: 38.6, activity: 12 })]);
    expect(first.json()).toEqual({
      success: true,
      data: { stored: 1, duplicate: 0, rejected: 0, items: [{ index: 0, status: 'stored' }] },
    });
    const [seen] = await testApp.db.query<{ lastSeen: boolean }>(
      'SELECT last_seen_at IS NOT NULL AS "lastSeen" FROM gateways WHERE username = $1',
      [gateway.username],
    );
    expect(seen).toEqual({ lastSeen: true });

    const response = await post([
      reading(40211, 1, at, { temp: 38.6, activity: 12 }),
      reading(40211, 2, minutesAgo(-10, at), { temp: 38.8, activity: 13 }),
      { sensor: 40211, num: 3, timedate: minutesAgo(-20, at).toISOString(), temp: 46 },
      { sensor: 40211, timedate: at.toISOString() },
      { sensor: '40211', num: 4, timedate: at.toISOString() },
      { sensor: 40211, num: 5, timedate: '2026-13-45T99:00:00Z' },
      reading(40211, 6, minutesAgo(-180, now())),
      reading(40211, 7, minutesAgo(-20, at), { activity: -1 }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        stored: 1,
        duplicate: 1,
        rejected: 6,
        items: [
          { index: 0, status: 'duplicate' },
          { index: 1, status: 'stored' },
          { index: 2, status: 'rejected', reason: 'temp must be <= 45' },
          { index: 3, status: 'rejected', reason: "num must have required property 'num'" },
          { index: 4, status: 'rejected', reason: 'sensor must be integer' },
          { index: 5, status: 'rejected', reason: 'timedate must match format "date-time"' },
          { index: 6, status: 'rejected', reason: 'timedate is more than an hour in the future' },
          { index: 7, status: 'rejected', reason: 'activity must be >= 0' },
        ],
      },
    });
    expect(await cowState(testApp, cowId)).toMatchObject({ currentTemperature: 38.8 });
    // Her activity, once the detection stage has judged her: her last two hours' mean (decision 0013).
    await waitFor(async () => (await cowState(testApp, cowId)).currentActivity === 12.5);
  });

  it("keeps a batch's good readings when an item carries a NUL character", async () => {
    await cowWearing(testApp, farmer, 'C241', 40241);
    const at = minutesAgo(3, now());
    const response = await post([
      // A field of the gateway's own: not kept, so no reason to refuse the reading.
      { ...reading(40241, 1, at, { temp: 38.5 }), note: 'bad\u0000byte' },
      { sensor: 40241, num: 2, timedate: `${at.toISOString()}\u0000` },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { stored: 1, rejected: 1 } });
  });

  it('accepts one reading object as the body', async () => {
    await cowWearing(testApp, farmer, 'C221', 40221);
    const response = await post(reading(40221, 1, minutesAgo(2, now()), { temp: 38.4 }));
    expect(response.json()).toEqual({
      success: true,
      data: { stored: 1, duplicate: 0, rejected: 0, items: [{ index: 0, status: 'stored' }] },
    });
  });

  it('answers 503 E_INGEST_BUSY with Retry-After when the queue is full, and stores nothing', async () => {
    await cowWearing(testApp, farmer, 'C231', 40231);
    await cowWearing(testApp, farmer, 'C232', 40232);
    const { ingest, config } = testApp.services;
    // Writes hang until the gate opens, so the queue fills: the writers busy, 32 batches waiting.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const original = testApp.db.transaction.bind(testApp.db);
    let writing = 0;
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) => {
      writing += 1;
      return gate.then(() => original(work));
    };
    const at = minutesAgo(30, now());
    const blockers = Array.from({ length: ingest.concurrency + config.ingestQueueLimit }, (_, num) =>
      ingest.ingest(gateway.farmId, [reading(40232, num, minutesAgo(-num / 10, at), { temp: 38 })]),
    );
    try {
      expect(ingest.queue.length).toBe(config.ingestQueueLimit);
      // PGlite is one connection, so the ingest writes one batch at a time there; PostgreSQL four.
      expect(writing).toBe(testApp.db.kind === 'pglite' ? 1 : 4);
      const response = await post([reading(40231, 1, minutesAgo(1, now()), { temp: 38 })]);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ success: false, code: 'E_INGEST_BUSY', msg: expect.any(String) });
    } finally {
      open();
      await Promise.all(blockers);
      testApp.db.transaction = original;
    }
    expect((await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40231)).toEqual(
      [],
    );
    expect(
      (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === 40232),
    ).toHaveLength(ingest.concurrency + config.ingestQueueLimit);
  });
});
