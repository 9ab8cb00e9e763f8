import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import {
  CALVING_METHOD_CODES,
  CALVING_RESULT_CODES,
  DIAGNOSIS_METHOD_CODES,
  MATING_METHOD_CODES,
  PREGNANCY_RESULT_CODES,
  type CalvingRecord,
  type EstrusRecord,
  type FertilizationRecord,
  type PregnancyRecord,
} from '@cowcare/contract/routes/reproduction';
import { readMigrations } from '../src/db/migrate';
import { CONFIG_DICTIONARIES } from '../src/seed/config-dictionaries';
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
const newCow = (setup: { status?: string; sex?: 'female' | 'male'; parity?: number } = {}) =>
  insertCow(testApp, farmer, { code: nextCode(), ...setup });

const addEstrus = (body: Record<string, unknown>) =>
  ok<WithCow<EstrusRecord>>(testApp, api.reproduction.addEstrus, { token: farmer.token, body });
const addFertilization = (body: Record<string, unknown>, user = farmer) =>
  ok<WithCow<FertilizationRecord>>(testApp, api.reproduction.addFertilization, { token: user.token, body });
const addPregnancy = (body: Record<string, unknown>) =>
  ok<WithCow<PregnancyRecord>>(testApp, api.reproduction.addPregnancy, { token: farmer.token, body });
const addCalving = (body: Record<string, unknown>) =>
  ok<WithCow<CalvingRecord> & { calf: Cow | null }>(testApp, api.reproduction.addCalving, {
    token: farmer.token,
    body,
  });

/** A fertilization on 2026-05-01 (local) by artificial insemination: service date 2026-05-02. */
const MAY_FIRST = '2026-05-01T10:00:00+09:00';

describe('the codes the contract accepts', () => {
  it.each([
    ['mating', MATING_METHOD_CODES],
    ['diagnosisMethod', DIAGNOSIS_METHOD_CODES],
    ['pregnancyStatus', PREGNANCY_RESULT_CODES],
    ['calvingMethod', CALVING_METHOD_CODES],
    ['calvingResult', CALVING_RESULT_CODES],
  ] as const)('are exactly the %s dictionary the app shows', (dictionary, codes) => {
    expect([...codes]).toEqual(CONFIG_DICTIONARIES[dictionary].map((entry) => entry.code));
  });
});

describe('estrus records', () => {
  it('set the last estrus and the next expected estrus 21 days later, on the local day', async () => {
    const cowId = await newCow();
    // 06:30 in Korea is still the day before in UTC: the farmer's day counts.
    const { record, cow } = await addEstrus({
      cowId,
      estrusAt: '2026-03-10T06:30:00+09:00',
      memo: 'standing heat',
    });
    expect(record).toEqual({
      id: expect.any(Number),
      cowId,
      estrusAt: '2026-03-09T21:30:00Z',
      memo: 'standing heat',
      nextExpectedEstrus: '2026-03-31',
      nextExpectedEstrusAuto: true,
      createdAt: expect.any(String),
    });
    expect(cow).toMatchObject({
      id: cowId,
      status: '발정탐지',
      lastEstrus: '2026-03-10',
      expectedEstrus: '2026-03-31',
      expectedEstrusAuto: true,
    });
  });

  it('keep a next expected estrus set by hand as manual', async () => {
    const cowId = await newCow();
    const { record, cow } = await addEstrus({
      cowId,
      estrusAt: '2026-03-10T18:00:00+09:00',
      nextExpectedEstrus: '2026-04-02',
    });
    expect(record).toMatchObject({ nextExpectedEstrus: '2026-04-02', nextExpectedEstrusAuto: false });
    expect(cow).toMatchObject({ expectedEstrus: '2026-04-02', expectedEstrusAuto: false });
  });

  it.each([
    ['an estrus in the future', { estrusAt: '2099-01-01T00:00:00Z' }, 'estrusAt must not be in the future'],
    ['a time without offset', { estrusAt: '2026-03-10T06:30:00' }, 'estrusAt'],
    ['a day that does not exist', { estrusAt: '2026-02-30T06:30:00Z' }, 'estrusAt'],
    [
      'a next expected estrus that does not exist',
      { estrusAt: MAY_FIRST, nextExpectedEstrus: '2026-02-30' },
      'nextExpectedEstrus',
    ],
  ])('refuse %s with 400 naming the field', async (_case, fields, message) => {
    const cowId = await newCow();
    const response = await call(testApp, api.reproduction.addEstrus, {
      token: farmer.token,
      body: { cowId, ...fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(message);
    expect(await cowDates(testApp, cowId)).toMatchObject({ lastEstrus: null, expectedEstrus: null });
  });
});

describe('fertilization records', () => {
  it.each([
    ['artificial-insemination', '2026-05-02', '2026-06-11'],
    ['natural', '2026-05-01', '2026-06-10'],
    ['embryo-transfer', '2026-05-08', '2026-06-17'],
  ])(
    '%s: service date = day + its add-days, check = service + 40 (ultrasonic)',
    async (method, service, check) => {
      const cowId = await newCow();
      const { record, cow } = await addFertilization({
        cowId,
        plannedAt: MAY_FIRST,
        method,
        sireCode: 'KPN1234',
      });
      expect(record).toEqual({
        id: expect.any(Number),
        cowId,
        plannedAt: '2026-05-01T01:00:00Z',
        method,
        actualMethod: null,
        sireCode: 'KPN1234',
        memo: '',
        effectiveServiceDate: service,
        pregnancyCheckMethod: 'ultrasonic',
        pregnancyCheckDate: check,
        pregnancyCheckDateAuto: true,
        createdAt: expect.any(String),
      });
      expect(cow).toMatchObject({
        status: '임신감정',
        lastFertilization: '2026-05-01',
        pregnancyTest: check,
        pregnancyTestAuto: true,
      });
    },
  );

  it.each([
    ['ultrasonic', '2026-06-11'],
    ['inspection', '2026-07-01'],
    ['rectal', '2026-07-01'],
    ['hormone', '2026-06-22'],
    ['external', '2026-07-01'],
  ])(
    '%s with the default days (40/60/60/51/60) from the service date',
    async (pregnancyCheckMethod, check) => {
      const cowId = await newCow();
      const { record } = await addFertilization({
        cowId,
        plannedAt: MAY_FIRST,
        method: 'artificial-insemination',
        pregnancyCheckMethod,
      });
      expect(record).toMatchObject({
        pregnancyCheckMethod,
        pregnancyCheckDate: check,
        pregnancyCheckDateAuto: true,
      });
    },
  );

  describe("with the farm's own days (35/55/45/21/90)", () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await createFarmUser(testApp);
      await testApp.db.query(
        `UPDATE farm_settings SET ultrasonic_days = 35, inspection_days = 55, rectal_days = 45, hormone_days = 21,
                external_days = 90
          WHERE farm_id = (SELECT id FROM farms WHERE farm_number = $1)`,
        [owner.farmNumber],
      );
    });

    it.each([
      ['ultrasonic', '2026-06-06'],
      ['inspection', '2026-06-26'],
      ['rectal', '2026-06-16'],
      ['hormone', '2026-05-23'],
      ['external', '2026-07-31'],
    ])('%s', async (pregnancyCheckMethod, check) => {
      const cowId = await insertCow(testApp, owner, { code: nextCode() });
      const { record } = await addFertilization(
        { cowId, plannedAt: MAY_FIRST, method: 'artificial-insemination', pregnancyCheckMethod },
        owner,
      );
      expect(record.pregnancyCheckDate).toBe(check);
    });
  });

  it('keep a pregnancy-check date set by hand, and record the actual method', async () => {
    const cowId = await newCow();
    const { record, cow } = await addFertilization({
      cowId,
      plannedAt: MAY_FIRST,
      method: 'artificial-insemination',
      actualMethod: 'natural',
      pregnancyCheckDate: '2026-06-20',
    });
    expect(record).toMatchObject({
      actualMethod: 'natural',
      effectiveServiceDate: '2026-05-02',
      pregnancyCheckDate: '2026-06-20',
      pregnancyCheckDateAuto: false,
    });
    expect(cow).toMatchObject({ pregnancyTest: '2026-06-20', pregnancyTestAuto: false });
  });

  it('record the move to 임신감정 in the status history, with who', async () => {
    const cowId = await newCow({ status: '설정대기' });
    await addFertilization({ cowId, plannedAt: MAY_FIRST, method: 'natural' });
    const changes = await testApp.db.query(
      `SELECT from_status AS "from", to_status AS "to", reason, forced, changed_by_user_id AS "by"
         FROM cow_status_changes WHERE cow_id = $1`,
      [cowId],
    );
    expect(changes).toEqual([
      { from: '설정대기', to: '임신감정', reason: 'fertilization', forced: false, by: farmer.id },
    ]);
  });

  it.each([
    ['a domain name instead of the dictionary code', { method: 'artificialInsemination' }, 'body.method'],
    [
      'an unknown check method',
      { method: 'natural', pregnancyCheckMethod: 'x-ray' },
      'body.pregnancyCheckMethod',
    ],
    ['a missing method', {}, 'body.method'],
  ])('refuse %s with 400 naming the field', async (_case, fields, field) => {
    const cowId = await newCow();
    const response = await call(testApp, api.reproduction.addFertilization, {
      token: farmer.token,
      body: { cowId, plannedAt: MAY_FIRST, ...fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });

  it('refuse a male cow and a culled cow with 409, writing nothing', async () => {
    for (const setup of [{ sex: 'male' as const }, { status: '도태' }]) {
      const cowId = await newCow(setup);
      const before = await herdSnapshot(testApp);
      const response = await call(testApp, api.reproduction.addFertilization, {
        token: farmer.token,
        body: { cowId, plannedAt: MAY_FIRST, method: 'natural' },
      });
      expect(response.statusCode).toBe(409);
      expect(await herdSnapshot(testApp)).toEqual(before);
    }
  });
});

describe('pregnancy diagnoses', () => {
  const diagnose = (cowId: number, fields: Record<string, unknown>) =>
    call(testApp, api.reproduction.addPregnancy, {
      token: farmer.token,
      body: { cowId, diagnosisMethod: 'ultrasonic', diagnosedAt: '2026-06-11T09:00:00+09:00', ...fields },
    });

  it("refuse a missing pregnancy status with the spec's prompt", async () => {
    const cowId = await newCow();
    const response = await diagnose(cowId, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_VALIDATION',
      msg: 'select pregnancy status',
      details: [{ path: 'body.result', message: 'select pregnancy status' }],
    });
  });

  it('refuse an unknown pregnancy status with 400 naming the field', async () => {
    const response = await diagnose(await newCow(), { result: 'maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('body.result');
  });

  it('refuse a pregnant result without a fertilization record with 409, writing nothing', async () => {
    const cowId = await newCow();
    const before = await herdSnapshot(testApp);
    const response = await diagnose(cowId, { result: 'pregnant' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ msg: string }>().msg).toMatch(/needs a fertilization record/);
    expect(await herdSnapshot(testApp)).toEqual(before);
  });

  it.each([
    ['artificial-insemination', '2027-02-11'],
    ['embryo-transfer', '2027-02-17'],
  ])('pregnant after %s: 임신, expected calving = service date + 285', async (method, calving) => {
    const cowId = await newCow();
    await addEstrus({ cowId, estrusAt: '2026-04-30T07:00:00+09:00' });
    await addFertilization({ cowId, plannedAt: MAY_FIRST, method });
    const { record, cow } = await addPregnancy({
      cowId,
      diagnosisMethod: 'rectal',
      diagnosedAt: '2026-06-11T09:00:00+09:00',
      result: 'pregnant',
    });
    expect(record).toEqual({
      id: expect.any(Number),
      cowId,
      diagnosisMethod: 'rectal',
      diagnosedAt: '2026-06-11T00:00:00Z',
      result: 'pregnant',
      memo: '',
      expectedCalving: calving,
      expectedCalvingAuto: true,
      nextExpectedEstrus: null,
      nextExpectedEstrusAuto: true,
      createdAt: expect.any(String),
    });
    // A pregnant cow is not expected in heat: the estrus expectation is cleared.
    expect(cow).toMatchObject({
      status: '임신',
      expectedDelivery: calving,
      expectedDeliveryAuto: true,
      expectedEstrus: null,
    });
  });

  it('keep an expected calving set by hand (no fertilization needed for it)', async () => {
    const cowId = await newCow();
    const { record, cow } = await addPregnancy({
      cowId,
      diagnosisMethod: 'external',
      diagnosedAt: '2026-06-11T09:00:00+09:00',
      result: 'pregnant',
      expectedCalving: '2027-03-01',
    });
    expect(record).toMatchObject({ expectedCalving: '2027-03-01', expectedCalvingAuto: false });
    expect(cow).toMatchObject({
      status: '임신',
      expectedDelivery: '2027-03-01',
      expectedDeliveryAuto: false,
    });
  });

  it.each(['unpregnant', 'abort'])(
    '%s: 발정탐지, expected calving cleared, next expected estrus = diagnosis day + 21',
    async (result) => {
      const cowId = await newCow();
      await addFertilization({ cowId, plannedAt: MAY_FIRST, method: 'artificial-insemination' });
      await addPregnancy({
        cowId,
        diagnosisMethod: 'ultrasonic',
        diagnosedAt: '2026-06-01T09:00:00+09:00',
        result: 'pregnant',
      });
      const { record, cow } = await addPregnancy({
        cowId,
        diagnosisMethod: 'hormone',
        diagnosedAt: '2026-06-11T08:00:00+09:00',
        result,
      });
      expect(record).toMatchObject({
        result,
        expectedCalving: null,
        nextExpectedEstrus: '2026-07-02',
        nextExpectedEstrusAuto: true,
      });
      expect(cow).toMatchObject({
        status: '발정탐지',
        expectedDelivery: null,
        expectedEstrus: '2026-07-02',
        expectedEstrusAuto: true,
      });
    },
  );

  it('keep a next expected estrus set by hand after an unpregnant result', async () => {
    const { cow } = await addPregnancy({
      cowId: await newCow(),
      diagnosisMethod: 'ultrasonic',
      diagnosedAt: '2026-06-11T09:00:00+09:00',
      result: 'unpregnant',
      nextExpectedEstrus: '2026-06-30',
    });
    expect(cow).toMatchObject({ expectedEstrus: '2026-06-30', expectedEstrusAuto: false });
  });

  it.each([
    [{ result: 'unpregnant', expectedCalving: '2027-03-01' }, 'expectedCalving'],
    [{ result: 'pregnant', nextExpectedEstrus: '2026-07-01' }, 'nextExpectedEstrus'],
  ])('refuse a hand-set day that does not fit the result (%o)', async (fields, field) => {
    const response = await diagnose(await newCow(), fields);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });
});

describe('calving records', () => {
  it('move the cow to 포유 with parity + 1; expected estrus = calving day + 60; expected calving and check cleared', async () => {
    const cowId = await newCow({ parity: 2 });
    await addFertilization({ cowId, plannedAt: '2025-05-01T10:00:00+09:00', method: 'natural' });
    await addPregnancy({
      cowId,
      diagnosisMethod: 'ultrasonic',
      diagnosedAt: '2025-06-20T10:00:00+09:00',
      result: 'pregnant',
    });
    const { record, cow, calf } = await addCalving({
      cowId,
      calvedAt: '2026-02-15T23:00:00+09:00',
      method: 'normal',
      result: 'stillbirth',
      memo: 'night',
    });
    expect(record).toEqual({
      id: expect.any(Number),
      cowId,
      calvedAt: '2026-02-15T14:00:00Z',
      method: 'normal',
      result: 'stillbirth',
      memo: 'night',
      expectedEstrusAfterCalving: '2026-04-16',
      expectedEstrusAfterCalvingAuto: true,
      calfId: null,
      createdAt: expect.any(String),
    });
    expect(calf).toBeNull();
    expect(cow).toMatchObject({
      status: '포유',
      parity: 3,
      recentChildbirth: '2026-02-15',
      expectedDelivery: null,
      // The check belonged to the insemination this calving ended; her last insemination stays on record.
      pregnancyTest: null,
      lastFertilization: '2025-05-01',
      expectedEstrus: '2026-04-16',
      expectedEstrusAuto: true,
    });
  });

  it('lose, on migration 0014, the check a calving recorded before that rule left behind', async () => {
    const inseminatedAndCalved = async () => {
      const cowId = await newCow({ parity: 1 });
      const { cow } = await addFertilization({
        cowId,
        plannedAt: '2025-03-01T10:00:00+09:00',
        method: 'natural',
      });
      await addCalving({ cowId, calvedAt: '2025-12-10T10:00:00+09:00', method: 'normal', result: 'other' });
      return { cowId, check: cow.pregnancyTest };
    };
    // As older installs stored them: the insemination's automatic check, and one typed on the cow.
    const { cowId: stale, check } = await inseminatedAndCalved();
    expect(check).not.toBeNull();
    await testApp.db.query(`UPDATE cows SET pregnancy_check_date = $2 WHERE id = $1`, [stale, check]);
    const { cowId: typed } = await inseminatedAndCalved();
    await testApp.db.query(
      `UPDATE cows SET pregnancy_check_date = '2026-01-20', pregnancy_check_manual = true WHERE id = $1`,
      [typed],
    );
    const open = await newCow();
    const { cow: openBefore } = await addFertilization({
      cowId: open,
      plannedAt: '2026-01-05T10:00:00+09:00',
      method: 'natural',
    });

    const migration = readMigrations().find((each) => each.version.startsWith('0014_'));
    await testApp.db.execScript(migration?.sql ?? 'missing migration 0014');

    expect(await cowDates(testApp, stale)).toMatchObject({
      pregnancyTest: null,
      lastFertilization: '2025-03-01',
    });
    expect(await cowDates(testApp, typed)).toMatchObject({
      pregnancyTest: '2026-01-20',
      pregnancyTestAuto: false,
    });
    expect(await cowDates(testApp, open)).toMatchObject({
      pregnancyTest: openBefore.pregnancyTest,
      pregnancyTestAuto: true,
    });
    expect(openBefore.pregnancyTest).not.toBeNull();
  });

  it('keep an expected estrus after calving set by hand', async () => {
    const { record, cow } = await addCalving({
      cowId: await newCow(),
      calvedAt: '2026-02-15T10:00:00+09:00',
      method: 'abnormal',
      result: 'other',
      expectedEstrusAfterCalving: '2026-04-01',
    });
    expect(record).toMatchObject({
      expectedEstrusAfterCalving: '2026-04-01',
      expectedEstrusAfterCalvingAuto: false,
    });
    expect(cow).toMatchObject({ expectedEstrus: '2026-04-01', expectedEstrusAuto: false });
  });

  it('register a live calf as a new cow of the farm with its dam and sire linked', async () => {
    const damId = await newCow({ parity: 1 });
    await addFertilization({
      cowId: damId,
      plannedAt: '2025-05-01T10:00:00+09:00',
      method: 'artificial-insemination',
      sireCode: 'KPN777',
    });
    const calfCode = nextCode();
    const { record, cow, calf } = await addCalving({
      cowId: damId,
      calvedAt: '2026-02-10T05:00:00+09:00',
      method: 'normal',
      result: 'bull',
      calf: { code: calfCode, sensor: 41234 },
    });
    expect(cow).toMatchObject({ status: '포유', parity: 2 });
    expect(calf).toMatchObject({
      id: record.calfId,
      code: calfCode,
      status: '설정대기',
      sex: 'male',
      damId,
      sireCode: 'KPN777',
      birthday: '2026-02-10',
      parity: 0,
      sensor: 41234,
      sensorKind: 'neck',
    });
    const history = await testApp.db.query(
      'SELECT to_status AS "to", reason, changed_by_user_id AS "by" FROM cow_status_changes WHERE cow_id = $1',
      [calf?.id],
    );
    expect(history).toEqual([{ to: '설정대기', reason: 'created', by: farmer.id }]);
  });

  it('take the calf birthday given, and a heifer for the result cow', async () => {
    const { calf } = await addCalving({
      cowId: await newCow(),
      calvedAt: '2026-02-10T05:00:00+09:00',
      method: 'premature',
      result: 'cow',
      calf: { code: nextCode(), sex: 'female', birthday: '2026-02-09' },
    });
    expect(calf).toMatchObject({ sex: 'female', birthday: '2026-02-09', sireCode: null, sensor: null });
  });

  it.each([
    ['a calf code already in the farm', (taken: string) => ({ code: taken })],
    ['a sensor worn by another cow', () => ({ code: nextCode(), sensor: 40999 })],
  ])('roll everything back for %s (409)', async (_case, calfOf) => {
    const taken = nextCode();
    await testApp.db.query('UPDATE cows SET sensor_id = NULL WHERE sensor_id = 40999');
    await insertCow(testApp, farmer, { code: taken, sensorId: 40999 });
    const damId = await newCow({ status: '임신', parity: 1 });
    const before = await herdSnapshot(testApp);
    const response = await call(testApp, api.reproduction.addCalving, {
      token: farmer.token,
      body: {
        cowId: damId,
        calvedAt: '2026-02-10T05:00:00+09:00',
        method: 'normal',
        result: 'cow',
        calf: calfOf(taken),
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ msg: string }>().msg).toMatch(/calf\.(code|sensor)/);
    expect(await herdSnapshot(testApp)).toEqual(before);
    expect(await cowDates(testApp, damId)).toMatchObject({
      status: '임신',
      parity: 1,
      recentChildbirth: null,
    });
  });

  it.each([
    ['a calf for a stillbirth', { result: 'stillbirth', calf: { code: 'C1' } }, 'calf'],
    ['a calf for an abortion', { result: 'abort', calf: { code: 'C1' } }, 'calf'],
    [
      'a calf whose sex contradicts the result',
      { result: 'bull', calf: { code: 'C1', sex: 'female' } },
      'calf.sex',
    ],
    ['a calf code that is not C + digits', { result: 'cow', calf: { code: 'X1' } }, 'body.calf.code'],
    ['an unknown calving result', { result: 'twins' }, 'body.result'],
  ])('refuse %s with 400, writing nothing', async (_case, fields, field) => {
    const cowId = await newCow();
    const before = await herdSnapshot(testApp);
    const response = await call(testApp, api.reproduction.addCalving, {
      token: farmer.token,
      body: { cowId, calvedAt: '2026-02-10T05:00:00+09:00', method: 'normal', ...fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
    expect(await herdSnapshot(testApp)).toEqual(before);
  });
});
