// A farm's own gateways (issue 34): list, add, rotate a secret, delete. Tenancy, the boss-password guard,
// and what rotation means on the wire: the old secret is refused by the embedded broker and by the HTTP
// ingest at once, an open connection with it is closed, and nothing acknowledged before is lost.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Gateway, GatewayConnection } from '@cowcare/contract/routes/gateways';
import { bossGrant, expectRefusal } from './cows-fixtures';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import {
  basicAuthorization,
  brokerUrl,
  connectGateway,
  cowWearing,
  minutesAgo,
  openFarmSocket,
  openGatewayFarms,
  publishReadings,
  reading,
  storedReadings,
  waitFor,
} from './ingest-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;

beforeAll(async () => {
  ({ testApp, farmer, neighbour } = await openGatewayFarms({ listening: true }));
});
afterAll(() => testApp.close());

const farmParams = (user: TestUser) => ({ country: user.country, FarmNumber: user.farmNumber });

const list = async (user: TestUser) => {
  const response = await call(testApp, api.gateways.listGateways, {
    token: user.token,
    params: farmParams(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { gateways: Gateway[]; connection: GatewayConnection } }>().data;
};

const add = async (user: TestUser, name: string) => {
  const response = await call(testApp, api.gateways.addGateway, {
    token: user.token,
    params: farmParams(user),
    body: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { gateway: Gateway; secret: string } }>().data;
};

const postAs = (username: string, secret: string, body: unknown) =>
  call(testApp, api.ingest.postReadings, { body, headers: basicAuthorization(username, secret) });

const topicOf = (user: TestUser) =>
  `${testApp.services.config.mqttTopicRoot}/${user.country}/${user.farmNumber}/readings`;

describe('listing and adding gateways', () => {
  it('refuses without a token (401), with a bad farm number (400) and for another farm (403, no data)', async () => {
    const none = await call(testApp, api.gateways.listGateways, { params: farmParams(farmer) });
    expectRefusal(none, 401, 'E_UNAUTHORIZED');
    const bad = await call(testApp, api.gateways.listGateways, {
      token: farmer.token,
      params: { country: farmer.country, FarmNumber: 'no spaces!' },
    });
    expect(bad.statusCode).toBe(400);
    const other = await call(testApp, api.gateways.listGateways, {
      token: neighbour.token,
      params: farmParams(farmer),
    });
    expectRefusal(other, 403, 'E_FORBIDDEN', ['gw-']);

    const addNone = await call(testApp, api.gateways.addGateway, {
      params: farmParams(farmer),
      body: { name: 'x' },
    });
    expectRefusal(addNone, 401, 'E_UNAUTHORIZED');
    const addEmpty = await call(testApp, api.gateways.addGateway, {
      token: farmer.token,
      params: farmParams(farmer),
      body: { name: '   ' },
    });
    expect(addEmpty.statusCode).toBe(400);
    expect(addEmpty.json()).toMatchObject({ code: 'E_VALIDATION' });
    const addOther = await call(testApp, api.gateways.addGateway, {
      token: neighbour.token,
      params: farmParams(farmer),
      body: { name: 'Intruder' },
    });
    expectRefusal(addOther, 403, 'E_FORBIDDEN');
    expect((await list(farmer)).gateways.map((gateway) => gateway.name)).not.toContain('Intruder');
  });

  it('adds a gateway whose secret is answered once and works at once, over HTTP and MQTT', async () => {
    const { gateway, secret } = await add(farmer, 'Barn 1');
    expect(gateway).toMatchObject({ name: 'Barn 1', online: false, storedToday: 0, firstReading: null });
    expect(gateway.username).toMatch(new RegExp(`^gw-${farmer.farmNumber.toLowerCase()}-[0-9a-f]{8}$`));
    expect(secret.length).toBeGreaterThanOrEqual(40);

    const listed = await list(farmer);
    const shown = listed.gateways.find((row) => row.id === gateway.id);
    expect(shown).toMatchObject({ name: 'Barn 1', username: gateway.username });
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.connection).toMatchObject({
      topic: topicOf(farmer),
      mqttPort: testApp.services.mqtt?.port,
      httpPath: '/api/ingest/readings',
    });
    // The neighbour's list holds none of the farmer's gateways.
    expect((await list(neighbour)).gateways.map((row) => row.id)).not.toContain(gateway.id);

    const posted = await postAs(gateway.username, secret, [reading(40_101, 1, minutesAgo(5))]);
    expect(posted.statusCode, posted.body).toBe(200);
    const client = await connectGateway(brokerUrl(testApp), { username: gateway.username, secret });
    await publishReadings(client, topicOf(farmer), [reading(40_101, 2, minutesAgo(4))]);
    await client.endAsync();

    const after = (await list(farmer)).gateways.find((row) => row.id === gateway.id);
    expect(after).toMatchObject({ online: true, storedToday: 2, lastAddress: '127.0.0.1' });
    expect(after?.firstReading?.sensor).toBe(40_101);
    expect(after?.lastSeenAt).not.toBeNull();
  });

  it('refuses a second gateway of the same name in the farm (409)', async () => {
    await add(farmer, 'Pasture');
    const again = await call(testApp, api.gateways.addGateway, {
      token: farmer.token,
      params: farmParams(farmer),
      body: { name: 'pasture' },
    });
    expectRefusal(again, 409, 'E_GATEWAY_NAME_TAKEN');
    // Another farm may use the name.
    await add(neighbour, 'Pasture');
  });

  it("counts today's refused readings with the most common reason", async () => {
    const { gateway, secret } = await add(farmer, 'Refuser');
    const bad = [
      reading(40_102, 1, minutesAgo(3), { temp: 99 }),
      reading(40_102, 2, minutesAgo(2), { temp: 98 }),
      { sensor: 40_102, timedate: minutesAgo(1).toISOString() },
      reading(40_102, 4, minutesAgo(1), { temp: 38.5 }),
    ];
    expect((await postAs(gateway.username, secret, bad)).statusCode).toBe(200);
    const shown = (await list(farmer)).gateways.find((row) => row.id === gateway.id);
    expect(shown).toMatchObject({ storedToday: 1, refusedToday: 3 });
    expect(shown?.topRefusal).toMatch(/temp/);
  });

  it("tells the farm's sessions of a gateway's first reading, once", async () => {
    const socket = await openFarmSocket(testApp, farmer);
    const { gateway, secret } = await add(farmer, 'First light');
    await postAs(gateway.username, secret, [
      reading(40_103, 1, minutesAgo(2)),
      reading(40_104, 1, minutesAgo(2)),
    ]);
    await postAs(gateway.username, secret, [reading(40_103, 2, minutesAgo(1))]);
    const firsts = () => socket.messages.filter((message) => message.type === 'gatewayfirstreading');
    await waitFor(() => firsts().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(firsts()).toEqual([
      {
        type: 'gatewayfirstreading',
        data: { gatewayId: gateway.id, sensor: 40_103, at: expect.any(String) },
      },
    ]);
    socket.close();
  });
});

describe('rotating a secret and deleting a gateway', () => {
  it('refuses without a token (401), a bad id (400), without the boss password (403) and another farm’s gateway (404)', async () => {
    const { gateway } = await add(farmer, 'Guarded');
    for (const route of [api.gateways.rotateGatewaySecret, api.gateways.deleteGateway]) {
      expectRefusal(await call(testApp, route, { params: { id: gateway.id } }), 401, 'E_UNAUTHORIZED');
      const grant = await bossGrant(testApp, farmer);
      const bad = await call(testApp, route, {
        token: farmer.token,
        params: { id: 0 },
        headers: { 'x-boss-grant': grant },
      });
      expect(bad.statusCode).toBe(400);
      const noGrant = await call(testApp, route, { token: farmer.token, params: { id: gateway.id } });
      expectRefusal(noGrant, 403, 'E_BOSS_GRANT_REQUIRED');
      const neighbourGrant = await bossGrant(testApp, neighbour, 'neighbour boss');
      const other = await call(testApp, route, {
        token: neighbour.token,
        params: { id: gateway.id },
        headers: { 'x-boss-grant': neighbourGrant },
      });
      expectRefusal(other, 404, 'E_NOT_FOUND', [gateway.username]);
      // The farmer's grant does not work for the neighbour either.
      const borrowed = await call(testApp, route, {
        token: neighbour.token,
        params: { id: gateway.id },
        headers: { 'x-boss-grant': grant },
      });
      expectRefusal(borrowed, 403, 'E_BOSS_GRANT_REQUIRED');
    }
    expect((await list(farmer)).gateways.map((row) => row.id)).toContain(gateway.id);
  });

  it('rotation: the old secret is refused at once, its open connection is closed, acknowledged readings stay', async () => {
    await cowWearing(testApp, farmer, 'C3401', 40_201);
    const { gateway, secret } = await add(farmer, 'Rotated');
    // The HTTP ingest remembers a verified secret for minutes: use it first, so rotation must beat the cache.
    expect((await postAs(gateway.username, secret, [reading(40_201, 1, minutesAgo(10))])).statusCode).toBe(
      200,
    );
    const client = await connectGateway(brokerUrl(testApp), { username: gateway.username, secret });
    await publishReadings(client, topicOf(farmer), [reading(40_201, 2, minutesAgo(9))]);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

    const grant = await bossGrant(testApp, farmer);
    const rotated = await call(testApp, api.gateways.rotateGatewaySecret, {
      token: farmer.token,
      params: { id: gateway.id },
      headers: { 'x-boss-grant': grant },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, gateway: shown } = rotated.json<{
      data: { gateway: Gateway; secret: string };
    }>().data;
    expect(newSecret).not.toBe(secret);
    expect(shown.username).toBe(gateway.username);

    await closed;
    client.end(true);
    const oldHttp = await postAs(gateway.username, secret, [reading(40_201, 3, minutesAgo(8))]);
    expectRefusal(oldHttp, 401, 'E_UNAUTHORIZED');
    await expect(
      connectGateway(brokerUrl(testApp), { username: gateway.username, secret }),
    ).rejects.toThrow();

    expect((await postAs(gateway.username, newSecret, [reading(40_201, 4, minutesAgo(7))])).statusCode).toBe(
      200,
    );
    const again = await connectGateway(brokerUrl(testApp), { username: gateway.username, secret: newSecret });
    await publishReadings(again, topicOf(farmer), [reading(40_201, 5, minutesAgo(6))]);
    await again.endAsync();

    const farm = await testApp.db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
      farmer.farmNumber,
    ]);
    const nums = (await storedReadings(testApp, farm[0]?.id ?? 0))
      .filter((row) => row.sensorId === 40_201)
      .map((row) => row.num);
    expect(nums).toEqual([1, 2, 4, 5]);
  });

  it('deletion: its credentials stop working and its open connection is closed; its readings stay', async () => {
    const { gateway, secret } = await add(farmer, 'Deleted');
    expect((await postAs(gateway.username, secret, [reading(40_202, 1, minutesAgo(3))])).statusCode).toBe(
      200,
    );
    const client = await connectGateway(brokerUrl(testApp), { username: gateway.username, secret });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const grant = await bossGrant(testApp, farmer);
    const deleted = await call(testApp, api.gateways.deleteGateway, {
      token: farmer.token,
      params: { id: gateway.id },
      headers: { 'x-boss-grant': grant },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await closed;
    client.end(true);
    expectRefusal(
      await postAs(gateway.username, secret, [reading(40_202, 2, minutesAgo(2))]),
      401,
      'E_UNAUTHORIZED',
    );
    expect((await list(farmer)).gateways.map((row) => row.id)).not.toContain(gateway.id);
    const farm = await testApp.db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
      farmer.farmNumber,
    ]);
    const kept = (await storedReadings(testApp, farm[0]?.id ?? 0)).filter((row) => row.sensorId === 40_202);
    expect(kept.map((row) => row.num)).toEqual([1]);
  });

  it('tells operators the gateways by state in /metrics', async () => {
    const { gateway, secret } = await add(farmer, 'Counted');
    const count = async (state: string) =>
      metricSample((await scrapeMetrics(testApp.app)).body, 'cowcare_gateways', `{state="${state}"}`) ?? -1;
    const neverBefore = await count('never');
    const onlineBefore = await count('online');
    expect(neverBefore).toBeGreaterThanOrEqual(1);
    const client = await connectGateway(brokerUrl(testApp), { username: gateway.username, secret });
    expect(await count('online')).toBe(onlineBefore + 1);
    expect(await count('never')).toBe(neverBefore - 1);
    await client.endAsync();
  });

  it('a new farm starts with no gateway', async () => {
    const newcomer = await createFarmUser(testApp);
    expect((await list(newcomer)).gateways).toEqual([]);
  });
});

describe('the addresses on the "Connect your gateway" screen', () => {
  /** The connection as a farmer sees it when the browser reached the server at `host`. */
  const connectionAt = async (
    app: TestApp,
    user: TestUser,
    host: string,
    extra: Record<string, string> = {},
  ) => {
    const response = await call(app, api.gateways.listGateways, {
      token: user.token,
      params: farmParams(user),
      headers: { host, ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { connection: GatewayConnection } }>().data.connection;
  };

  it('without TLS: plain MQTT and MQTT over WebSocket on the address the browser used, no MQTTS', async () => {
    const connection = await connectionAt(testApp, farmer, 'farm.example:8080');
    const port = testApp.services.mqtt?.port;
    expect(connection).toEqual({
      mqttUrl: `mqtt://farm.example:${port}`,
      mqttHost: 'farm.example',
      mqttPort: port,
      websocketUrl: 'ws://farm.example:8080/mqtt',
      topic: topicOf(farmer),
      httpPath: '/api/ingest/readings',
    });
  });

  describe('with TLS (MQTT_TLS_CERT and MQTT_TLS_KEY set)', () => {
    let directory: string;
    let tlsApp: TestApp;
    let owner: TestUser;
    beforeAll(async () => {
      directory = mkdtempSync(path.join(tmpdir(), 'cowcare-connect-tls-'));
      const [cert, key] = [path.join(directory, 'cert.pem'), path.join(directory, 'key.pem')];
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
          '-keyout',
          key,
          '-out',
          cert,
        ]),
        { stdio: 'ignore' },
      );
      tlsApp = await createTestApp({
        mqttTlsCert: cert,
        mqttTlsKey: key,
        mqttTlsPort: 0,
        // Behind a proxy that ends HTTPS: the WebSocket address is then wss://.
        trustProxy: ['127.0.0.1'],
      });
      owner = await createFarmUser(tlsApp);
    });
    afterAll(async () => {
      await tlsApp?.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it("adds the MQTTS address: the broker's TLS port on the same host; wss:// behind HTTPS", async () => {
      const tlsPort = tlsApp.services.mqtt?.tlsPort;
      expect(tlsPort).toBeGreaterThan(0);
      const connection = await connectionAt(tlsApp, owner, 'farm.example', { 'x-forwarded-proto': 'https' });
      expect(connection).toMatchObject({
        mqttUrl: `mqtt://farm.example:${tlsApp.services.mqtt?.port}`,
        mqttsUrl: `mqtts://farm.example:${tlsPort}`,
        websocketUrl: 'wss://farm.example/mqtt',
      });
    });

    it('puts the MQTTS port on the host of PUBLIC_MQTT_URL when that is set', async () => {
      tlsApp.services.config.publicMqttUrl = 'mqtt://broker.farm.example';
      try {
        const connection = await connectionAt(tlsApp, owner, 'app.farm.example');
        expect(connection).toMatchObject({
          mqttUrl: 'mqtt://broker.farm.example:1883',
          mqttsUrl: `mqtts://broker.farm.example:${tlsApp.services.mqtt?.tlsPort}`,
          // The WebSocket is served on this server's own HTTP port: the address the browser used.
          websocketUrl: 'ws://app.farm.example/mqtt',
        });
      } finally {
        tlsApp.services.config.publicMqttUrl = undefined;
      }
    });
  });

  it('shows PUBLIC_MQTTS_URL and PUBLIC_MQTT_WS_URL as configured (a port mapped by a router, a proxy path)', async () => {
    const { config } = testApp.services;
    config.publicMqttsUrl = 'mqtts://gw.farm.example';
    config.publicMqttWsUrl = 'wss://gw.farm.example/broker/mqtt';
    try {
      const connection = await connectionAt(testApp, farmer, 'farm.example:8080');
      expect(connection).toMatchObject({
        mqttsUrl: 'mqtts://gw.farm.example:8883',
        websocketUrl: 'wss://gw.farm.example/broker/mqtt',
      });
    } finally {
      config.publicMqttsUrl = undefined;
      config.publicMqttWsUrl = undefined;
    }
  });
});
