import { afterAll, beforeAll, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp, type BuiltApp } from '../src/app';
import type { Config } from '../src/config';
import type { Queryable } from '../src/db/database';
import {
  createFarmUser,
  createTestApp,
  testConfig,
  TEST_RUN_ID,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { describeWithServices } from './helpers/required-services';
import { MAX_READINGS_PACKET_BYTES } from '../src/ingest/mqtt-packet-limit';
import {
  cowState,
  cowWearing,
  createGateway,
  minutesAgo,
  openFarmSocket,
  pause,
  reading,
  storedReadings,
  waitFor,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

// The server as a member of an MQTT 5 shared subscription on an external broker (the local Mosquitto).
// Required in CI; locally it runs when MQTT_URL is set.
const mqttUrl = process.env.MQTT_URL;
const busUrl = process.env.REDIS_URL ?? process.env.NATS_URL;

describeWithServices('ingest through an external broker', mqttUrl ? undefined : 'MQTT_URL', () =>
  externalBrokerSuite(mqttUrl ?? ''),
);

function externalBrokerSuite(url: string) {
  let testApp: TestApp;
  let second: BuiltApp;
  let farmer: TestUser;
  let gateway: TestGateway;
  let publisher: MqttClient;
  const external: Partial<Config> = { mqttUrl: url, busUrl, ingestConcurrency: 2, ingestQueueLimit: 4 };

  beforeAll(async () => {
    testApp = await createTestApp({ ...external, instanceName: `a-${TEST_RUN_ID}` });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    // A second instance on the same database and broker: same share group, its own name.
    second = await buildApp(testConfig({ ...external, instanceName: `b-${TEST_RUN_ID}` }), testApp.db);
    await second.app.ready();
    farmer = await createFarmUser(testApp);
    gateway = await createGateway(testApp, farmer);
    // Mosquitto here lets anyone in; its ACLs would bind the gateway to this topic (docs/operations.md).
    publisher = await mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await publisher.endAsync();
    await second.app.close();
    await testApp.close();
  });

  const publish = (payload: unknown) =>
    publisher.publishAsync(gateway.topic, JSON.stringify(payload), { qos: 1 });
  const sensorRows = async (sensorId: number) =>
    (await storedReadings(testApp, gateway.farmId)).filter((row) => row.sensorId === sensorId);
  const now = () => wholeSecond(new Date());

  it('stores a batch, with the duplicates of a second delivery ignored', async () => {
    const cowId = await cowWearing(testApp, farmer, 'C601', 40601);
    const at = minutesAgo(3, now());
    await publish([
      reading(40601, 1, minutesAgo(10, at), { temp: 38.4 }),
      reading(40601, 2, at, { temp: 38.7 }),
    ]);
    await publish([reading(40601, 2, at, { temp: 40 }), reading(40601, 3, at, { temp: 40 })]);
    await waitFor(
      async () =>
        (await sensorRows(40601)).length === 2 &&
        testApp.services.ingest.stats.duplicate + second.services.ingest.stats.duplicate >= 2,
    );
    expect(await sensorRows(40601)).toEqual([
      { sensorId: 40601, cowId, num: 1, temperature: 38.4 },
      { sensorId: 40601, cowId, num: 2, temperature: 38.7 },
    ]);
    expect((await cowState(testApp, cowId)).currentTemperature).toBe(38.7);
  });

  it('splits the messages between the instances of the shared group', async () => {
    await cowWearing(testApp, farmer, 'C602', 40602);
    const before = [testApp.services.ingest.stats.batches, second.services.ingest.stats.batches];
    const at = minutesAgo(100, now());
    for (let num = 0; num < 40; num += 1) {
      await publish([reading(40602, num, minutesAgo(-num, at), { temp: 38.5 })]);
    }
    const first = () => testApp.services.ingest.stats.batches - (before[0] ?? 0);
    const other = () => second.services.ingest.stats.batches - (before[1] ?? 0);
    // A batch's rows are visible at its commit, a moment before its instance counts it.
    await waitFor(async () => (await sensorRows(40602)).length === 40 && first() + other() >= 40);
    expect(first() + other()).toBe(40);
    expect(first()).toBeGreaterThan(0);
    expect(other()).toBeGreaterThan(0);
  });

  it('is not sent a message over the size limit: the broker drops it, and the next one is stored', async () => {
    await cowWearing(testApp, farmer, 'C606', 40606);
    const at = minutesAgo(30, now());
    // 1,000 readings padded to about 1.2 KiB each: over the 1 MiB (and its header allowance) we read.
    const oversized = Array.from({ length: 1000 }, (_, num) => ({
      ...reading(40606, num, minutesAgo(num, at), { temp: 38.5 }),
      note: 'x'.repeat(1_200),
    }));
    expect(Buffer.byteLength(JSON.stringify(oversized))).toBeGreaterThan(MAX_READINGS_PACKET_BYTES);
    await publish(oversized);
    await publish([reading(40606, 5000, minutesAgo(-1, at), { temp: 38.6 })]);
    await waitFor(async () => (await sensorRows(40606)).length > 0);
    await pause(300);
    expect((await sensorRows(40606)).map((row) => row.num)).toEqual([5000]);
    for (const instance of [testApp, second]) {
      expect(instance.services.mqtt?.connectionCount()).toBe(external.ingestConcurrency);
    }
  });

  it("tells an operator each instance's broker connections and its share of the messages", async () => {
    const scrapes = async () =>
      Promise.all([testApp.app, second.app].map(async (app) => (await scrapeMetrics(app)).body));
    const bus = testApp.services.bus.kind;
    for (const text of await scrapes()) {
      expect(
        metricSample(text, 'cowcare_info', `{database="${testApp.db.kind}",mqtt="external",bus="${bus}"}`),
      ).toBe(1);
      expect(metricSample(text, 'cowcare_mqtt_connections')).toBe(external.ingestConcurrency);
    }
    const written = (texts: string[]) =>
      texts.map((text) => metricSample(text, 'cowcare_ingest_messages_total') ?? 0);
    const before = written(await scrapes());
    await cowWearing(testApp, farmer, 'C605', 40605);
    for (let num = 0; num < 20; num += 1) {
      await publish([reading(40605, num, minutesAgo(60 - num, now()), { temp: 38.5 })]);
    }
    await waitFor(async () => (await sensorRows(40605)).length === 20);
    const taken = written(await scrapes()).map((count, index) => count - (before[index] ?? 0));
    expect(taken[0]! + taken[1]!).toBe(20);
  });

  it('does not acknowledge a batch whose write failed: the broker delivers it again and it is stored once', async () => {
    await cowWearing(testApp, farmer, 'C603', 40603);
    let attempts = 0;
    // Fails the first write of this sensor's readings, as a lost database connection would.
    const original = testApp.db.transaction.bind(testApp.db);
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) =>
      original((tx) =>
        work({
          ...tx,
          query: (sql, params) => {
            const ours =
              sql.includes('INSERT INTO sensor_readings') && JSON.stringify(params?.[1]) === '[40603]';
            if (ours) attempts += 1;
            if (ours && attempts === 1) return Promise.reject(new Error('database unavailable'));
            return tx.query(sql, params);
          },
        }),
      );
    try {
      await publish([reading(40603, 1, minutesAgo(2, now()), { temp: 38.9 })]);
      await waitFor(async () => (await sensorRows(40603)).length === 1, 15_000);
    } finally {
      testApp.db.transaction = original;
    }
    expect(attempts).toBe(2);
    expect(await sensorRows(40603)).toHaveLength(1);
    const failures = await Promise.all(
      [testApp.app, second.app].map(
        async (app) =>
          metricSample((await scrapeMetrics(app)).body, 'cowcare_ingest_write_failures_total') ?? 0,
      ),
    );
    expect(failures[0]! + failures[1]!).toBe(1);
  });

  it('takes no more than it writes under a burst: the rest waits at the broker, and every message is stored', async () => {
    await cowWearing(testApp, farmer, 'C604', 40604);
    const original = testApp.db.transaction.bind(testApp.db);
    testApp.db.transaction = <T>(work: (tx: Queryable) => Promise<T>) =>
      original(async (tx) => {
        const result = await work(tx);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return result;
      });
    const instances = [testApp.services, second.services];
    // Batches each instance holds at once (running or waiting): bounded by its members, one message each.
    const held = instances.map(() => 0);
    const sampler = setInterval(() => {
      instances.forEach((instance, index) => {
        const now = instance.ingest.queue.active + instance.ingest.queue.length;
        held[index] = Math.max(held[index] ?? 0, now);
      });
    }, 1);
    const at = minutesAgo(200, now());
    const started = Date.now();
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, num) =>
          publish([reading(40604, num, minutesAgo(-num, at), { activity: 9 })]),
        ),
      );
      await waitFor(async () => (await sensorRows(40604)).length === 60, 20_000);
    } finally {
      clearInterval(sampler);
      testApp.db.transaction = original;
    }
    // PGlite writes one transaction at a time, PostgreSQL two per instance: 60 writes of 20 ms each.
    const writers = testApp.db.kind === 'pglite' ? 1 : 4;
    expect(Date.now() - started).toBeGreaterThanOrEqual((60 / writers) * 20);
    expect(held.every((count) => count <= external.ingestConcurrency!)).toBe(true);
    expect(Math.max(...held)).toBe(external.ingestConcurrency);
  });

  if (busUrl) {
    it("pushes to the farm's sockets on every instance through the bus", async () => {
      const sensors = Array.from({ length: 8 }, (_, index) => 40610 + index);
      const cowIds = await Promise.all(
        sensors.map((sensor, index) => cowWearing(testApp, farmer, `C61${index}`, sensor)),
      );
      const socket = await openFarmSocket(testApp, farmer);
      const takenBySecond = second.services.ingest.stats.batches;
      for (const sensor of sensors) await publish([reading(sensor, 1, minutesAgo(1, now()), { temp: 38.2 })]);
      const informed = () =>
        new Set(
          socket.messages.filter((message) => message.type === 'cowinfo').map((message) => message.data.id),
        );
      await waitFor(() => cowIds.every((cowId) => informed().has(cowId)));
      // The socket is on the first instance; the second took some of the messages.
      expect(second.services.ingest.stats.batches).toBeGreaterThan(takenBySecond);
      socket.close();
    });
  }
}
