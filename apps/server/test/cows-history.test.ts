import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { addCow, expectRefusal, farmIdOf, insertCowRow } from './cows-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let farmerName: string;
let farmId: number;
let damId: number;
let cowId: number;
let calfId: number;
let oldCalfId: number;
let createdAt: string;

const insertOne = async (sql: string, params: unknown[]): Promise<number> => {
  const [row] = await testApp.db.query<{ id: number }>(`${sql} RETURNING id`, params);
  if (!row) throw new Error('insert returned nothing');
  return row.id;
};

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
  [{ name: farmerName }] = (await testApp.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
    farmer.id,
  ])) as [{ name: string }];
  damId = (await addCow(testApp, farmer, { code: 'C100', birthday: '2019-04-02' })).id;
  const cow = await addCow(testApp, farmer, {
    code: 'C200',
    birthday: '2021-03-05',
    damId,
    sireCode: 'KPN1100',
  });
  cowId = cow.id;
  calfId = await insertCowRow(testApp, farmer, {
    code: 'C300',
    damId: cowId,
    birthday: '2025-10-22',
    sex: 'male',
  });
  oldCalfId = await insertCowRow(testApp, farmer, {
    code: 'C250',
    damId: cowId,
    birthday: '2024-01-15',
    culled: true,
  });
  // A link across farms cannot be written through the API; if one existed it must still show nothing.
  await insertCowRow(testApp, stranger, { code: 'C999', damId: cowId, birthday: '2025-01-01' });
  [{ createdAt }] = (await testApp.db.query<{ createdAt: string }>(
    `SELECT to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
       FROM cow_status_changes WHERE cow_id = $1`,
    [cowId],
  )) as [{ createdAt: string }];
});
afterAll(() => testApp.close());

describe('GET common/common/getcowhistory/:id', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const by = farmer.id;
    const adminId = await insertOne(
      "INSERT INTO admin_users (username, password_hash, name) VALUES ('history-admin', 'x', 'Support')",
      [],
    );
    const uploadId = await insertOne(
      `INSERT INTO uploads (farm_id, user_id, stored_name, original_name, mime_type, size_bytes)
       VALUES ($1, $2, 'h1.bin', 'udder.jpg', 'image/jpeg', 100)`,
      [farmId, by],
    );
    ids = {
      estrus: await insertOne(
        `INSERT INTO estrus_records (farm_id, cow_id, estrus_at, memo, next_expected_estrus_date, created_by_user_id)
         VALUES ($1, $2, '2025-01-10T06:00:00Z', 'standing heat', '2025-01-31', $3)`,
        [farmId, cowId, by],
      ),
      fertilization: await insertOne(
        `INSERT INTO fertilization_records (farm_id, cow_id, planned_at, method, actual_method, sire_code,
                                            effective_service_date, pregnancy_check_method, pregnancy_check_date,
                                            created_by_user_id)
         VALUES ($1, $2, '2025-01-10T18:00:00Z', 'artificial-insemination', 'artificial-insemination', 'KPN1100',
                 '2025-01-11', 'ultrasonic', '2025-02-20', $3)`,
        [farmId, cowId, by],
      ),
      pregnancy: await insertOne(
        `INSERT INTO pregnancy_records (farm_id, cow_id, diagnosis_method, diagnosed_at, result, memo,
                                        expected_calving_date, expected_calving_manual, created_by_user_id)
         VALUES ($1, $2, 'ultrasonic', '2025-02-20T09:00:00Z', 'pregnant', 'clear', '2025-10-23', true, $3)`,
        [farmId, cowId, by],
      ),
      calving: await insertOne(
        `INSERT INTO calving_records (farm_id, cow_id, calved_at, method, result, expected_estrus_date, calf_cow_id,
                                      created_by_user_id)
         VALUES ($1, $2, '2025-10-22T03:00:00Z', 'normal', 'bull', '2025-12-21', $3, $4)`,
        [farmId, cowId, calfId, by],
      ),
      healthCase: await insertOne(
        `INSERT INTO health_cases (farm_id, cow_id, diagnosed_on, disease_code, prescribed_on, prescription,
                                   created_by_user_id)
         VALUES ($1, $2, '2025-11-02', 'mastitis', '2025-11-03', 'Cefalexin', $3)`,
        [farmId, cowId, by],
      ),
      toConfirm: await insertOne(
        `INSERT INTO cow_status_changes (farm_id, cow_id, from_status, to_status, reason, changed_by_user_id, changed_at)
         VALUES ($1, $2, '설정대기', '임신감정', 'fertilization', $3, '2025-01-10T18:00:00Z')`,
        [farmId, cowId, by],
      ),
      restore: await insertOne(
        `INSERT INTO cow_status_changes (farm_id, cow_id, from_status, to_status, reason, forced, changed_by_admin_id,
                                         changed_at)
         VALUES ($1, $2, '도태', '포유', 'restore', true, $3, '2025-11-01T00:00:00Z')`,
        [farmId, cowId, adminId],
      ),
    };
    await testApp.db.query('INSERT INTO health_case_uploads (health_case_id, upload_id) VALUES ($1, $2)', [
      ids.healthCase,
      uploadId,
    ]);
    // Another farm's record against this cow id must never appear in its timeline.
    await testApp.db.query(
      `INSERT INTO estrus_records (farm_id, cow_id, estrus_at, memo) VALUES ($1, $2, '2025-03-03T00:00:00Z', 'foreign')`,
      [await farmIdOf(testApp, stranger), cowId],
    );
  });

  it('answers one timeline, newest first, with every kind and who recorded it', async () => {
    const response = await call(testApp, api.cows.cowHistory, { token: farmer.token, params: { id: cowId } });
    expect(response.statusCode).toBe(200);
    const [created, ...rest] = response.json<{ data: { id: number }[] }>().data;
    expect(created).toEqual({
      kind: 'statusChange',
      id: expect.any(Number),
      time: createdAt,
      by: farmerName,
      from: null,
      to: '설정대기',
      reason: 'created',
      forced: false,
    });
    expect(rest).toEqual([
      {
        kind: 'healthCase',
        id: ids.healthCase,
        time: '2025-11-02T00:00:00.000Z',
        by: farmerName,
        diagnosedOn: '2025-11-02',
        diseaseCode: 'mastitis',
        diagnosis: '',
        prescribedOn: '2025-11-03',
        prescription: 'Cefalexin',
        memo: '',
        fileCount: 1,
      },
      {
        kind: 'statusChange',
        id: ids.restore,
        time: '2025-11-01T00:00:00.000Z',
        by: 'support',
        from: '도태',
        to: '포유',
        reason: 'restore',
        forced: true,
      },
      {
        kind: 'calving',
        id: ids.calving,
        time: '2025-10-22T03:00:00.000Z',
        by: farmerName,
        method: 'normal',
        result: 'bull',
        memo: '',
        expectedEstrus: '2025-12-21',
        expectedEstrusAuto: true,
        calfId,
      },
      {
        kind: 'pregnancy',
        id: ids.pregnancy,
        time: '2025-02-20T09:00:00.000Z',
        by: farmerName,
        method: 'ultrasonic',
        result: 'pregnant',
        memo: 'clear',
        expectedCalving: '2025-10-23',
        expectedCalvingAuto: false,
        nextExpectedEstrus: null,
        nextExpectedEstrusAuto: true,
      },
      {
        kind: 'statusChange',
        id: ids.toConfirm,
        time: '2025-01-10T18:00:00.000Z',
        by: farmerName,
        from: '설정대기',
        to: '임신감정',
        reason: 'fertilization',
        forced: false,
      },
      {
        kind: 'fertilization',
        id: ids.fertilization,
        time: '2025-01-10T18:00:00.000Z',
        by: farmerName,
        method: 'artificial-insemination',
        actualMethod: 'artificial-insemination',
        sireCode: 'KPN1100',
        memo: '',
        effectiveServiceDate: '2025-01-11',
        pregnancyCheckMethod: 'ultrasonic',
        pregnancyCheckDate: '2025-02-20',
        pregnancyCheckAuto: true,
      },
      {
        kind: 'estrus',
        id: ids.estrus,
        time: '2025-01-10T06:00:00.000Z',
        by: farmerName,
        memo: 'standing heat',
        nextExpectedEstrus: '2025-01-31',
        nextExpectedEstrusAuto: true,
      },
    ]);
  });

  it('answers a cow with only its creation', async () => {
    const response = await call(testApp, api.cows.cowHistory, { token: farmer.token, params: { id: damId } });
    expect(response.json<{ data: { reason: string }[] }>().data.map((item) => item.reason)).toEqual([
      'created',
    ]);
  });

  it("answers 404 with no data for another farm's cow", async () => {
    const response = await call(testApp, api.cows.cowHistory, {
      token: stranger.token,
      params: { id: cowId },
    });
    expectRefusal(response, 404, 'E_NOT_FOUND', ['standing heat', 'KPN1100']);
  });

  it('refuses a bad id with 400 naming it', async () => {
    const response = await call(testApp, api.cows.cowHistory, { token: farmer.token, params: { id: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('id');
  });
});

describe('GET common/common/getcowfamily/:id', () => {
  it('answers dam, sire and the calves of this farm, oldest first, culled ones included', async () => {
    const response = await call(testApp, api.cows.cowFamily, { token: farmer.token, params: { id: cowId } });
    expect(response.json()).toEqual({
      success: true,
      data: {
        dam: { id: damId, code: 'C100', status: '설정대기', birthday: '2019-04-02', sex: 'female' },
        sire: { code: 'KPN1100' },
        calves: [
          { id: oldCalfId, code: 'C250', status: '도태', birthday: '2024-01-15', sex: 'female' },
          { id: calfId, code: 'C300', status: '발정탐지', birthday: '2025-10-22', sex: 'male' },
        ],
        unregisteredCalves: [],
      },
    });
  });

  it('lists the live calves her calvings recorded without registering them, and no stillbirth', async () => {
    const mother = await insertCowRow(testApp, farmer, { code: 'C260', birthday: '2020-02-02' });
    const registered = await insertCowRow(testApp, farmer, { code: 'C261', damId: mother });
    const calving = (calvedAt: string, calvingDate: string | null, result: string, calf: number | null) =>
      testApp.db.query(
        `INSERT INTO calving_records (farm_id, cow_id, created_by_user_id, calved_at, calving_date, method, result,
                                      calf_cow_id)
         VALUES ($1, $2, $3, $4, $5, 'normal', $6, $7)`,
        [farmId, mother, farmer.id, calvedAt, calvingDate, result, calf],
      );
    await calving('2023-03-01T20:00:00Z', '2023-03-02', 'cow', null); // the farm's morning of 2 March
    await calving('2024-04-01T10:00:00Z', null, 'stillbirth', null);
    await calving('2025-05-01T10:00:00Z', '2025-05-01', 'bull', registered);
    await calving('2026-06-01T10:00:00Z', '2026-06-01', 'bull', null);
    const response = await call(testApp, api.cows.cowFamily, { token: farmer.token, params: { id: mother } });
    const family = response.json<{ data: { calves: { code: string }[]; unregisteredCalves: unknown } }>()
      .data;
    expect(family.calves.map((calf) => calf.code)).toEqual(['C261']);
    expect(family.unregisteredCalves).toEqual([
      { calvedOn: '2023-03-02', result: 'cow' },
      { calvedOn: '2026-06-01', result: 'bull' },
    ]);
  });

  it('answers no relatives for a cow without any', async () => {
    const response = await call(testApp, api.cows.cowFamily, { token: farmer.token, params: { id: calfId } });
    expect(response.json<{ data: unknown }>().data).toEqual({
      dam: { id: cowId, code: 'C200', status: '설정대기', birthday: '2021-03-05', sex: 'female' },
      sire: null,
      calves: [],
      unregisteredCalves: [],
    });
    const alone = await call(testApp, api.cows.cowFamily, { token: farmer.token, params: { id: damId } });
    expect(alone.json<{ data: unknown }>().data).toEqual({
      dam: null,
      sire: null,
      calves: [{ id: cowId, code: 'C200', status: '설정대기', birthday: '2021-03-05', sex: 'female' }],
      unregisteredCalves: [],
    });
  });

  it('refuses a bad id with 400 naming it', async () => {
    const response = await call(testApp, api.cows.cowFamily, { token: farmer.token, params: { id: 'C200' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('id');
  });

  it("answers 404 with no data for another farm's cow", async () => {
    const response = await call(testApp, api.cows.cowFamily, {
      token: stranger.token,
      params: { id: cowId },
    });
    expectRefusal(response, 404, 'E_NOT_FOUND', ['C100', 'KPN1100']);
  });
});
