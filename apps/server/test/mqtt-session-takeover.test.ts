// An instance lost without a word (killed, its host gone) keeps its members' places in the broker's shared
// group, and the broker queues their share of the readings in their sessions. The other instances take those
// sessions over once the broker announces the loss (the members' MQTT 5 wills): they store what was queued and
// end the sessions, so the share goes to the members still there. Against the local Mosquitto; required in CI.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { buildApp, type BuiltApp } from '../src/app';
import type { Config } from '../src/config';
import { createFarmUser, createTestApp, testConfig, TEST_RUN_ID, type TestApp } from './helpers/test-app';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { describeWithServices } from './helpers/required-services';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';
import {
  cowWearing,
  createGateway,
  minutesAgo,
  reading,
  storedReadings,
  waitFor,
  wholeSecond,
  type TestGateway,
} from './ingest-fixtures';

const mqttUrl = process.env.MQTT_URL;

describeWithServices('the sessions of an instance lost to the broker', mqttUrl ? undefined : 'MQTT_URL', () =>
  takeoverSuite(mqttUrl ?? ''),
);

function takeoverSuite(url: string) {
  let proxy: TcpProxy;
  let lost: TestApp;
  let survivor: BuiltApp;
  let gateway: TestGateway;
  let publisher: MqttClient;
  // Two members each; the broker announces a member's loss one second after its connection went.
  const shared: Partial<Config> = { ingestConcurrency: 2, mqttTakeoverDelaySeconds: 1 };

  beforeAll(async () => {
    proxy = await startTcpProxy(url);
    // The instance to be lost reaches the broker through a proxy, which can drop its connections at once.
    lost = await createTestApp({ ...shared, mqttUrl: proxy.url, instanceName: `lost-${TEST_RUN_ID}` });
    survivor = await buildApp(
      testConfig({ ...shared, mqttUrl: url, instanceName: `survivor-${TEST_RUN_ID}` }),
      lost.db,
    );
    await survivor.app.ready();
    const farmer = await createFarmUser(lost);
    gateway = await createGateway(lost, farmer);
    await cowWearing(lost, farmer, 'C801', 40801);
    publisher = await mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await survivor?.app.close();
    await lost?.close();
    await proxy?.cut();
  });

  const at = minutesAgo(60, wholeSecond(new Date()));
  const publish = (num: number) =>
    publisher.publishAsync(gateway.topic, JSON.stringify([reading(40801, num, minutesAgo(-num, at))]), {
      qos: 1,
    });
  const storedNums = async () => (await storedReadings(lost, gateway.farmId)).map((row) => row.num);
  const metric = async (app: FastifyInstance, name: string) =>
    metricSample((await scrapeMetrics(app)).body, name) ?? 0;
  const takenOver = () => metric(survivor.app, 'cowcare_mqtt_sessions_taken_over_total');
  const messagesStoredBy = (app: FastifyInstance) => metric(app, 'cowcare_ingest_messages_total');
  const memberConnections = (app: FastifyInstance) => metric(app, 'cowcare_mqtt_connections');

  it('splits the readings between both instances while both are there', async () => {
    for (let num = 1; num <= 10; num += 1) await publish(num);
    await waitFor(async () => (await storedNums()).length === 10);
    expect(await takenOver()).toBe(0);
  });

  it("stores the lost instance's share from its sessions, takes all of it while it is gone, and shares again once it is back", async () => {
    // Lost: its connections end without a DISCONNECT, and it cannot reach the broker for a while.
    await proxy.interrupt(async () => {
      for (let num = 11; num <= 30; num += 1) await publish(num);
      // About half of those went to the lost members' sessions; without a takeover they would wait there for
      // the lost instance (24 h).
      await waitFor(async () => (await storedNums()).length === 30, 10_000);
      // Each session is ended once it has been quiet a moment.
      await waitFor(async () => (await takenOver()) === 2);

      const survivorMessages = await messagesStoredBy(survivor.app);
      for (let num = 31; num <= 40; num += 1) await publish(num);
      await waitFor(async () => (await storedNums()).length === 40);
      expect(await messagesStoredBy(survivor.app)).toBe(survivorMessages + 10);
    });

    // Back: its members start new sessions and join the group again.
    await waitFor(async () => (await memberConnections(lost.app)) === 2, 10_000);
    const lostMessages = await messagesStoredBy(lost.app);
    for (let num = 41; num <= 60; num += 1) await publish(num);
    await waitFor(async () => (await storedNums()).length === 60);
    expect(await messagesStoredBy(lost.app)).toBeGreaterThan(lostMessages);
    expect((await storedNums()).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
}
