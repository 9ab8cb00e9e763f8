// Migration 0016: rows stored out of range before the contract bounded dates (they made a cow's page answer
// 500 for good) are set aside or cleared, the originals kept in data_repairs, and the cow reads again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { summarizeDataRepairs } from '../src/db/data-repairs';
import { migrate } from '../src/db/migrate';
import { farmIdOf } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

const REPAIR = '0016_repair_out_of_range_dates';

let testApp: TestApp;
let user: TestUser;
let brokenCowId: number;
let healthyCowId: number;

/** What a farm could hold before the bounds: the rows of the reports, written as they were. */
const storeOutOfRangeRows = async (farmId: number): Promise<void> => {
  const [broken] = await testApp.db.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, status, birthday, last_fertilization_date, pregnancy_check_date,
                       pregnancy_check_manual)
     VALUES ($1, 'C9001', '임신감정', '0001-01-01', '9999-12-31', '10000-02-10', false) RETURNING id`,
    [farmId],
  );
  const [healthy] = await testApp.db.query<{ id: number }>(
    "INSERT INTO cows (farm_id, code, status, birthday) VALUES ($1, 'C9002', '발정탐지', '2021-04-01') RETURNING id",
    [farmId],
  );
  if (!broken || !healthy) throw new Error('cows were not inserted');
  brokenCowId = broken.id;
  healthyCowId = healthy.id;
  await testApp.db.query(
    `INSERT INTO fertilization_records (farm_id, cow_id, planned_at, planned_date, method, effective_service_date,
                                        pregnancy_check_method, pregnancy_check_date)
     VALUES ($1, $2, '9999-12-31T23:00:00Z', '9999-12-31', 'natural', '9999-12-31', 'rectal', '10000-02-10')`,
    [farmId, brokenCowId],
  );
  await testApp.db.query(
    `INSERT INTO estrus_records (farm_id, cow_id, estrus_at, estrus_date, next_expected_estrus_date)
     VALUES ($1, $2, '1000-06-15T10:00:00Z', '1000-06-15', '1000-07-06'),
            ($1, $3, '2025-05-01T06:00:00Z', '2025-05-01', '9999-01-01'),
            ($1, $3, '2025-06-01T06:00:00Z', '2025-06-01', '2025-06-22')`,
    [farmId, brokenCowId, healthyCowId],
  );
  await testApp.db.query(
    `INSERT INTO health_cases (farm_id, cow_id, diagnosed_on, diagnosis_text)
     VALUES ($1, $2, '0001-01-01', 'typed by hand'), ($1, $3, '2025-05-02', 'lame')`,
    [farmId, brokenCowId, healthyCowId],
  );
};

beforeAll(async () => {
  testApp = await createTestApp();
  user = await createFarmUser(testApp);
  // The database as it was before the repair existed.
  await testApp.db.query('DELETE FROM schema_migrations WHERE version = $1', [REPAIR]);
  await testApp.db.query('DROP TABLE data_repairs');
  await storeOutOfRangeRows(await farmIdOf(testApp, user));
});
afterAll(() => testApp.close());

const read = (route: typeof api.cows.getCowInfo | typeof api.cows.cowHistory, id: number) =>
  call(testApp, route, { token: user.token, params: { id } });

describe('migration 0016 repairs rows stored out of range', () => {
  it('before it, the cow with those rows cannot be read', async () => {
    const answers = [
      await read(api.cows.getCowInfo, brokenCowId),
      await read(api.cows.cowHistory, brokenCowId),
    ];
    expect(answers.map((answer) => answer.statusCode)).toContain(500);
  });

  it('applies, and says table by table what it set aside or cleared', async () => {
    expect(await migrate(testApp.db)).toEqual([REPAIR]);
    expect(await summarizeDataRepairs(testApp.db, [REPAIR])).toEqual([
      { migration: REPAIR, table: 'cows', action: 'cleared', rows: 1 },
      { migration: REPAIR, table: 'estrus_records', action: 'cleared', rows: 1 },
      { migration: REPAIR, table: 'estrus_records', action: 'set-aside', rows: 1 },
      { migration: REPAIR, table: 'fertilization_records', action: 'set-aside', rows: 1 },
      { migration: REPAIR, table: 'health_cases', action: 'set-aside', rows: 1 },
    ]);
  });

  it('after it, both cows read again with everything in range kept', async () => {
    for (const id of [brokenCowId, healthyCowId]) {
      expect((await read(api.cows.getCowInfo, id)).statusCode).toBe(200);
      expect((await read(api.cows.cowHistory, id)).statusCode).toBe(200);
    }
    const broken = (await read(api.cows.getCowInfo, brokenCowId)).json<{ data: Record<string, unknown> }>()
      .data;
    expect(broken).toMatchObject({ birthday: null, lastFertilization: null, pregnancyTest: null });
    const healthy = (await read(api.cows.cowHistory, healthyCowId)).body;
    expect(healthy).toContain('2025-06-22');
    expect(healthy).toContain('lame');
  });

  it('keeps each original row, so nothing typed is lost', async () => {
    const kept = await testApp.db.query<{ table_name: string; original: Record<string, unknown> }>(
      "SELECT table_name, original FROM data_repairs WHERE action = 'set-aside' ORDER BY table_name",
    );
    expect(kept.map((row) => [row.table_name, row.original.cow_id])).toEqual([
      ['estrus_records', brokenCowId],
      ['fertilization_records', brokenCowId],
      ['health_cases', brokenCowId],
    ]);
    expect(kept[2]?.original.diagnosis_text).toBe('typed by hand');
  });

  it('running again changes nothing', async () => {
    expect(await migrate(testApp.db)).toEqual([]);
  });
});
