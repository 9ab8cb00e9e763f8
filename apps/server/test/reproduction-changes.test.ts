import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type {
  CalvingRecord,
  EstrusRecord,
  FertilizationRecord,
  PregnancyRecord,
} from '@cowcare/contract/routes/reproduction';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { cowDates, herdSnapshot, insertCow, nextCode, ok } from './reproduction-fixtures';

let testApp: TestApp;
let farmer: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

type WithCow<R> = { record: R; cow: Cow };
type Deleted = { id: number; cow: Cow };
const send = <T>(route: Parameters<typeof ok>[1], params: Record<string, number>, body?: unknown) =>
  ok<T>(testApp, route, { token: farmer.token, params, body });
const newCow = (setup: { status?: string; parity?: number } = {}) =>
  insertCow(testApp, farmer, { code: nextCode(), ...setup });

const estrus = (cowId: number, estrusAt: string, extra: Record<string, unknown> = {}) =>
  send<WithCow<EstrusRecord>>(api.reproduction.addEstrus, {}, { cowId, estrusAt, ...extra });
const fertilization = (cowId: number, plannedAt: string, extra: Record<string, unknown> = {}) =>
  send<WithCow<FertilizationRecord>>(
    api.reproduction.addFertilization,
    {},
    { cowId, plannedAt, method: 'artificial-insemination', ...extra },
  );
const diagnosis = (cowId: number, diagnosedAt: string, result: string, extra: Record<string, unknown> = {}) =>
  send<WithCow<PregnancyRecord>>(
    api.reproduction.addPregnancy,
    {},
    { cowId, diagnosisMethod: 'ultrasonic', diagnosedAt, result, ...extra },
  );
const calving = (cowId: number, calvedAt: string, extra: Record<string, unknown> = {}) =>
  send<WithCow<CalvingRecord> & { calf: Cow | null }>(
    api.reproduction.addCalving,
    {},
    { cowId, calvedAt, method: 'normal', result: 'cow', ...extra },
  );

describe('a change that leaves the time alone', () => {
  // 06:00 in Korea is the UTC day before: the stored local day must survive an edit of other fields.
  const early = (day: string) => `${day}T06:00:00+09:00`;

  it.each([
    [
      'estrus',
      async (cowId: number) => (await estrus(cowId, early('2026-03-10'))).record.id,
      api.reproduction.updateEstrus,
      { lastEstrus: '2026-03-10', expectedEstrus: '2026-03-31' },
    ],
    [
      'fertilization',
      async (cowId: number) => (await fertilization(cowId, early('2026-05-01'))).record.id,
      api.reproduction.updateFertilization,
      { lastFertilization: '2026-05-01', pregnancyTest: '2026-06-11' },
    ],
    [
      'pregnancy',
      async (cowId: number) => (await diagnosis(cowId, early('2026-06-11'), 'unpregnant')).record.id,
      api.reproduction.updatePregnancy,
      { expectedEstrus: '2026-07-02' },
    ],
    [
      'calving',
      async (cowId: number) => (await calving(cowId, early('2026-02-15'), { result: 'other' })).record.id,
      api.reproduction.updateCalving,
      { recentChildbirth: '2026-02-15', expectedEstrus: '2026-04-16' },
    ],
  ] as const)('keeps the local day of an early-morning %s', async (_kind, add, route, dates) => {
    const cowId = await newCow();
    const id = await add(cowId);
    const { cow } = await send<WithCow<unknown>>(route, { id }, { memo: 'edited' });
    expect(cow).toMatchObject(dates);
  });
});

describe('estrus record changes', () => {
  it('recompute the automatic next estrus and the cow from a new estrus time', async () => {
    const cowId = await newCow();
    const { record } = await estrus(cowId, '2026-03-10T06:00:00+09:00');
    const { record: changed, cow } = await send<WithCow<EstrusRecord>>(
      api.reproduction.updateEstrus,
      { id: record.id },
      { estrusAt: '2026-03-12T06:00:00+09:00', memo: 'corrected' },
    );
    expect(changed).toMatchObject({
      memo: 'corrected',
      nextExpectedEstrus: '2026-04-02',
      nextExpectedEstrusAuto: true,
    });
    expect(cow).toMatchObject({
      lastEstrus: '2026-03-12',
      expectedEstrus: '2026-04-02',
      expectedEstrusAuto: true,
    });
  });

  it('keep a hand-set next estrus when the time changes, and return it to automatic with null', async () => {
    const cowId = await newCow();
    const { record } = await estrus(cowId, '2026-03-10T06:00:00+09:00', { nextExpectedEstrus: '2026-04-05' });
    const moved = await send<WithCow<EstrusRecord>>(
      api.reproduction.updateEstrus,
      { id: record.id },
      { estrusAt: '2026-03-11T06:00:00+09:00' },
    );
    expect(moved.record).toMatchObject({ nextExpectedEstrus: '2026-04-05', nextExpectedEstrusAuto: false });
    expect(moved.cow).toMatchObject({
      lastEstrus: '2026-03-11',
      expectedEstrus: '2026-04-05',
      expectedEstrusAuto: false,
    });
    const automatic = await send<WithCow<EstrusRecord>>(
      api.reproduction.updateEstrus,
      { id: record.id },
      { nextExpectedEstrus: null },
    );
    expect(automatic.cow).toMatchObject({ expectedEstrus: '2026-04-01', expectedEstrusAuto: true });
  });

  it('keep a date typed on the cow herself when a record changes', async () => {
    const cowId = await newCow();
    const { record } = await estrus(cowId, '2026-03-10T06:00:00+09:00');
    await testApp.db.query(
      "UPDATE cows SET expected_estrus_date = '2026-04-09', expected_estrus_manual = true WHERE id = $1",
      [cowId],
    );
    const { cow } = await send<WithCow<EstrusRecord>>(
      api.reproduction.updateEstrus,
      { id: record.id },
      { estrusAt: '2026-03-12T06:00:00+09:00' },
    );
    expect(cow).toMatchObject({
      lastEstrus: '2026-03-12',
      expectedEstrus: '2026-04-09',
      expectedEstrusAuto: false,
    });
  });

  it('leave the newer estrus in charge when an older one is entered', async () => {
    const cowId = await newCow();
    await estrus(cowId, '2026-03-10T06:00:00+09:00');
    const { cow } = await estrus(cowId, '2026-02-17T06:00:00+09:00');
    expect(cow).toMatchObject({ lastEstrus: '2026-03-10', expectedEstrus: '2026-03-31' });
  });

  it('on delete, take the dates from the latest remaining estrus, and clear them with none left', async () => {
    const cowId = await newCow();
    const older = await estrus(cowId, '2026-02-17T06:00:00+09:00');
    const newer = await estrus(cowId, '2026-03-10T06:00:00+09:00');
    const first = await send<Deleted>(api.reproduction.deleteEstrus, { id: newer.record.id });
    expect(first).toMatchObject({
      id: newer.record.id,
      cow: { lastEstrus: '2026-02-17', expectedEstrus: '2026-03-10' },
    });
    const last = await send<Deleted>(api.reproduction.deleteEstrus, { id: older.record.id });
    expect(last.cow).toMatchObject({ lastEstrus: null, expectedEstrus: null, expectedEstrusAuto: true });
    const again = await call(testApp, api.reproduction.deleteEstrus, {
      token: farmer.token,
      params: { id: older.record.id },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('fertilization record changes', () => {
  it("recompute the service date, the check date and a pregnant diagnosis's expected calving", async () => {
    const cowId = await newCow();
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant');
    const { record: changed, cow } = await send<WithCow<FertilizationRecord>>(
      api.reproduction.updateFertilization,
      { id: record.id },
      { method: 'embryo-transfer', pregnancyCheckMethod: 'hormone' },
    );
    expect(changed).toMatchObject({
      method: 'embryo-transfer',
      effectiveServiceDate: '2026-05-08',
      pregnancyCheckMethod: 'hormone',
      pregnancyCheckDate: '2026-06-28',
      pregnancyCheckDateAuto: true,
    });
    expect(cow).toMatchObject({
      status: '임신',
      pregnancyTest: '2026-06-28',
      expectedDelivery: '2027-02-17',
      expectedDeliveryAuto: true,
    });
    const [diagnosisRow] = await testApp.db.query(
      "SELECT to_char(expected_calving_date, 'YYYY-MM-DD') AS d FROM pregnancy_records WHERE cow_id = $1",
      [cowId],
    );
    expect(diagnosisRow).toEqual({ d: '2027-02-17' });
  });

  it('keep a hand-set check date when the method changes; clear sire and actual method with null', async () => {
    const cowId = await newCow();
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00', {
      pregnancyCheckDate: '2026-06-20',
      sireCode: 'KPN1',
      actualMethod: 'natural',
    });
    const { record: changed, cow } = await send<WithCow<FertilizationRecord>>(
      api.reproduction.updateFertilization,
      { id: record.id },
      { method: 'natural', sireCode: null, actualMethod: null },
    );
    expect(changed).toMatchObject({
      effectiveServiceDate: '2026-05-01',
      pregnancyCheckDate: '2026-06-20',
      pregnancyCheckDateAuto: false,
      sireCode: null,
      actualMethod: null,
    });
    expect(cow).toMatchObject({ pregnancyTest: '2026-06-20', pregnancyTestAuto: false });
  });

  it('use the farm days of today when a check date is recomputed', async () => {
    const cowId = await newCow();
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const owner = await testApp.db.query<{ farm_id: number }>('SELECT farm_id FROM cows WHERE id = $1', [
      cowId,
    ]);
    await testApp.db.query('UPDATE farm_settings SET ultrasonic_days = 30 WHERE farm_id = $1', [
      owner[0]?.farm_id,
    ]);
    const { cow } = await send<WithCow<FertilizationRecord>>(
      api.reproduction.updateFertilization,
      { id: record.id },
      { memo: 'check sooner' },
    );
    await testApp.db.query('UPDATE farm_settings SET ultrasonic_days = 40 WHERE farm_id = $1', [
      owner[0]?.farm_id,
    ]);
    expect(cow).toMatchObject({ pregnancyTest: '2026-06-01', pregnancyTestAuto: true });
  });

  it('refuse to delete or move the fertilization a pregnant diagnosis counts from (409, nothing changed)', async () => {
    const cowId = await newCow();
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant');
    const before = await herdSnapshot(testApp);
    const deleting = await call(testApp, api.reproduction.deleteFertilization, {
      token: farmer.token,
      params: { id: record.id },
    });
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json<{ msg: string }>().msg).toContain('2026-06-11');
    const moving = await call(testApp, api.reproduction.updateFertilization, {
      token: farmer.token,
      params: { id: record.id },
      body: { plannedAt: '2026-06-20T10:00:00+09:00' },
    });
    expect(moving.statusCode).toBe(409);
    expect(await herdSnapshot(testApp)).toEqual(before);
  });

  it('on delete, follow the remaining fertilization and leave the status as history', async () => {
    const cowId = await newCow();
    await fertilization(cowId, '2026-04-01T10:00:00+09:00', { method: 'natural' });
    const { record } = await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const { cow } = await send<Deleted>(api.reproduction.deleteFertilization, { id: record.id });
    expect(cow).toMatchObject({
      status: '임신감정',
      lastFertilization: '2026-04-01',
      pregnancyTest: '2026-05-11',
    });
  });
});

describe('pregnancy diagnosis changes', () => {
  it("move the cow again when her latest diagnosis's result changes", async () => {
    const cowId = await newCow();
    await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const { record } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant');
    const { record: changed, cow } = await send<WithCow<PregnancyRecord>>(
      api.reproduction.updatePregnancy,
      { id: record.id },
      { result: 'unpregnant' },
    );
    expect(changed).toMatchObject({
      result: 'unpregnant',
      expectedCalving: null,
      nextExpectedEstrus: '2026-07-02',
    });
    expect(cow).toMatchObject({ status: '발정탐지', expectedDelivery: null, expectedEstrus: '2026-07-02' });
    const back = await send<WithCow<PregnancyRecord>>(
      api.reproduction.updatePregnancy,
      { id: record.id },
      { result: 'pregnant' },
    );
    expect(back.cow).toMatchObject({ status: '임신', expectedDelivery: '2027-02-11', expectedEstrus: null });
  });

  it("leave the status alone when an older diagnosis's result changes", async () => {
    const cowId = await newCow();
    await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    const { record: older } = await diagnosis(cowId, '2026-06-01T09:00:00+09:00', 'unpregnant');
    await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant');
    const { cow } = await send<WithCow<PregnancyRecord>>(
      api.reproduction.updatePregnancy,
      { id: older.id },
      { result: 'abort' },
    );
    expect(cow).toMatchObject({ status: '임신', expectedDelivery: '2027-02-11' });
  });

  it('keep a hand-set expected calving when the diagnosis moves', async () => {
    const cowId = await newCow();
    const { record } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant', {
      expectedCalving: '2027-03-03',
    });
    const { record: changed, cow } = await send<WithCow<PregnancyRecord>>(
      api.reproduction.updatePregnancy,
      { id: record.id },
      { diagnosedAt: '2026-06-12T09:00:00+09:00', diagnosisMethod: 'rectal' },
    );
    expect(changed).toMatchObject({
      diagnosisMethod: 'rectal',
      expectedCalving: '2027-03-03',
      expectedCalvingAuto: false,
    });
    expect(cow).toMatchObject({ expectedDelivery: '2027-03-03', expectedDeliveryAuto: false });
  });

  it('refuse to return it to automatic with no fertilization before it (409)', async () => {
    const cowId = await newCow();
    const { record } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'pregnant', {
      expectedCalving: '2027-03-03',
    });
    const response = await call(testApp, api.reproduction.updatePregnancy, {
      token: farmer.token,
      params: { id: record.id },
      body: { expectedCalving: null },
    });
    expect(response.statusCode).toBe(409);
  });

  it('on delete, follow the remaining diagnosis and leave the status as history', async () => {
    const cowId = await newCow();
    await fertilization(cowId, '2026-05-01T10:00:00+09:00');
    await diagnosis(cowId, '2026-06-01T09:00:00+09:00', 'pregnant');
    const { record } = await diagnosis(cowId, '2026-06-11T09:00:00+09:00', 'abort');
    const { cow } = await send<Deleted>(api.reproduction.deletePregnancy, { id: record.id });
    expect(cow).toMatchObject({ status: '발정탐지', expectedDelivery: '2027-02-11', expectedEstrus: null });
  });
});

describe('calving record changes', () => {
  it('recompute the expected estrus and the last calving from a new calving time', async () => {
    const cowId = await newCow();
    const { record } = await calving(cowId, '2026-02-15T10:00:00+09:00', { result: 'stillbirth' });
    const { record: changed, cow } = await send<WithCow<CalvingRecord>>(
      api.reproduction.updateCalving,
      { id: record.id },
      { calvedAt: '2026-02-16T10:00:00+09:00', method: 'abnormal', result: 'other' },
    );
    expect(changed).toMatchObject({
      method: 'abnormal',
      result: 'other',
      expectedEstrusAfterCalving: '2026-04-17',
    });
    expect(cow).toMatchObject({ recentChildbirth: '2026-02-16', expectedEstrus: '2026-04-17', parity: 1 });
  });

  it('refuse to change the result of a calving with a registered calf (409)', async () => {
    const cowId = await newCow();
    const { record } = await calving(cowId, '2026-02-15T10:00:00+09:00', { calf: { code: nextCode() } });
    const response = await call(testApp, api.reproduction.updateCalving, {
      token: farmer.token,
      params: { id: record.id },
      body: { result: 'bull' },
    });
    expect(response.statusCode).toBe(409);
    expect(await cowDates(testApp, cowId)).toMatchObject({ recentChildbirth: '2026-02-15' });
  });

  it('on delete, clear the calving dates; parity, status and the calf stay', async () => {
    const cowId = await newCow({ parity: 1 });
    const { record, calf } = await calving(cowId, '2026-02-15T10:00:00+09:00', {
      calf: { code: nextCode() },
    });
    const { cow } = await send<Deleted>(api.reproduction.deleteCalving, { id: record.id });
    expect(cow).toMatchObject({ status: '포유', parity: 2, recentChildbirth: null, expectedEstrus: null });
    const calves = await testApp.db.query('SELECT dam_id AS "damId" FROM cows WHERE id = $1', [calf?.id]);
    expect(calves).toEqual([{ damId: cowId }]);
  });
});
