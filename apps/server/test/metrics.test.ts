import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { InjectOptions } from 'fastify';
import { openChatSocket } from './chat-fixtures';
import { metricSample as sample, scrapeMetrics } from './helpers/metrics';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import {
  brokerUrl,
  connectGateway,
  cowWearing,
  minutesAgo,
  openFarmSocket,
  openGatewayFarms,
  publishReadings,
  reading,
  waitFor,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

// GET /metrics on a running app: a real gateway publishes over the embedded broker, a real browser socket
// listens, and the scrape must tell an operator what happened.

let testApp: TestApp;
let farmer: TestUser;
let gateway: TestGateway;
let client: MqttClient;

beforeAll(async () => {
  ({ testApp, farmer, gateway } = await openGatewayFarms({ listening: true }));
  client = await connectGateway(brokerUrl(testApp), gateway);
});
afterAll(async () => {
  await client.endAsync();
  await testApp.close();
});

const scrape = (app: TestApp = testApp, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
  scrapeMetrics(app.app, options);

const samples = async (names: readonly (readonly [string, string?])[]) => {
  const text = (await scrape()).body;
  return names.map(([name, labels]) => sample(text, name, labels) ?? 0);
};

describe('GET /metrics', () => {
  it('answers in the Prometheus text format, with the process metrics and what this instance runs on', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    const kind = testApp.db.kind;
    expect(sample(text, 'cowcare_info', `{database="${kind}",mqtt="embedded",bus="in-process"}`)).toBe(1);
    expect(sample(text, 'cowcare_ingest_queue_limit')).toBe(testApp.services.config.ingestQueueLimit);
    expect(sample(text, 'cowcare_mqtt_connections')).toBe(1); // the test's gateway
  });

  it('counts the readings stored, duplicated and rejected, and the messages dropped whole', async () => {
    const names = [
      ['cowcare_ingest_readings_total', '{outcome="stored"}'],
      ['cowcare_ingest_readings_total', '{outcome="duplicate"}'],
      ['cowcare_ingest_readings_total', '{outcome="rejected"}'],
      ['cowcare_ingest_messages_dropped_total', '{reason="unreadable"}'],
    ] as const;
    const before = await samples(names);
    await cowWearing(testApp, farmer, 'C901', 40901);
    const at = wholeSecond(minutesAgo(5));
    const good = [reading(40901, 1, at, { temp: 38.6, activity: 20 }), reading(40901, 2, minutesAgo(-1, at))];
    await publishReadings(client, gateway.topic, [...good, { sensor: 'not a number', num: 3 }]);
    await publishReadings(client, gateway.topic, good[0]); // sent again
    await client.publishAsync(gateway.topic, 'not json', { qos: 1 });
    await waitFor(async () => (await samples(names))[3] === (before[3] ?? 0) + 1);
    const after = await samples(names);
    expect(after.map((value, index) => value - (before[index] ?? 0))).toEqual([2, 1, 1, 1]);
  });

  it("counts the notices sent by group and code, and the messages delivered to a farm's browsers", async () => {
    const socket = await openFarmSocket(testApp, farmer);
    try {
      const names = [
        ['cowcare_notices_published_total', '{group="sensor",code="703"}'],
        ['cowcare_socket_messages_sent_total'],
        ['cowcare_sockets_open'],
      ] as const;
      const before = await samples(names);
      expect(before[2]).toBe(1);
      // A sensor no cow of the farm wears: notice 703, once a day per sensor.
      await publishReadings(client, gateway.topic, [reading(40999, 1, minutesAgo(1), { temp: 38.5 })]);
      await waitFor(() => socket.messages.some((message) => message.type === 'notice'));
      const after = await samples(names);
      expect(after[0]).toBe((before[0] ?? 0) + 1);
      expect(after[1]).toBeGreaterThanOrEqual((before[1] ?? 0) + 1);
    } finally {
      socket.close();
    }
  });

  it("counts a user's open chat sockets apart from the farm sockets, and forgets one that closed", async () => {
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening');
    const names = [['cowcare_chat_sockets_open'], ['cowcare_sockets_open']] as const;
    const before = await samples(names);
    const chat = await openChatSocket(`http://127.0.0.1:${address.port}`, farmer);
    try {
      const [chatOpen, farmOpen = 0] = await samples(names);
      expect(chatOpen).toBe((before[0] ?? 0) + 1);
      // Not a farm socket: that gauge does not rise (it may still be dropping an earlier test's socket).
      expect(farmOpen).toBeLessThanOrEqual(before[1] ?? 0);
    } finally {
      chat.close();
    }
    await waitFor(async () => (await samples(names))[0] === before[0]);
  });

  it('times each transaction of readings, and how long each cow waited for detection, urgent cows apart', async () => {
    const names = [
      ['cowcare_ingest_write_seconds_count'],
      ['cowcare_detection_delay_seconds_count', '{urgency="routine"}'],
      ['cowcare_detection_delay_seconds_count', '{urgency="urgent"}'],
    ] as const;
    const before = await samples(names);
    await cowWearing(testApp, farmer, 'C903', 40903);
    // Her average is known, so the ingest sees this reading in the fever bands and she goes first.
    await cowWearing(testApp, farmer, 'C904', 40904, { averageTemperature: 38.6, temperatureOffset: 0.45 });
    await publishReadings(client, gateway.topic, [reading(40903, 1, minutesAgo(2), { temp: 38.7 })]);
    await publishReadings(client, gateway.topic, [reading(40904, 1, minutesAgo(2), { temp: 41.2 })]);
    await waitFor(async () => {
      const [, routine = 0, urgent = 0] = await samples(names);
      return routine > (before[1] ?? 0) && urgent > (before[2] ?? 0);
    });
    const after = await samples(names);
    expect(after[0]).toBe((before[0] ?? 0) + 2);
    const text = (await scrape()).body;
    // Every observation is in the last bucket, and a delay cannot be negative.
    expect(sample(text, 'cowcare_detection_delay_seconds_bucket', '{le="+Inf",urgency="urgent"}')).toBe(
      after[2],
    );
    expect(sample(text, 'cowcare_detection_delay_seconds_sum', '{urgency="urgent"}')).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('counts the detection rounds, the cows run through the detectors and the histories read and held', async () => {
    const names = [
      ['cowcare_detection_cows_total'],
      ['cowcare_detection_rounds_total', '{outcome="done"}'],
      ['cowcare_detection_history_reads_total'],
      ['cowcare_detection_cached_cows'],
    ] as const;
    const before = await samples(names);
    await cowWearing(testApp, farmer, 'C902', 40902);
    await publishReadings(client, gateway.topic, [reading(40902, 1, minutesAgo(2), { temp: 38.7 })]);
    await waitFor(async () => ((await samples(names))[0] ?? 0) > (before[0] ?? 0));
    const after = await samples(names);
    expect(after[1]).toBeGreaterThan(before[1] ?? 0);
    // New to detection: her days are read in full once, then held.
    expect(after[2]).toBe((before[2] ?? 0) + 1);
    expect(after[3]).toBe((before[3] ?? 0) + 1);
    expect(sample((await scrape()).body, 'cowcare_detection_waiting_cows')).toBeGreaterThanOrEqual(0);
  });

  it("holds no farm's data: no farm number, user or gateway name", async () => {
    const text = (await scrape()).body;
    for (const name of [farmer.farmNumber, farmer.username, gateway.username]) {
      expect(text).not.toContain(name);
    }
  });
});

describe('GET /metrics: who may read it', () => {
  const remote = { remoteAddress: '203.0.113.7' };

  it.each([
    ['another machine', remote],
    ['a proxy on this machine (X-Forwarded-For)', { headers: { 'x-forwarded-for': '198.51.100.4' } }],
    ['a proxy on this machine (Forwarded)', { headers: { forwarded: 'for=198.51.100.4' } }],
  ])('without METRICS_TOKEN, answers 403 to %s, with no metrics', async (_case, options) => {
    const response = await scrape(testApp, options);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_FORBIDDEN',
      msg: expect.stringContaining('METRICS_TOKEN'),
    });
  });

  it('without METRICS_TOKEN, answers a client on this machine', async () => {
    expect((await scrape(testApp, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape(testApp, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  describe('with METRICS_TOKEN', () => {
    const token = 'metrics-token-of-the-test';
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await createTestApp({ metricsToken: token });
    });
    afterAll(() => guarded.close());

    it.each([
      ['no token, even from this machine', {}],
      ['a wrong token', { ...remote, headers: { authorization: 'Bearer wrong-token-of-the-test' } }],
      ['the token without Bearer', { ...remote, headers: { authorization: token } }],
    ])('answers 401 to %s, with no metrics', async (_case, options) => {
      const response = await scrape(guarded, options);
      expect(response.statusCode).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('E_UNAUTHORIZED');
      expect(response.body).not.toContain('cowcare_');
    });

    it('answers the token from anywhere', async () => {
      const response = await scrape(guarded, { ...remote, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
      expect(sample(response.body, 'cowcare_ingest_messages_total')).toBe(0);
    });
  });
});
