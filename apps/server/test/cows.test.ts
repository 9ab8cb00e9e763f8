import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { RouteDefinition } from '@cowcare/contract/route';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import {
  addCow,
  daysFromToday,
  errorMessage,
  expectRefusal,
  farmIdOf,
  insertCowRow,
  todayUtc,
} from './cows-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp, { country: 'JP' });
});
afterAll(() => testApp.close());

const farmParams = (user: TestUser) => ({ country: user.country, FarmNumber: user.farmNumber });

/** The first of this month two years ago: exactly 24 whole months old today. */
const twoYearsAgo = (): string => {
  const today = new Date();
  return `${today.getUTCFullYear() - 2}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-01`;
};

const EMPTY_READINGS = {
  drink: null,
  drink_current: null,
  fever: null,
  temp_current: null,
  temp_avg: null,
  activity: null,
  activity_current: null,
  activity_avg: null,
  lastReadingAt: null,
};
const NO_REPRODUCTION_DATES = {
  lastEstrus: null,
  lastFertilization: null,
  recentChildbirth: null,
  pregnancyTest: null,
  pregnancyTestAuto: true,
  expectedDelivery: null,
  expectedDeliveryAuto: true,
  expectedEstrus: null,
  expectedEstrusAuto: true,
};

describe('every cow call needs a token', () => {
  const cases: [
    string,
    Pick<RouteDefinition, 'method' | 'path'>,
    Record<string, string | number>,
    unknown,
  ][] = [
    ['getCowsData', api.cows.getCowsData, { country: 'KR', FarmNumber: 'F-1' }, undefined],
    ['getCowsfiles', api.cows.getCowsFiles, { country: 'KR', FarmNumber: 'F-1' }, undefined],
    ['cowinfo', api.cows.getCowInfo, { id: 1 }, undefined],
    ['addcowsinfo', api.cows.addCow, {}, { code: 'C1' }],
    ['update cows', api.cows.updateCow, { id: 1 }, { parity: 1 }],
    ['upsensorzt', api.cows.updateSensorStates, {}, []],
    ['getckcomdata', api.cows.sensorPage, { FarmNumber: 'F-1', country: 'KR' }, undefined],
    ['cowstatus', api.cows.changeCowStatus, { id: 1 }, { action: 'eliminate' }],
    ['getcowhistory', api.cows.cowHistory, { id: 1 }, undefined],
    ['getcowfamily', api.cows.cowFamily, { id: 1 }, undefined],
  ];
  it.each(cases)('%s answers 401', async (_name, route, params, body) => {
    const response = await call(testApp, route, { params, body });
    expectRefusal(response, 401, 'E_UNAUTHORIZED');
  });
});

describe('POST news/news/add/addcowsinfo', () => {
  it('registers a cow with the given fields and answers it', async () => {
    const birthday = twoYearsAgo();
    const cow = await addCow(testApp, farmer, {
      code: 'C1001',
      sensor: 40001,
      birthday,
      parity: 2,
      sireCode: 'KPN1234',
      tempadd: 0.3,
    });
    expect(cow).toEqual({
      id: expect.any(Number),
      code: 'C1001',
      sensor: 40001,
      sensorKind: 'neck',
      sensorzt: 0,
      status: '설정대기',
      parity: 2,
      birthday,
      mage: 24,
      sex: 'female',
      damId: null,
      sireCode: 'KPN1234',
      ...EMPTY_READINGS,
      tempadd: 0.3,
      readed: 1,
      typeid: null,
      typename: null,
      city: 'Hoengseong',
      country: 'KR',
      ...NO_REPRODUCTION_DATES,
      culledAt: null,
    } satisfies Cow);
    const [change] = await testApp.db.query(
      `SELECT from_status, to_status, reason, forced, changed_by_user_id FROM cow_status_changes WHERE cow_id = $1`,
      [cow.id],
    );
    expect(change).toEqual({
      from_status: null,
      to_status: '설정대기',
      reason: 'created',
      forced: false,
      changed_by_user_id: farmer.id,
    });
  });

  it('derives the sensor kind: below 40000 is a pill', async () => {
    const cow = await addCow(testApp, farmer, { code: 'C1002', sensor: 39999 });
    expect([cow.sensor, cow.sensorKind, cow.birthday, cow.mage, cow.parity]).toEqual([
      39999,
      'pill',
      null,
      null,
      0,
    ]);
  });

  it('registers a cow without a sensor', async () => {
    const cow = await addCow(testApp, farmer, { code: 'C1003', sensor: null });
    expect([cow.sensor, cow.sensorKind, cow.sensorzt]).toEqual([null, null, 0]);
  });

  it('starts in 발정탐지 when asked, and writes 발정감지 as 발정탐지', async () => {
    expect((await addCow(testApp, farmer, { code: 'C1004', status: '발정탐지' })).status).toBe('발정탐지');
    expect((await addCow(testApp, farmer, { code: 'C1005', status: '발정감지' })).status).toBe('발정탐지');
  });

  it('accepts a birthday of today', async () => {
    const cow = await addCow(testApp, farmer, { code: 'C1006', birthday: todayUtc() });
    expect([cow.birthday, cow.mage]).toEqual([todayUtc(), 0]);
  });

  it.each([
    ['a code without C', { code: '1234' }, 'code'],
    ['a code with letters after C', { code: 'C12a' }, 'code'],
    ['no code', { sensor: 40002 }, 'code'],
    ['a sensor as text', { code: 'C2001', sensor: '40002' }, 'sensor'],
    ['sensor 0', { code: 'C2001', sensor: 0 }, 'sensor'],
    ['a fractional sensor', { code: 'C2001', sensor: 40002.5 }, 'sensor'],
    ['a birthday that is not a date', { code: 'C2001', birthday: 'yesterday' }, 'birthday'],
    ['parity -1', { code: 'C2001', parity: -1 }, 'parity'],
    ['a fractional parity', { code: 'C2001', parity: 1.5 }, 'parity'],
    ['a status a new cow cannot start in (culled)', { code: 'C2001', status: '도태' }, 'status'],
    ['an unknown sex', { code: 'C2001', sex: 'steer' }, 'sex'],
    ['tempadd above 2', { code: 'C2001', tempadd: 2.5 }, 'tempadd'],
    ['tempadd below -2', { code: 'C2001', tempadd: -2.01 }, 'tempadd'],
    ['damId 0', { code: 'C2001', damId: 0 }, 'damId'],
    ['an empty sireCode', { code: 'C2001', sireCode: '' }, 'sireCode'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const response = await call(testApp, api.cows.addCow, { token: farmer.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    expect(errorMessage(response)).toContain(field);
  });

  it.each([
    [
      'a birthday in the future',
      { birthday: daysFromToday(2) },
      'birthday must not be in the future',
      'future',
    ],
    [
      'a birthday that does not exist',
      { birthday: '2023-02-29' },
      'birthday is not a real calendar date',
      'notRealDate',
    ],
  ])('refuses %s with 400, the exact message and the field', async (_case, fields, message, rule) => {
    const response = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C2002', ...fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_VALIDATION',
      msg: message,
      details: [{ path: 'body.birthday', message, rule }],
    });
  });

  it('refuses a code already in the farm, a culled cow included, with 409', async () => {
    await addCow(testApp, farmer, { code: 'C3001' });
    await insertCowRow(testApp, farmer, { code: 'C3002', culled: true });
    for (const code of ['C3001', 'C3002']) {
      const response = await call(testApp, api.cows.addCow, { token: farmer.token, body: { code } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        code: 'E_CONFLICT',
        msg: 'This cow code is already in the farm',
      });
    }
  });

  it("allows another farm's code: codes are unique per farm", async () => {
    await addCow(testApp, farmer, { code: 'C3003' });
    expect((await addCow(testApp, stranger, { code: 'C3003' })).code).toBe('C3003');
  });

  it('refuses a sensor worn by another active cow with 409, and reuses a culled cow’s sensor', async () => {
    await addCow(testApp, farmer, { code: 'C3101', sensor: 41001 });
    const taken = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C3102', sensor: 41001 },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorMessage(taken)).toBe('Sensor 41001 is already worn by cow C3101');
    await insertCowRow(testApp, farmer, { code: 'C3103', sensorId: 41002, culled: true });
    expect((await addCow(testApp, farmer, { code: 'C3104', sensor: 41002 })).sensor).toBe(41002);
  });

  it('links a dam of the same farm and refuses one of another farm with 404', async () => {
    const dam = await addCow(testApp, farmer, { code: 'C3201' });
    const calf = await addCow(testApp, farmer, { code: 'C3202', damId: dam.id, sex: 'male' });
    expect([calf.damId, calf.sex]).toEqual([dam.id, 'male']);
    const foreignDam = await addCow(testApp, stranger, { code: 'C3203' });
    const response = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C3204', damId: foreignDam.id },
    });
    expectRefusal(response, 404, 'E_NOT_FOUND', ['C3203']);
    expect(errorMessage(response)).toBe('damId names no cow of this farm');
  });

  it('refuses a male dam with 400', async () => {
    const bull = await addCow(testApp, farmer, { code: 'C3205', sex: 'male' });
    const response = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C3206', damId: bull.id },
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe('damId must name a female cow');
  });

  it('assigns a free type of the farm, and refuses a paid type or another farm’s', async () => {
    const farmId = await farmIdOf(testApp, farmer);
    const [free, paid] = await testApp.db.query<{ id: number }>(
      `INSERT INTO cow_types (farm_id, name, cost_minor) VALUES ($1, 'Fattening', 0), ($1, 'Breeding', 5000)
       RETURNING id`,
      [farmId],
    );
    const [foreign] = await testApp.db.query<{ id: number }>(
      `INSERT INTO cow_types (farm_id, name, cost_minor) VALUES ($1, 'Secret type', 0) RETURNING id`,
      [await farmIdOf(testApp, stranger)],
    );
    const typed = await addCow(testApp, farmer, { code: 'C3301', typeid: free!.id });
    expect([typed.typeid, typed.typename]).toEqual([free!.id, 'Fattening']);

    const paidResponse = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C3302', typeid: paid!.id },
    });
    expect(paidResponse.statusCode).toBe(409);
    expect(errorMessage(paidResponse)).toBe(
      'typeid has a cost: assign it from the cow type list, where it is charged',
    );

    const foreignResponse = await call(testApp, api.cows.addCow, {
      token: farmer.token,
      body: { code: 'C3303', typeid: foreign!.id },
    });
    expectRefusal(foreignResponse, 404, 'E_NOT_FOUND', ['Secret type']);
    const leftovers = await testApp.db.query("SELECT 1 FROM cows WHERE code IN ('C3302', 'C3303')");
    expect(leftovers).toEqual([]);
  });
});

describe('GET common/common/getCowsData and getDataById/cowinfo', () => {
  let readingsCowId: number;

  beforeAll(async () => {
    readingsCowId = await insertCowRow(testApp, farmer, {
      code: 'C9',
      sensorId: 12001,
      sensorOnline: true,
      currentTemperature: 39.8,
      averageTemperature: 38.6,
      currentActivity: 13.2,
      averageActivity: 11,
      lastReadingAt: '2025-05-01T06:10:00Z',
    });
    await insertCowRow(testApp, farmer, { code: 'C10', culled: true });
    await insertCowRow(testApp, farmer, { code: 'C2' });
  });

  it('lists every cow of the farm by code in number order, culled ones included', async () => {
    const response = await call(testApp, api.cows.getCowsData, {
      token: farmer.token,
      params: farmParams(farmer),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const codes = response.json<{ data: Cow[] }>().data.map((cow) => cow.code);
    expect(codes.slice(0, 3)).toEqual(['C2', 'C9', 'C10']);
    expect(codes).toContain('C1001');
    expect(codes).not.toContain('C3203');
    const culled = response.json<{ data: Cow[] }>().data.find((cow) => cow.code === 'C10');
    expect(culled?.status).toBe('도태');
    expect(culled?.culledAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('derives fever and activity from the readings (no offset by default: decision 0013)', async () => {
    const response = await call(testApp, api.cows.getCowInfo, {
      token: farmer.token,
      params: { id: readingsCowId },
    });
    expect(response.json<{ data: Cow }>().data).toMatchObject({
      code: 'C9',
      sensor: 12001,
      sensorKind: 'pill',
      sensorzt: 1,
      temp_current: 39.8,
      temp_avg: 38.6,
      tempadd: null,
      fever: 1.2,
      activity_current: 13.2,
      activity_avg: 11,
      activity: 20,
      lastReadingAt: '2025-05-01T06:10:00Z',
    });
  });

  it("answers 404 with no data for another farm's cow or an unknown id", async () => {
    for (const id of [readingsCowId, 2_000_000]) {
      const response = await call(testApp, api.cows.getCowInfo, { token: stranger.token, params: { id } });
      expectRefusal(response, 404, 'E_NOT_FOUND', ['C9', '12001']);
    }
  });

  it('refuses a bad id with 400', async () => {
    const response = await call(testApp, api.cows.getCowInfo, { token: farmer.token, params: { id: 'abc' } });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('id');
  });

  it("refuses another farm's number or country with 403 and no data", async () => {
    for (const params of [
      farmParams(farmer),
      { country: stranger.country, FarmNumber: farmer.farmNumber },
      { country: 'KR', FarmNumber: stranger.farmNumber },
    ]) {
      const response = await call(testApp, api.cows.getCowsData, { token: stranger.token, params });
      expectRefusal(response, 403, 'E_FORBIDDEN', ['C1001']);
    }
  });

  it('refuses a malformed country with 400', async () => {
    const response = await call(testApp, api.cows.getCowsData, {
      token: farmer.token,
      params: { country: 'korea', FarmNumber: farmer.farmNumber },
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('country');
  });
});

describe('PUT news/news/update/cows/:id', () => {
  let cow: Cow;

  beforeAll(async () => {
    cow = await addCow(testApp, farmer, { code: 'C5001', sensor: 45001, parity: 1 });
  });

  const update = (body: Record<string, unknown>, user = farmer, id = cow.id) =>
    call(testApp, api.cows.updateCow, { token: user.token, params: { id }, body });

  it('edits identity fields and keeps the rest', async () => {
    const response = await update({
      code: 'C5002',
      parity: 3,
      sex: 'male',
      sireCode: 'SEMEN-77',
      tempadd: -0.2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Cow }>().data).toMatchObject({
      id: cow.id,
      code: 'C5002',
      parity: 3,
      sex: 'male',
      sireCode: 'SEMEN-77',
      tempadd: -0.2,
      sensor: 45001,
      status: '설정대기',
    });
    const back = await update({ code: 'C5001', sex: 'female', sireCode: null, tempadd: null });
    expect(back.json<{ data: Cow }>().data).toMatchObject({ code: 'C5001', sireCode: null, tempadd: null });
  });

  it('stores a reproduction date set by hand as manual, and null makes it automatic again', async () => {
    const manual = await update({ pregnancyTest: '2025-09-10', expectedDelivery: '2026-05-20' });
    expect(manual.json<{ data: Cow }>().data).toMatchObject({
      pregnancyTest: '2025-09-10',
      pregnancyTestAuto: false,
      expectedDelivery: '2026-05-20',
      expectedDeliveryAuto: false,
      expectedEstrus: null,
      expectedEstrusAuto: true,
    });
    const cleared = await update({ pregnancyTest: null });
    expect(cleared.json<{ data: Cow }>().data).toMatchObject({
      pregnancyTest: null,
      pregnancyTestAuto: true,
      expectedDelivery: '2026-05-20',
      expectedDeliveryAuto: false,
    });
    const [row] = await testApp.db.query(
      'SELECT pregnancy_check_manual, expected_calving_manual FROM cows WHERE id = $1',
      [cow.id],
    );
    expect(row).toEqual({ pregnancy_check_manual: false, expected_calving_manual: true });
  });

  it('keeps an automatic date and its flag when the edit does not name it', async () => {
    await testApp.db.query(
      "UPDATE cows SET expected_estrus_date = '2025-08-01', expected_estrus_manual = false WHERE id = $1",
      [cow.id],
    );
    const response = await update({ parity: 2 });
    expect(response.json<{ data: Cow }>().data).toMatchObject({
      parity: 2,
      expectedEstrus: '2025-08-01',
      expectedEstrusAuto: true,
    });
  });

  it('refuses a different status with 409 that names the force-change actions, and accepts the same one', async () => {
    const refused = await update({ status: '임신' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toContain('force-change action');
    const same = await update({ status: '설정대기', parity: 2 });
    expect(same.statusCode).toBe(200);
    const [row] = await testApp.db.query<{ status: string }>('SELECT status FROM cows WHERE id = $1', [
      cow.id,
    ]);
    expect(row?.status).toBe('설정대기');
  });

  it('refuses a code or sensor of another cow with 409', async () => {
    await addCow(testApp, farmer, { code: 'C5003', sensor: 45003 });
    const code = await update({ code: 'C5003' });
    expect([code.statusCode, errorMessage(code)]).toEqual([409, 'This cow code is already in the farm']);
    const sensor = await update({ sensor: 45003 });
    expect([sensor.statusCode, errorMessage(sensor)]).toEqual([
      409,
      'Sensor 45003 is already worn by cow C5003',
    ]);
  });

  it('marks a changed sensor offline until it reports', async () => {
    await testApp.db.query('UPDATE cows SET sensor_online = true WHERE id = $1', [cow.id]);
    const unchanged = await update({ sensor: 45001 });
    expect(unchanged.json<{ data: Cow }>().data.sensorzt).toBe(1);
    const changed = await update({ sensor: 45009 });
    expect(changed.json<{ data: Cow }>().data).toMatchObject({ sensor: 45009, sensorzt: 0 });
    const removed = await update({ sensor: null });
    expect(removed.json<{ data: Cow }>().data).toMatchObject({ sensor: null, sensorKind: null });
  });

  it.each([
    [{ birthday: daysFromToday(2) }, 'birthday must not be in the future'],
    [{ pregnancyTest: '2025-02-30' }, 'pregnancyTest is not a real calendar date'],
    [{ expectedEstrus: '2025-13-01' }, 'expectedEstrus is not a real calendar date'],
  ])('refuses %o with 400 naming the field', async (body, message) => {
    const response = await update(body);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION', msg: message });
    expect(response.json<{ details: { path: string }[] }>().details[0]?.path).toBe(
      `body.${Object.keys(body)[0]}`,
    );
  });

  it.each([
    [{ parity: -1 }, 'parity'],
    [{ code: 'X1' }, 'code'],
    [{ expectedDelivery: '20250101' }, 'expectedDelivery'],
  ])('refuses %o with 400 naming the field', async (body, field) => {
    const response = await update(body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain(field);
  });

  it('refuses any edit of a culled cow with 409', async () => {
    const culledId = await insertCowRow(testApp, farmer, { code: 'C5010', culled: true });
    const response = await update({ parity: 1 }, farmer, culledId);
    expect(response.statusCode).toBe(409);
    expect(errorMessage(response)).toBe(
      'A culled cow takes no further change; customer service can restore it',
    );
  });

  it("answers 404 for another farm's cow and changes nothing", async () => {
    const response = await update({ parity: 9, code: 'C6666' }, stranger);
    expectRefusal(response, 404, 'E_NOT_FOUND', ['C5001']);
    const [row] = await testApp.db.query<{ parity: number; code: string }>(
      'SELECT parity, code FROM cows WHERE id = $1',
      [cow.id],
    );
    expect(row).toEqual({ parity: 2, code: 'C5001' });
  });
});
