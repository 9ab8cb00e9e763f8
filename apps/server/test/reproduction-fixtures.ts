// Factories shared by the reproduction, health and upload tests: cows straight into the table (the cows
// module owns their calls), the cow as the API shows it, and typed calls that insist on success.
import { expect } from 'vitest';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { RouteDefinition } from '@cowcare/contract/route';
import { call, type CallOptions, type TestApp, type TestUser } from './helpers/test-app';

export interface CowSetup {
  code: string;
  status?: string;
  sex?: 'female' | 'male';
  parity?: number;
  sensorId?: number | null;
  culled?: boolean;
}

export const insertCow = async (testApp: TestApp, user: TestUser, cow: CowSetup): Promise<number> => {
  const [row] = await testApp.db.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, status, sex, parity, sensor_id, culled_at)
     SELECT id, $2, $3, $4, $5, $6, CASE WHEN $7 THEN now() END FROM farms WHERE farm_number = $1
     RETURNING id`,
    [
      user.farmNumber,
      cow.code,
      cow.status ?? (cow.culled ? '도태' : '발정탐지'),
      cow.sex ?? 'female',
      cow.parity ?? 0,
      cow.sensorId ?? null,
      cow.culled ?? false,
    ],
  );
  if (!row) throw new Error(`cow ${cow.code} was not inserted`);
  return row.id;
};

let codeSequence = 0;
/** A cow code no other test of the file has used. */
export const nextCode = (): string => {
  codeSequence += 1;
  return `C${process.pid}${String(codeSequence).padStart(4, '0')}`;
};

/** Calls a route and insists on 200; answers `data`. */
export const ok = async <T>(
  testApp: TestApp,
  route: Pick<RouteDefinition, 'method' | 'path'>,
  options: CallOptions,
): Promise<T> => {
  const response = await call(testApp, route, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

/** The reproduction fields of a cow row, read straight from the table (what the presenter would show). */
export const cowDates = async (testApp: TestApp, cowId: number) => {
  const [row] = await testApp.db.query<Record<string, unknown>>(
    `SELECT status, parity,
            to_char(last_estrus_date, 'YYYY-MM-DD') AS "lastEstrus",
            to_char(last_fertilization_date, 'YYYY-MM-DD') AS "lastFertilization",
            to_char(last_calving_date, 'YYYY-MM-DD') AS "recentChildbirth",
            to_char(pregnancy_check_date, 'YYYY-MM-DD') AS "pregnancyTest", NOT pregnancy_check_manual AS "pregnancyTestAuto",
            to_char(expected_calving_date, 'YYYY-MM-DD') AS "expectedDelivery", NOT expected_calving_manual AS "expectedDeliveryAuto",
            to_char(expected_estrus_date, 'YYYY-MM-DD') AS "expectedEstrus", NOT expected_estrus_manual AS "expectedEstrusAuto"
       FROM cows WHERE id = $1`,
    [cowId],
  );
  return row as Pick<
    Cow,
    | 'status'
    | 'parity'
    | 'lastEstrus'
    | 'lastFertilization'
    | 'recentChildbirth'
    | 'pregnancyTest'
    | 'pregnancyTestAuto'
    | 'expectedDelivery'
    | 'expectedDeliveryAuto'
    | 'expectedEstrus'
    | 'expectedEstrusAuto'
  >;
};

/** Row counts of every table a reproduction record may touch, to prove a refused call wrote nothing. */
export const herdSnapshot = async (testApp: TestApp) =>
  testApp.db.query(
    `SELECT (SELECT count(*)::int FROM cows) AS cows,
            (SELECT count(*)::int FROM cow_status_changes) AS "statusChanges",
            (SELECT count(*)::int FROM estrus_records) AS estrus,
            (SELECT count(*)::int FROM fertilization_records) AS fertilization,
            (SELECT count(*)::int FROM pregnancy_records) AS pregnancy,
            (SELECT count(*)::int FROM calving_records) AS calving,
            (SELECT json_agg(c ORDER BY c.id)::text FROM cows c) AS "cowRows"`,
  );
