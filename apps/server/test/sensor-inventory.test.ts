// The sensor inventory on the server (issue 34): a farm registers its sensors, a sensor id is unique on the
// platform, a cow's sensor joins the inventory, and only a sensor neither registered nor worn raises 703.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { InventorySensor } from '@cowcare/contract/routes/gateways';
import { addCow, expectRefusal } from './cows-fixtures';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import {
  basicAuthorization,
  minutesAgo,
  noticesOf,
  openGatewayFarms,
  reading,
  type TestGateway,
} from './ingest-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let gateway: TestGateway;

beforeAll(async () => {
  ({ testApp, farmer, neighbour, gateway } = await openGatewayFarms({ listening: false }));
});
afterAll(() => testApp.close());

const farmParams = (user: TestUser) => ({ country: user.country, FarmNumber: user.farmNumber });

const inventory = async (user: TestUser) => {
  const response = await call(testApp, api.sensors.listSensors, {
    token: user.token,
    params: farmParams(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: InventorySensor[] }>().data;
};

const register = (user: TestUser, sensors: unknown, params = farmParams(user)) =>
  call(testApp, api.sensors.registerSensors, { token: user.token, params, body: { sensors } });

const post = (items: unknown[]) =>
  call(testApp, api.ingest.postReadings, {
    body: items,
    headers: basicAuthorization(gateway.username, gateway.secret),
  });

describe('the sensor inventory', () => {
  it('refuses without a token (401), bad input (400) and another farm (403) with no data', async () => {
    expectRefusal(
      await call(testApp, api.sensors.listSensors, { params: farmParams(farmer) }),
      401,
      'E_UNAUTHORIZED',
    );
    expectRefusal(
      await call(testApp, api.sensors.registerSensors, {
        params: farmParams(farmer),
        body: { sensors: [5] },
      }),
      401,
      'E_UNAUTHORIZED',
    );
    expect((await register(farmer, [])).statusCode).toBe(400);
    expect((await register(farmer, [0])).statusCode).toBe(400);
    expect((await register(farmer, ['abc'])).statusCode).toBe(400);
    await register(farmer, [41_001]);
    const peek = await call(testApp, api.sensors.listSensors, {
      token: neighbour.token,
      params: farmParams(farmer),
    });
    expectRefusal(peek, 403, 'E_FORBIDDEN', ['41001']);
    expectRefusal(await register(neighbour, [41_002], farmParams(farmer)), 403, 'E_FORBIDDEN');
    const remove = await call(testApp, api.sensors.removeSensor, {
      token: neighbour.token,
      params: { ...farmParams(farmer), sensor: 41_001 },
    });
    expectRefusal(remove, 403, 'E_FORBIDDEN');
    // Naming its own farm, the neighbour cannot remove the farmer's sensor either.
    const ownFarm = await call(testApp, api.sensors.removeSensor, {
      token: neighbour.token,
      params: { ...farmParams(neighbour), sensor: 41_001 },
    });
    expectRefusal(ownFarm, 404, 'E_NOT_FOUND');
    expect((await inventory(farmer)).map((row) => row.sensor)).toContain(41_001);
  });

  it('registers sensors with their kind; registering again keeps them', async () => {
    const first = await register(farmer, [42_001, 1_201, 42_001]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      data: { registered: [1_201, 42_001], alreadyRegistered: [] },
    });
    const again = await register(farmer, [42_001, 42_002]);
    expect(again.json()).toEqual({
      success: true,
      data: { registered: [42_002], alreadyRegistered: [42_001] },
    });
    const rows = await inventory(farmer);
    expect(rows.find((row) => row.sensor === 1_201)).toMatchObject({
      kind: 'pill',
      cowId: null,
      firstReadingAt: null,
    });
    expect(rows.find((row) => row.sensor === 42_001)).toMatchObject({ kind: 'neck', cowCode: null });
  });

  it("refuses a sensor another farm registered, registering none of the call's sensors", async () => {
    await register(neighbour, [43_001]);
    const clash = await register(farmer, [43_002, 43_001]);
    expectRefusal(clash, 409, 'E_SENSOR_OTHER_FARM');
    expect(clash.json<{ msg: string }>().msg).toContain('43001');
    expect((await inventory(farmer)).map((row) => row.sensor)).not.toContain(43_002);
    expect((await inventory(neighbour)).map((row) => row.sensor)).toContain(43_001);
    // Nor may a cow of the farmer's wear it.
    const cow = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C4301', sensor: 43_001 },
    });
    expectRefusal(cow, 409, 'E_SENSOR_OTHER_FARM');
  });

  it("a cow's sensor joins the inventory, with the cow and its first and last reading", async () => {
    const cow = await addCow(testApp, farmer, { code: 'C4401', sensor: 44_001 });
    await post([reading(44_001, 1, minutesAgo(30)), reading(44_001, 2, minutesAgo(20))]);
    const row = (await inventory(farmer)).find((item) => item.sensor === 44_001);
    expect(row).toMatchObject({ kind: 'neck', cowId: cow.id, cowCode: 'C4401' });
    expect(row?.firstReadingAt).not.toBeNull();
    expect(row?.lastReadingAt).not.toBeNull();
    expect(Date.parse(row?.lastReadingAt ?? '')).toBeGreaterThan(Date.parse(row?.firstReadingAt ?? ''));
    // Worn: it cannot leave the inventory.
    const remove = await call(testApp, api.sensors.removeSensor, {
      token: farmer.token,
      params: { ...farmParams(farmer), sensor: 44_001 },
    });
    expectRefusal(remove, 409, 'E_CONFLICT');
  });

  it('raises 703 only for a sensor neither registered nor worn', async () => {
    await register(farmer, [45_001]);
    const sent = await post([reading(45_001, 1, minutesAgo(5)), reading(45_002, 1, minutesAgo(5))]);
    expect(sent.statusCode, sent.body).toBe(200);
    const unassigned = (await noticesOf(testApp, gateway.farmId))
      .filter((notice) => notice.code === 703)
      .map((notice) => notice.sensorId);
    expect(unassigned).toContain(45_002);
    expect(unassigned).not.toContain(45_001);
    // The registered sensor's readings are kept, and shown on the inventory.
    const row = (await inventory(farmer)).find((item) => item.sensor === 45_001);
    expect(row?.lastReadingAt).not.toBeNull();
  });

  it('takes an unworn sensor off the inventory; then any farm may register it', async () => {
    await register(farmer, [46_001]);
    const removed = await call(testApp, api.sensors.removeSensor, {
      token: farmer.token,
      params: { ...farmParams(farmer), sensor: 46_001 },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await inventory(farmer)).map((row) => row.sensor)).not.toContain(46_001);
    expect((await register(neighbour, [46_001])).statusCode).toBe(200);
  });
});
