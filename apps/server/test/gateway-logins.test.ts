// Wrong gateway secrets, over MQTT and HTTP: what they block, and that they cannot lock a farm's gateway out.
import { connect } from 'node:net';
import { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import {
  basicAuthorization,
  cowWearing,
  createGateway,
  gatewayClientOptions,
  minutesAgo,
  openGatewayFarms,
  publishReadings,
  reading,
  storedReadings,
  type TestGateway,
} from './ingest-fixtures';

let testApp: TestApp;
let farmer: TestUser;

beforeAll(async () => {
  ({ testApp, farmer } = await openGatewayFarms({ listening: false }));
  await cowWearing(testApp, farmer, 'C301', 40301);
});
afterAll(() => testApp.close());

const postFrom = (remoteAddress: string, username: string, secret: string, num: number) =>
  call(testApp, api.ingest.postReadings, {
    body: [reading(40301, num, minutesAgo(num))],
    headers: basicAuthorization(username, secret),
    remoteAddress,
  });
/** An MQTT session from `localAddress` (any of 127.0.0.0/8 reaches the broker on this machine). */
const mqttLoginFrom = (localAddress: string, gateway: Pick<TestGateway, 'username' | 'secret'>) =>
  new Promise<MqttClient>((resolve, reject) => {
    const port = testApp.services.mqtt?.port ?? 0;
    const client = new MqttClient(
      () => connect({ port, host: '127.0.0.1', localAddress }),
      gatewayClientOptions(gateway),
    );
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });

/** Stored readings of this test's own numbers (each test uses its own range). */
const storedNums = async (gateway: TestGateway, from: number, to: number) =>
  (await storedReadings(testApp, gateway.farmId))
    .map((row) => row.num)
    .filter((num) => num >= from && num < to);

describe('wrong gateway secrets', () => {
  it('cannot lock a gateway out from elsewhere: a stranger’s failures block only the stranger', async () => {
    const gateway = await createGateway(testApp, farmer);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await postFrom('198.51.100.66', gateway.username, `guess ${attempt}`, 100 + attempt);
      expect(response.statusCode).toBe(attempt < 5 ? 401 : 429);
    }
    const wrongOverMqtt = mqttLoginFrom('127.0.0.66', { username: gateway.username, secret: 'guess' });
    await expect(wrongOverMqtt).rejects.toThrow();

    // The gateway itself, from its own address, over HTTP and MQTT.
    const own = await postFrom('203.0.113.7', gateway.username, gateway.secret, 120);
    expect(own.statusCode).toBe(200);
    const session = await mqttLoginFrom('127.0.0.1', gateway);
    await publishReadings(session, gateway.topic, [reading(40301, 121, minutesAgo(121))]);
    await session.endAsync();
    expect(await storedNums(gateway, 100, 200)).toEqual([120, 121]);

    // The stranger stays blocked for that gateway even with the right secret.
    const stranger = await postFrom('198.51.100.66', gateway.username, gateway.secret, 122);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ code: 'E_THROTTLED' });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('blocks an address that tries many gateway names, for every gateway, and no other address', async () => {
    const gateway = await createGateway(testApp, farmer);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await postFrom('198.51.100.77', `gw-guess-${attempt}`, 'secret', 200 + attempt);
      expect(response.statusCode).toBe(401);
    }
    expect((await postFrom('198.51.100.77', gateway.username, gateway.secret, 230)).statusCode).toBe(429);
    expect((await postFrom('203.0.113.8', gateway.username, gateway.secret, 231)).statusCode).toBe(200);
    expect(await storedNums(gateway, 200, 300)).toEqual([231]);
  });

  it('blocks an MQTT address that keeps failing, before any secret is checked', async () => {
    const gateway = await createGateway(testApp, farmer);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await expect(
        mqttLoginFrom('127.0.0.77', { username: `gw-guess-${attempt}`, secret: 'secret' }),
      ).rejects.toThrow();
    }
    await expect(mqttLoginFrom('127.0.0.77', gateway)).rejects.toThrow();
    const elsewhere = await mqttLoginFrom('127.0.0.78', gateway);
    expect(elsewhere.connected).toBe(true);
    await elsewhere.endAsync();
  });
});
