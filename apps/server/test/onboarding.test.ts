// A herd joins mid-season: new cows in any current status with the days that put them there, alone
// (addcowsinfo) or from a file (importcows, all or nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import { addDays } from '@cowcare/domain/calendar-date';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { addCow, daysFromToday, expectRefusal } from './cows-fixtures';
import { nextCode, ok } from './reproduction-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

const historyOf = (user: TestUser, id: number) =>
  ok<CowHistoryItem[]>(testApp, api.cows.cowHistory, { token: user.token, params: { id } });

const codesOfFarm = async (user: TestUser): Promise<string[]> =>
  (
    await ok<Cow[]>(testApp, api.cows.getCowsData, {
      token: user.token,
      params: { country: user.country, FarmNumber: user.farmNumber },
    })
  ).map((cow) => cow.code);

const refusalOf = (response: { json: <T>() => T }) =>
  response.json<{ code: string; msg: string; details?: { path: string; rule?: string }[] }>();

describe('POST news/news/add/addcowsinfo: a cow that joins mid-season', () => {
  it('starts a pregnant cow with her insemination and check as records, and her expected calving', async () => {
    const insemination = daysFromToday(-100);
    const check = daysFromToday(-60);
    const cow = await addCow(testApp, farmer, {
      code: nextCode(),
      birthday: daysFromToday(-1200),
      parity: 2,
      status: '임신',
      lastCalving: daysFromToday(-200),
      lastInsemination: insemination,
      inseminationMethod: 'artificial-insemination',
      inseminationSire: 'KPN1180',
      pregnancyCheck: check,
    });
    // AI: service date = insemination + 1; calving = service + 285.
    expect(cow).toMatchObject({
      status: '임신',
      parity: 2,
      recentChildbirth: daysFromToday(-200),
      lastFertilization: insemination,
      expectedDelivery: addDays(insemination, 1 + 285),
      expectedDeliveryAuto: true,
    });
    const history = await historyOf(farmer, cow.id);
    expect(history.map((item) => item.kind)).toEqual([
      // She joined today, after the days she brought: her registration is the newest entry.
      'statusChange',
      'pregnancy',
      'fertilization',
      'calving',
    ]);
    expect(history[1]).toMatchObject({
      kind: 'pregnancy',
      result: 'pregnant',
      time: `${check}T12:00:00.000Z`,
    });
    expect(history[2]).toMatchObject({ kind: 'fertilization', sireCode: 'KPN1180' });
    expect(history[0]).toMatchObject({ kind: 'statusChange', from: null, to: '임신', reason: 'created' });
  });

  it('starts a lactating cow with her calving: parity 1 by default and the next heat 60 days on', async () => {
    const calving = daysFromToday(-20);
    const cow = await addCow(testApp, farmer, { code: nextCode(), status: '포유', lastCalving: calving });
    expect(cow).toMatchObject({
      status: '포유',
      parity: 1,
      recentChildbirth: calving,
      expectedEstrus: addDays(calving, 60),
      expectedDelivery: null,
    });
    expect((await historyOf(farmer, cow.id)).map((item) => item.kind)).toEqual(['statusChange', 'calving']);
  });

  it('starts a cow awaiting her check with the pregnancy check date of the farm', async () => {
    const insemination = daysFromToday(-10);
    const cow = await addCow(testApp, farmer, {
      code: nextCode(),
      status: '임신감정',
      lastInsemination: insemination,
      inseminationMethod: 'natural',
    });
    // Natural: service date = the insemination day; ultrasonic by default: + 40 days.
    expect(cow).toMatchObject({ status: '임신감정', pregnancyTest: addDays(insemination, 40) });
  });

  it.each([
    [
      'a pregnant cow without an insemination',
      { status: '임신', pregnancyCheck: daysFromToday(-5) },
      'lastInsemination',
      'required',
    ],
    [
      'a pregnant cow without a check',
      { status: '임신', lastInsemination: daysFromToday(-50), inseminationMethod: 'natural' },
      'pregnancyCheck',
      'required',
    ],
    ['a lactating cow without a calving', { status: '포유' }, 'lastCalving', 'required'],
    [
      'an insemination without its method',
      { status: '임신감정', lastInsemination: daysFromToday(-5) },
      'inseminationMethod',
      'required',
    ],
    [
      'an insemination in the future',
      { status: '임신감정', lastInsemination: daysFromToday(3), inseminationMethod: 'natural' },
      'lastInsemination',
      'future',
    ],
    [
      'a calving before her birthday',
      { status: '포유', birthday: daysFromToday(-300), lastCalving: daysFromToday(-400) },
      'lastCalving',
      'beforeBirthday',
    ],
    [
      'an insemination before the last calving',
      {
        status: '임신감정',
        lastCalving: daysFromToday(-30),
        lastInsemination: daysFromToday(-40),
        inseminationMethod: 'natural',
      },
      'lastInsemination',
      'beforeCalving',
    ],
    [
      'a check before the insemination',
      {
        status: '임신',
        lastInsemination: daysFromToday(-40),
        inseminationMethod: 'natural',
        pregnancyCheck: daysFromToday(-50),
      },
      'pregnancyCheck',
      'beforeInsemination',
    ],
    [
      'an insemination for a cow in estrus detection',
      { status: '발정탐지', lastInsemination: daysFromToday(-40), inseminationMethod: 'natural' },
      'lastInsemination',
      'notForStatus',
    ],
    [
      'parity 0 for a cow that calved',
      { status: '포유', parity: 0, lastCalving: daysFromToday(-9) },
      'parity',
      'parityAfterCalving',
    ],
  ])(
    'refuses %s with 400 naming the field and its rule, and writes nothing',
    async (_case, fields, field, rule) => {
      const code = nextCode();
      const response = await call(testApp, api.cows.addCow, {
        token: farmer.token,
        body: { code, ...fields },
      });
      expect(response.statusCode, response.body).toBe(400);
      const refusal = refusalOf(response);
      expect(refusal.code).toBe('E_VALIDATION');
      expect(refusal.details).toEqual([{ path: `body.${field}`, message: refusal.msg, rule }]);
      expect(await codesOfFarm(farmer)).not.toContain(code);
    },
  );

  it('refuses a status a new cow cannot start in and a method that is not a dictionary code', async () => {
    for (const body of [
      { code: nextCode(), status: '도태' },
      {
        code: nextCode(),
        status: '임신감정',
        lastInsemination: daysFromToday(-3),
        inseminationMethod: 'bull',
      },
    ]) {
      const response = await call(testApp, api.cows.addCow, { token: farmer.token, body });
      expect(response.statusCode, response.body).toBe(400);
    }
  });
});

describe('POST news/news/add/importcows', () => {
  const pregnantRow = (code: string) => ({
    code,
    status: '임신',
    lastInsemination: daysFromToday(-90),
    inseminationMethod: 'artificial-insemination',
    pregnancyCheck: daysFromToday(-50),
  });

  it('answers 401 without a token', async () => {
    const response = await call(testApp, api.cows.importCows, { body: { cows: [{ code: nextCode() }] } });
    expectRefusal(response, 401, 'E_UNAUTHORIZED');
  });

  it.each([
    ['no cows', { cows: [] }],
    ['a cow without a code', { cows: [{ status: '포유' }] }],
    ['not a list', { cows: { code: 'C1' } }],
  ])('answers 400 for %s', async (_case, body) => {
    const response = await call(testApp, api.cows.importCows, { token: farmer.token, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(refusalOf(response).code).toBe('E_VALIDATION');
  });

  it('takes a body above the usual 1 MiB (a whole herd), and judges it', async () => {
    const row = {
      code: 'C1',
      status: '임신',
      lastInsemination: '2024-01-01',
      inseminationMethod: 'artificial-insemination',
      inseminationSire: 'S'.repeat(32),
      pregnancyCheck: '2024-02-20',
    };
    const cows = [...Array.from({ length: 6_000 }, () => row), { ...row, code: 'not a code' }];
    const body = { cows };
    expect(JSON.stringify(body).length).toBeGreaterThan(1_048_576);
    const response = await call(testApp, api.cows.importCows, { token: farmer.token, body });
    // Read and checked against the schema (400 for the last row), not refused for its size (413).
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(refusalOf(response).details?.[0]?.path).toBe('body.cows.6000.code');
  });

  it('imports every cow with her records, into the caller’s farm only', async () => {
    const pregnant = nextCode();
    const lactating = nextCode();
    const data = await ok<{ imported: number; ids: number[] }>(testApp, api.cows.importCows, {
      token: farmer.token,
      body: {
        cows: [pregnantRow(pregnant), { code: lactating, status: '포유', lastCalving: daysFromToday(-15) }],
      },
    });
    expect(data).toEqual({ imported: 2, ids: [expect.any(Number), expect.any(Number)] });
    const [id = 0] = data.ids;
    const cow = await ok<Cow>(testApp, api.cows.getCowInfo, {
      token: farmer.token,
      params: { id },
    });
    expect(cow).toMatchObject({
      code: pregnant,
      status: '임신',
      expectedDelivery: addDays(daysFromToday(-90), 286),
    });
    expect(await codesOfFarm(farmer)).toEqual(expect.arrayContaining([pregnant, lactating]));
    expect(await codesOfFarm(stranger)).not.toContain(pregnant);
    // Another farm's user cannot see the imported cows either.
    const foreign = await call(testApp, api.cows.getCowInfo, {
      token: stranger.token,
      params: { id },
    });
    expectRefusal(foreign, 404, 'E_NOT_FOUND', [pregnant]);
  });

  it('imports nothing when one row is refused, and names the row and its field', async () => {
    const first = nextCode();
    const second = nextCode();
    const response = await call(testApp, api.cows.importCows, {
      token: farmer.token,
      body: { cows: [pregnantRow(first), { code: second, status: '포유' }] },
    });
    expect(response.statusCode, response.body).toBe(400);
    const refusal = refusalOf(response);
    expect(refusal.msg).toBe(`row 2 (${second}): lastCalving is required for this status`);
    expect(refusal.details).toEqual([
      {
        path: 'body.cows.1.lastCalving',
        message: 'lastCalving is required for this status',
        rule: 'required',
      },
    ]);
    const codes = await codesOfFarm(farmer);
    expect(codes).not.toContain(first);
    expect(codes).not.toContain(second);
    const [records] = await testApp.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM fertilization_records f JOIN cows c ON c.id = f.cow_id WHERE c.code = $1`,
      [first],
    );
    expect(records?.count).toBe(0);
  });

  it('imports nothing when a code repeats in the file or is taken, with 409', async () => {
    const taken = nextCode();
    await addCow(testApp, farmer, { code: taken });
    const fresh = nextCode();
    for (const cows of [
      [{ code: fresh }, { code: fresh }],
      [{ code: nextCode() }, { code: taken }],
    ]) {
      const response = await call(testApp, api.cows.importCows, { token: farmer.token, body: { cows } });
      expect(response.statusCode, response.body).toBe(409);
      expect(refusalOf(response).msg).toMatch(/^row 2 \(C\d+\): This cow code is already in the farm$/);
    }
    expect(await codesOfFarm(farmer)).not.toContain(fresh);
  });

  it("refuses a dam of another farm with 404 and imports nothing of the stranger's farm", async () => {
    const strangerCow = await addCow(testApp, stranger, { code: nextCode() });
    const code = nextCode();
    const response = await call(testApp, api.cows.importCows, {
      token: farmer.token,
      body: { cows: [{ code, damId: strangerCow.id }] },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.body).not.toContain(strangerCow.code);
    expect(await codesOfFarm(farmer)).not.toContain(code);
  });
});
