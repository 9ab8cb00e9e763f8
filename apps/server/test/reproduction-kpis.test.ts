// The herd's reproduction KPIs, their targets and the morning action lists through the real HTTP stack
// (issue 40): a small herd stored as the record calls store it, each figure worked out by hand below, the
// cow-type filter, the farm's own targets and waiting period, and nothing of one farm in another's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Kpi, KpiSettings } from '@cowcare/contract/routes/reproduction-kpis';
import { addDays } from '@cowcare/domain/calendar-date';
import { DEFAULT_REPRODUCTION_KPI_TARGETS } from '@cowcare/domain/reproduction-kpi-targets';
import { expectRefusal, farmIdOf, insertCowType, openTwoFarms, todayUtc } from './cows-fixtures';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import { joinAsStaff } from './money-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let farmId: number;
let dairyTypeId: number;
let beefTypeId: number;
const TODAY = todayUtc();
const T = (days: number) => addDays(TODAY, -days);
const cows: Record<string, number> = {};

const insertCow = async (
  code: string,
  cow: { status: string; parity: number; createdDaysAgo: number; typeId: number; birthDaysAgo?: number },
) => {
  const [row] = await testApp.db.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, status, parity, sex, birthday, cow_type_id, created_at)
     VALUES ($1, $2, $3, $4, 'female', $5, $6, $7::date) RETURNING id`,
    [
      farmId,
      code,
      cow.status,
      cow.parity,
      cow.birthDaysAgo === undefined ? null : T(cow.birthDaysAgo),
      cow.typeId,
      T(cow.createdDaysAgo),
    ],
  );
  if (!row) throw new Error('no cow');
  cows[code] = row.id;
};

const calving = (code: string, daysAgo: number) =>
  testApp.db.query(
    `INSERT INTO calving_records (farm_id, cow_id, calved_at, calving_date, method, result)
     VALUES ($1, $2, $3::date, $3::date, 'normal', 'cow')`,
    [farmId, cows[code], T(daysAgo)],
  );
const service = (code: string, daysAgo: number) =>
  testApp.db.query(
    `INSERT INTO fertilization_records (farm_id, cow_id, planned_at, planned_date, method, effective_service_date,
                                        pregnancy_check_date)
     VALUES ($1, $2, $3::date, $3::date, 'artificial-insemination', $3::date, $3::date + 40)`,
    [farmId, cows[code], T(daysAgo)],
  );
const check = (code: string, daysAgo: number, result: 'pregnant' | 'unpregnant') =>
  testApp.db.query(
    `INSERT INTO pregnancy_records (farm_id, cow_id, diagnosis_method, diagnosed_at, diagnosis_date, result)
     VALUES ($1, $2, 'ultrasonic', $3::date, $3::date, $4)`,
    [farmId, cows[code], T(daysAgo), result],
  );

/**
 * Over the last 365 days, VWP 60:
 * - A (dairy): calved 700 and 300 days ago (interval 400); served 230 days ago (70 days after), pregnant at 190.
 * - B (dairy): calved 200 ago; served 120 ago (80 days), open at 80; served 60 ago (140 days), pregnant at 20.
 * - C (dairy): calved 150 ago, culled 10 days ago, never served.
 * - D (beef): calved 100 ago, nothing since: open past the waiting period without a heat.
 * - E (beef): like D, but her collar saw a heat 30 days ago (notice 101).
 * - F (beef): served 3 times since calving 200 days ago, open, open and waiting: a repeat breeder.
 */
beforeAll(async () => {
  ({ testApp, farmer, stranger } = await openTwoFarms());
  farmId = await farmIdOf(testApp, farmer);
  dairyTypeId = await insertCowType(testApp, farmId, 'Dairy');
  beefTypeId = await insertCowType(testApp, farmId, 'Beef');
  const adult = { parity: 1, createdDaysAgo: 900 };
  await insertCow('C9101', { ...adult, parity: 2, status: '임신', typeId: dairyTypeId });
  await insertCow('C9102', { ...adult, status: '임신', typeId: dairyTypeId });
  await insertCow('C9103', { ...adult, status: '도태', typeId: dairyTypeId });
  await insertCow('C9104', { ...adult, status: '포유', typeId: beefTypeId });
  await insertCow('C9105', { ...adult, status: '포유', typeId: beefTypeId });
  await insertCow('C9106', { ...adult, status: '임신감정', typeId: beefTypeId });
  await calving('C9101', 700);
  await calving('C9101', 300);
  await service('C9101', 230);
  await check('C9101', 190, 'pregnant');
  await calving('C9102', 200);
  await service('C9102', 120);
  await check('C9102', 80, 'unpregnant');
  await service('C9102', 60);
  await check('C9102', 20, 'pregnant');
  await calving('C9103', 150);
  await testApp.db.query(`UPDATE cows SET culled_at = $2::date WHERE id = $1`, [cows.C9103, T(10)]);
  await calving('C9104', 100);
  await calving('C9105', 100);
  await testApp.db.query(
    `INSERT INTO notices (farm_id, cow_id, code, episode_key, occurred_at) VALUES ($1, $2, 101, $3, $4::date)`,
    [farmId, cows.C9105, `kpi-heat-${cows.C9105}`, T(30)],
  );
  await calving('C9106', 200);
  await service('C9106', 120);
  await check('C9106', 80, 'unpregnant');
  await service('C9106', 60);
  await check('C9106', 25, 'unpregnant');
  await service('C9106', 5);
});
afterAll(() => testApp.close());

const kpisOf = async (user: TestUser, query: Record<string, string> = {}) => {
  const response = await call(testApp, api.reproductionKpis.reproductionKpis, {
    token: user.token,
    query: { from: T(364), to: TODAY, today: TODAY, ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json<{
    data: { kpis: Kpi[]; months: { month: string }[]; cows: { id: number; code: string }[]; to: string };
  }>().data;
  const byName = Object.fromEntries(data.kpis.map((kpi) => [kpi.name, kpi]));
  return { ...data, byName };
};

describe('the reproduction KPIs of a herd', () => {
  it('are the figures worked out by hand, with the cows behind them', async () => {
    const { byName, cows: named } = await kpisOf(farmer);
    // Services in the year: A pregnant, B open then pregnant, F open, open, waiting (not judged yet).
    expect(byName.conceptionRate).toMatchObject({ numerator: 2, denominator: 5, value: 0.4 });
    // First services after calving: A's (pregnant), B's and F's (open).
    expect(byName.firstServiceConceptionRate).toMatchObject({ numerator: 1, denominator: 3 });
    expect(byName.servicesPerConception).toMatchObject({ value: 2.5 });
    // 70 (A), 80 (B) and 80 (F) days from calving to the first service.
    expect(byName.daysToFirstService?.value).toBeCloseTo((70 + 80 + 80) / 3, 9);
    // Conceived 70 (A) and 140 (B) days after calving.
    expect(byName.daysOpen).toMatchObject({ value: 105, numeratorCowIds: [cows.C9101, cows.C9102] });
    expect(byName.calvingInterval).toMatchObject({ value: 400, numeratorCowIds: [cows.C9101] });
    expect(byName.abortionRate).toMatchObject({ value: 0, numerator: 0, denominator: 2 });
    // C left; cows from their first calving in the year: A 365 days, B and F 201, C 140, D and E 101.
    const cowYears = (365 + 201 + 201 + 140 + 101 + 101) / 365;
    expect(byName.cullingRate).toMatchObject({ numerator: 1, numeratorCowIds: [cows.C9103] });
    expect(byName.cullingRate?.value).toBeCloseTo(1 / cowYears, 9);
    expect(byName.heatDetectionRate?.denominator).toBeGreaterThan(0);
    expect(named).toContainEqual({ id: cows.C9103, code: 'C9103' });
  });

  it('has a value for each month of the period and the usual targets until the farm sets its own', async () => {
    const { months, byName } = await kpisOf(farmer);
    expect(months.length).toBeGreaterThanOrEqual(12);
    expect(months.at(-1)?.month).toBe(TODAY.slice(0, 7));
    expect(byName.daysOpen?.target).toBe(DEFAULT_REPRODUCTION_KPI_TARGETS.daysOpen);
  });

  it('keeps to one cow type when asked', async () => {
    const { byName } = await kpisOf(farmer, { cowTypeId: String(beefTypeId) });
    expect(byName.conceptionRate).toMatchObject({ numerator: 0, denominator: 2 });
    expect(byName.calvingInterval?.value).toBeNull();
    expect(byName.cullingRate?.numerator).toBe(0);
  });

  it('judges a period running past today up to today', async () => {
    const { to } = await kpisOf(farmer, { from: T(30), to: addDays(TODAY, 20) });
    expect(to).toBe(TODAY);
  });
});

describe('the morning action lists', () => {
  const lists = async (user: TestUser, query: Record<string, string> = {}) => {
    const response = await call(testApp, api.reproductionKpis.reproductionActionLists, {
      token: user.token,
      query: { today: TODAY, ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: {
        pregnancyChecks: { code: string; checkDate: string }[];
        openWithoutHeat: { code: string; daysSinceCalving: number }[];
        repeatedServices: { code: string; services: number }[];
        dueToCalve: { code: string }[];
      };
    }>().data;
  };

  it('name the cows to check, the open ones with no heat and the repeat breeders', async () => {
    const today = await lists(farmer);
    expect(today.pregnancyChecks).toEqual([]); // F's check is 35 days away
    expect(today.openWithoutHeat).toEqual([
      expect.objectContaining({ code: 'C9104', daysSinceCalving: 100 }),
    ]);
    expect(today.repeatedServices).toEqual([expect.objectContaining({ code: 'C9106', services: 3 })]);
    expect(today.dueToCalve).toEqual([]);
  });

  it('follow the farm’s waiting period', async () => {
    await putSettings(farmer, { voluntaryWaitingDays: 120 });
    expect((await lists(farmer)).openWithoutHeat).toEqual([]);
    await putSettings(farmer, { voluntaryWaitingDays: 60 });
  });
});

const putSettings = async (user: TestUser, change: Partial<KpiSettings>) => {
  const current = (await call(testApp, api.reproductionKpis.getKpiSettings, { token: user.token })).json<{
    data: KpiSettings;
  }>().data;
  return call(testApp, api.reproductionKpis.putKpiSettings, {
    token: user.token,
    body: { ...current, ...change, targets: { ...current.targets, ...change.targets } },
  });
};

describe('the farm’s targets', () => {
  it('are saved by an owner and shown beside the figures', async () => {
    const saved = await putSettings(farmer, {
      targets: { ...DEFAULT_REPRODUCTION_KPI_TARGETS, daysOpen: 100, conceptionRate: 0.45 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { byName } = await kpisOf(farmer);
    expect(byName.daysOpen?.target).toBe(100);
    expect(byName.conceptionRate?.target).toBe(0.45);
  });

  it('are refused out of their bounds, and to staff', async () => {
    const before = await call(testApp, api.reproductionKpis.getKpiSettings, { token: farmer.token });
    const tooHigh = await putSettings(farmer, {
      targets: { ...DEFAULT_REPRODUCTION_KPI_TARGETS, heatDetectionRate: 60 },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toMatchObject({
      code: 'E_VALIDATION',
      msg: expect.stringContaining('heatDetectionRate'),
    });
    const staff = await joinAsStaff(testApp, farmer);
    const byStaff = await call(testApp, api.reproductionKpis.putKpiSettings, {
      token: staff.token,
      body: before.json<{ data: KpiSettings }>().data,
    });
    expectRefusal(byStaff, 403, 'E_OWNER_ONLY');
    const staffReads = await call(testApp, api.reproductionKpis.reproductionKpis, {
      token: staff.token,
      query: { from: T(30), to: TODAY },
    });
    expect(staffReads.statusCode).toBe(200);
    const after = await call(testApp, api.reproductionKpis.getKpiSettings, { token: farmer.token });
    expect(after.body).toBe(before.body);
  });
});

describe('refusals', () => {
  it('needs a login for every call', async () => {
    for (const route of [
      api.reproductionKpis.reproductionKpis,
      api.reproductionKpis.reproductionActionLists,
      api.reproductionKpis.getKpiSettings,
    ]) {
      expectRefusal(await call(testApp, route, { query: { from: T(30), to: TODAY } }), 401, 'E_UNAUTHORIZED');
    }
  });

  it.each([
    ['a period backwards', { from: TODAY, to: T(10) }],
    ['a period of over ten years', { from: T(4000), to: TODAY }],
    ['a made-up day', { from: '2026-02-30', to: TODAY }],
    ['a today two days off', { from: T(10), to: TODAY, today: addDays(TODAY, 3) }],
  ])('answers 400 for %s', async (_, query) => {
    const response = await call(testApp, api.reproductionKpis.reproductionKpis, {
      token: farmer.token,
      query,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION', msg: expect.any(String) });
  });

  it('shows another farm nothing of this one, and 404 for its cow type', async () => {
    const { byName, cows: named } = await kpisOf(stranger);
    expect(named).toEqual([]);
    expect(byName.conceptionRate).toMatchObject({ value: null, denominator: 0 });
    const response = await call(testApp, api.reproductionKpis.reproductionKpis, {
      token: stranger.token,
      query: { from: T(30), to: TODAY, cowTypeId: String(dairyTypeId) },
    });
    expectRefusal(response, 404, 'E_NOT_FOUND', ['C91']);
    const lists = await call(testApp, api.reproductionKpis.reproductionActionLists, {
      token: stranger.token,
      query: { cowTypeId: String(beefTypeId) },
    });
    expectRefusal(lists, 404, 'E_NOT_FOUND', ['C91']);
    const ownLists = await call(testApp, api.reproductionKpis.reproductionActionLists, {
      token: stranger.token,
    });
    expect(ownLists.body).not.toContain('C91');
    const settings = await call(testApp, api.reproductionKpis.getKpiSettings, { token: stranger.token });
    expect(settings.json<{ data: KpiSettings }>().data.targets.daysOpen).toBe(
      DEFAULT_REPRODUCTION_KPI_TARGETS.daysOpen,
    );
  });
});
