// Gateway accounts on an external Mosquitto (issue 34): with MQTT_DYNSEC_URL the server keeps the broker's
// dynamic-security plugin in step with the gateway table, so the broker itself refuses a rotated or deleted
// secret and keeps each gateway to its own farm's topic. A Mosquitto of the test's own, with the plugin, set up
// as docs/operations.md says; required in CI, where .ci/run installs Mosquitto.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Gateway } from '@cowcare/contract/routes/gateways';
import { managedNames } from '../src/modules/gateways/broker-accounts';
import { startBrokerAccounts } from '../src/modules/gateways/broker-account-sync';
import { bossGrant, expectRefusal, farmIdOf } from './cows-fixtures';
import { dynsecAvailable, startDynsecMosquitto, type DynsecMosquitto } from './helpers/dynsec-mosquitto';
import { describeWithServices } from './helpers/required-services';
import {
  call,
  createFarmUser,
  createTestApp,
  testConfig,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
import {
  basicAuthorization,
  cowWearing,
  createGateway,
  minutesAgo,
  reading,
  storedReadings,
  waitFor,
} from './ingest-fixtures';

describeWithServices(
  'gateway accounts kept in step on an external Mosquitto',
  dynsecAvailable() ? undefined : "Mosquitto's dynamic-security plugin (Debian package mosquitto)",
  () => dynsecSuite(),
);

function dynsecSuite() {
  const { mqttTopicRoot: root, mqttShareGroup: group } = testConfig();
  const names = managedNames(root);
  let broker: DynsecMosquitto;
  let testApp: TestApp;
  let farmer: TestUser;
  let neighbour: TestUser;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    broker = await startDynsecMosquitto({ root, group });
    testApp = await createTestApp({
      mqttUrl: broker.ingestUrl,
      mqttDynsecUrl: broker.adminUrl,
      ingestConcurrency: 1,
    });
    farmer = await createFarmUser(testApp);
    neighbour = await createFarmUser(testApp);
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await testApp?.close();
    await broker?.remove();
  });

  const topicOf = (user: TestUser) => `${root}/${user.country}/${user.farmNumber}/readings`;

  /** A gateway's MQTT 5 login to the test's broker; answers the client, or the broker's refusal. */
  const login = async (username: string, secret: string): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(broker.url(username, secret), {
      protocolVersion: 5,
      reconnectPeriod: 0,
      connectTimeout: 3_000,
    });
    clients.push(client);
    return client;
  };

  const refusedLogin = async (username: string, secret: string): Promise<string> => {
    try {
      const client = await login(username, secret);
      client.end(true);
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };

  const addGateway = async (user: TestUser, name: string) => {
    const response = await call(testApp, api.gateways.addGateway, {
      token: user.token,
      params: { country: user.country, FarmNumber: user.farmNumber },
      body: { name },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { gateway: Gateway; secret: string } }>().data;
  };

  const guarded = async (
    user: TestUser,
    route: typeof api.gateways.rotateGatewaySecret | typeof api.gateways.deleteGateway,
    id: number,
  ) =>
    call(testApp, route, {
      token: user.token,
      params: { id },
      headers: { 'x-boss-grant': await bossGrant(testApp, user) },
    });

  /** PUBACK's reason code: 0 stored by the broker, 135 not authorized. */
  const publishReason = async (client: MqttClient, topic: string, payload: unknown): Promise<number> =>
    client
      .publishAsync(topic, JSON.stringify(payload), { qos: 1 })
      .then((packet) => (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0)
      .catch((error: { code?: number }) => error.code ?? -1);

  it('a gateway added in the app logs in to the broker and may publish only to its own farm', async () => {
    const farmId = await farmIdOf(testApp, farmer);
    const neighbourId = await farmIdOf(testApp, neighbour);
    await cowWearing(testApp, farmer, 'C3801', 40_801);
    const { gateway, secret } = await addGateway(farmer, 'Broker barn');

    const client = await login(gateway.username, secret);
    expect(
      await publishReason(client, topicOf(neighbour), [reading(40_801, 1, minutesAgo(20), { temp: 38.6 })]),
    ).toBe(135);
    expect(
      await publishReason(client, topicOf(farmer), [reading(40_801, 2, minutesAgo(10), { temp: 38.7 })]),
    ).toBe(0);
    await waitFor(async () => (await storedReadings(testApp, farmId)).length === 1);
    expect((await storedReadings(testApp, farmId)).map((row) => row.num)).toEqual([2]);
    expect(await storedReadings(testApp, neighbourId)).toEqual([]);
    expect(await refusedLogin(gateway.username, 'a guessed secret')).toMatch(
      /not authori[sz]ed|Bad User Name or Password/i,
    );
  });

  it('rotation: the broker refuses the old secret and closes its connection; acknowledged readings stay', async () => {
    const farmId = await farmIdOf(testApp, farmer);
    await cowWearing(testApp, farmer, 'C3802', 40_802);
    const { gateway, secret } = await addGateway(farmer, 'Rotated barn');
    const client = await login(gateway.username, secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect(await publishReason(client, topicOf(farmer), [reading(40_802, 1, minutesAgo(15))])).toBe(0);

    const rotated = await guarded(farmer, api.gateways.rotateGatewaySecret, gateway.id);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret } = rotated.json<{ data: { secret: string } }>().data;
    await closed;

    expect(await refusedLogin(gateway.username, secret)).not.toBe('accepted');
    const renewed = await login(gateway.username, newSecret);
    expect(await publishReason(renewed, topicOf(farmer), [reading(40_802, 2, minutesAgo(5))])).toBe(0);
    await waitFor(
      async () =>
        (await storedReadings(testApp, farmId)).filter((row) => row.sensorId === 40_802).length === 2,
    );
    const http = await call(testApp, api.ingest.postReadings, {
      body: [reading(40_802, 3, minutesAgo(4))],
      headers: basicAuthorization(gateway.username, secret),
    });
    expect(http.statusCode).toBe(401);
  });

  it('deletion: the broker refuses the gateway and closes its connection', async () => {
    const { gateway, secret } = await addGateway(farmer, 'Deleted barn');
    const client = await login(gateway.username, secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const deleted = await guarded(farmer, api.gateways.deleteGateway, gateway.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await closed;
    expect(await refusedLogin(gateway.username, secret)).not.toBe('accepted');
    expect(broker.ctrl('listClients')).not.toContain(gateway.username);
  });

  it('another farm cannot rotate or delete the gateway, and the broker account is left as it was', async () => {
    const { gateway, secret } = await addGateway(farmer, 'Neighbourly barn');
    for (const route of [api.gateways.rotateGatewaySecret, api.gateways.deleteGateway]) {
      expectRefusal(await guarded(neighbour, route, gateway.id), 404, 'E_NOT_FOUND', [gateway.username]);
    }
    (await login(gateway.username, secret)).end(true);
  });

  it('a broker that is away: 503 at once, and the gateway keeps its secret on both sides', async () => {
    const { gateway, secret } = await addGateway(farmer, 'Away barn');
    await broker.stop();
    try {
      const rotated = await guarded(farmer, api.gateways.rotateGatewaySecret, gateway.id);
      expectRefusal(rotated, 503, 'E_UNAVAILABLE');
      const http = await call(testApp, api.ingest.postReadings, {
        body: [reading(40_899, 1, minutesAgo(3))],
        headers: basicAuthorization(gateway.username, secret),
      });
      expect(http.statusCode, http.body).toBe(200);
    } finally {
      await broker.start();
    }
    (await login(gateway.username, secret)).end(true);
    // Back in step once the broker is: the next rotation goes through.
    await waitFor(
      async () => (await guarded(farmer, api.gateways.rotateGatewaySecret, gateway.id)).statusCode === 200,
      10_000,
    );
  });

  it('a start puts the broker in step: orphans removed, tampered rights repaired, unknown secrets disabled', async () => {
    const { gateway, secret } = await addGateway(farmer, 'Tampered barn');
    const neighbourGateway = await addGateway(neighbour, 'Neighbour barn');
    // Drift a start must undo: a gateway made while the broker was not kept in step, a leftover account the
    // server made for a gateway that is gone, a farm role widened to every topic, an extra role on a gateway.
    const unsynced = await createGateway(testApp, farmer);
    broker.ctrl('createClient', 'gw-leftover', '-p', 'leftover-secret');
    await broker.command({
      command: 'modifyClient',
      username: 'gw-leftover',
      textdescription: names.clientDescription,
    });
    broker.ctrl('addRoleACL', names.roleOf(farmer), 'publishClientSend', '#', 'allow', '1');
    broker.ctrl('addClientRole', gateway.username, 'cowcare-server', '9');

    const accounts = await startBrokerAccounts(testApp.services.config, testApp.db, testApp.services.log);
    await accounts?.close();

    expect(await refusedLogin('gw-leftover', 'leftover-secret')).not.toBe('accepted');
    expect(await refusedLogin(unsynced.username, unsynced.secret)).not.toBe('accepted');
    const client = await login(gateway.username, secret);
    expect(await publishReason(client, topicOf(neighbour), [reading(40_803, 1, minutesAgo(2))])).toBe(135);
    expect(broker.ctrl('getClient', gateway.username)).not.toContain('cowcare-server');
    // The operator's own accounts are left alone: the server still receives, the neighbour still publishes.
    const neighbourClient = await login(neighbourGateway.gateway.username, neighbourGateway.secret);
    expect(
      await publishReason(neighbourClient, topicOf(neighbour), [reading(40_804, 1, minutesAgo(2))]),
    ).toBe(0);

    // The farm rotates the gateway the broker had no secret for, and it connects.
    const rotated = await guarded(
      farmer,
      api.gateways.rotateGatewaySecret,
      await gatewayIdOf(unsynced.username),
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: renewed } = rotated.json<{ data: { secret: string } }>().data;
    (await login(unsynced.username, renewed)).end(true);
  });

  const gatewayIdOf = async (username: string): Promise<number> => {
    const [row] = await testApp.db.query<{ id: number }>('SELECT id FROM gateways WHERE username = $1', [
      username,
    ]);
    if (!row) throw new Error(`no gateway ${username}`);
    return row.id;
  };

  it('the server does not start when MQTT_DYNSEC_URL cannot drive the plugin, and says where to look', async () => {
    await expect(
      createTestApp({
        mqttUrl: broker.ingestUrl,
        mqttDynsecUrl: broker.url('ingest', 'ingest-secret'),
      }),
    ).rejects.toThrow(/dynamic-security|\$CONTROL/);
  });
}
