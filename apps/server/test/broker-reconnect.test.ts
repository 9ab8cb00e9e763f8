import { afterAll, beforeAll, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { sharedReadingsSubscription } from '../src/ingest/topics';
import {
  createFarmUser,
  createTestApp,
  testConfig,
  TEST_RUN_ID,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
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

// The external broker's connection dropped and back, as across a broker restart. Required in CI; locally
// it runs when MQTT_URL is set.
const mqttUrl = process.env.MQTT_URL;

describeWithServices('an external broker that comes back', mqttUrl ? undefined : 'MQTT_URL', () =>
  reconnectSuite(mqttUrl ?? ''),
);

function reconnectSuite(url: string) {
  const shareGroup = `reconnect-${TEST_RUN_ID}`;
  const instanceName = `r-${TEST_RUN_ID}`;
  let proxy: TcpProxy;
  let testApp: TestApp;
  let farmer: TestUser;
  let gateway: TestGateway;
  let publisher: MqttClient;

  beforeAll(async () => {
    proxy = await startTcpProxy(url);
    // The only member of its own share group, so no other instance can take its messages.
    testApp = await createTestApp({
      mqttUrl: proxy.url,
      mqttShareGroup: shareGroup,
      instanceName,
      ingestConcurrency: 1,
    });
    farmer = await createFarmUser(testApp);
    gateway = await createGateway(testApp, farmer);
    publisher = await mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0 });
  });
  afterAll(async () => {
    await publisher.endAsync();
    await testApp.close();
    await proxy.cut();
  });

  it('subscribes again when the broker resumes its session without the shared subscription', async () => {
    await cowWearing(testApp, farmer, 'C701', 40701);
    const at = minutesAgo(5, wholeSecond(new Date()));
    const publish = (num: number) =>
      publisher.publishAsync(gateway.topic, JSON.stringify([reading(40701, num, minutesAgo(-num, at))]), {
        qos: 1,
      });
    const stored = async () => (await storedReadings(testApp, gateway.farmId)).map((row) => row.num);

    await publish(1);
    await waitFor(async () => (await stored()).length === 1);
    await proxy.interrupt(async () => {
      // What Mosquitto keeps of the member across a restart: its session ("session present" on reconnect),
      // but not its $share subscription.
      const session = await mqtt.connectAsync(url, {
        protocolVersion: 5,
        clientId: `${shareGroup}-${instanceName}-0`,
        clean: false,
        reconnectPeriod: 0,
        properties: { sessionExpiryInterval: 3600 },
      });
      await session.unsubscribeAsync(sharedReadingsSubscription(shareGroup, testConfig().mqttTopicRoot));
      await session.endAsync(false, { properties: { sessionExpiryInterval: 3600 } });
    });

    // Health and metrics count a member once it is subscribed again; what the broker had for the group
    // before then had no subscriber to go to.
    await waitFor(() => testApp.services.mqtt?.connectionCount() === 1, 10_000);
    await publish(2);
    await waitFor(async () => (await stored()).length === 2);
    expect(await stored()).toEqual([1, 2]);
  });
}
