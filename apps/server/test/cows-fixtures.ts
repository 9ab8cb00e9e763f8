// Factories shared by the cow, cow-type, wallet and admin tests: cows through the real call, rows with
// readings, types and wallet entries straight into the tables (other modules own those calls), and boss grants.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { addDays } from '@cowcare/domain/calendar-date';
import { hashPassword } from '../src/modules/auth/passwords';
import { currencyOfCountry } from '../src/modules/wallet/currency';
import { postLedgerTransaction } from '../src/modules/wallet/ledger';
import { call, createArrangedTestApp, createFarmUser, type TestApp, type TestUser } from './helpers/test-app';

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
export const daysFromToday = (days: number): string => addDays(todayUtc(), days);

export const farmIdOf = async (testApp: TestApp, user: TestUser): Promise<number> => {
  const [farm] = await testApp.db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    user.farmNumber,
  ]);
  if (!farm) throw new Error(`no farm ${user.farmNumber}`);
  return farm.id;
};

/** The app with two farms of one user each: the farmer's, where a test works, and a stranger's. */
export interface TwoFarms {
  testApp: TestApp;
  farmer: TestUser;
  stranger: TestUser;
  farmId: number;
  strangerFarmId: number;
}

export const openTwoFarms = (): Promise<TwoFarms> =>
  createArrangedTestApp(async (testApp) => {
    const farmer = await createFarmUser(testApp);
    const stranger = await createFarmUser(testApp);
    const farmId = await farmIdOf(testApp, farmer);
    const strangerFarmId = await farmIdOf(testApp, stranger);
    return { farmer, stranger, farmId, strangerFarmId };
  });

/** Every cow, cow type and wallet entry of every farm, so a test starts from farms without them. */
export const emptyHerdsTypesAndWallets = async (testApp: TestApp): Promise<void> => {
  // The ledger refuses DELETE row by row (append-only); a test starts its books afresh with TRUNCATE.
  await testApp.db.query(
    'TRUNCATE ledger_entries, ledger_transactions, order_events, payment_events, subscriptions, orders CASCADE',
  );
  for (const table of ['cows', 'cow_types']) {
    await testApp.db.query(`DELETE FROM ${table}`);
  }
};

let farmCowSequence = 0;

/** A cow without sensor or readings, in estrus detection (or culled), of a type or none; answers her id. */
export const insertFarmCow = async (
  testApp: TestApp,
  farmId: number,
  options: { typeId?: number | null; culled?: boolean; code?: string } = {},
): Promise<number> => {
  farmCowSequence += 1;
  const [row] = await testApp.db.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, status, cow_type_id, culled_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END) RETURNING id`,
    [
      farmId,
      options.code ?? `C${9000 + farmCowSequence}`,
      options.culled ? '도태' : '발정탐지',
      options.typeId ?? null,
      options.culled ?? false,
    ],
  );
  if (!row) throw new Error('cow insert returned nothing');
  return row.id;
};

export const insertCowType = async (
  testApp: TestApp,
  farmId: number,
  name: string,
  cost = 0,
): Promise<number> => {
  const [row] = await testApp.db.query<{ id: number }>(
    'INSERT INTO cow_types (farm_id, name, cost_minor) VALUES ($1, $2, $3) RETURNING id',
    [farmId, name, cost],
  );
  if (!row) throw new Error('type insert returned nothing');
  return row.id;
};

/** The type of each cow, in the order of the cows' ids. */
export const typeIdsOfCows = async (testApp: TestApp, cowIds: number[]): Promise<(number | null)[]> =>
  (
    await testApp.db.query<{ typeId: number | null }>(
      'SELECT cow_type_id AS "typeId" FROM cows WHERE id = ANY($1::int[]) ORDER BY id',
      [cowIds],
    )
  ).map((row) => row.typeId);

export const topUpWallet = async (
  testApp: TestApp,
  farmId: number,
  amount: number,
  description = 'test top-up',
): Promise<void> => {
  const [farm] = await testApp.db.query<{ country: string }>('SELECT country FROM farms WHERE id = $1', [
    farmId,
  ]);
  const currency = currencyOfCountry(farm?.country ?? '').code;
  await testApp.db.transaction((tx) =>
    postLedgerTransaction(tx, {
      farmId,
      kind: 'topup',
      description,
      idempotencyKey: `test-top-up:${randomUUID()}`,
      legs: [
        { account: { kind: 'wallet', farmId, currency }, amountMinor: amount },
        { account: { kind: 'opening', currency }, amountMinor: -amount },
      ],
    }),
  );
};

/** Registers a cow through POST news/news/add/addcowsinfo and insists it worked. */
export const addCow = async (
  testApp: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<Cow> => {
  const response = await call(testApp, api.cows.addCow, { token: user.token, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cow }>().data;
};

export interface CowRow {
  code: string;
  status?: string;
  sensorId?: number | null;
  sensorOnline?: boolean;
  sex?: 'female' | 'male';
  damId?: number | null;
  sireCode?: string | null;
  birthday?: string | null;
  currentTemperature?: number | null;
  averageTemperature?: number | null;
  temperatureOffset?: number | null;
  currentActivity?: number | null;
  averageActivity?: number | null;
  lastReadingAt?: string | null;
  culled?: boolean;
}

/** A cow row with readings, as ingest would leave it; answers its id. */
export const insertCowRow = async (testApp: TestApp, user: TestUser, row: CowRow): Promise<number> => {
  const [cow] = await testApp.db.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, status, sensor_id, sensor_online, sex, dam_id, sire_code, birthday,
                       current_temperature, average_temperature, temperature_offset, current_activity,
                       average_activity, last_reading_at, culled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, CASE WHEN $16 THEN now() END)
     RETURNING id`,
    [
      await farmIdOf(testApp, user),
      row.code,
      row.status ?? (row.culled ? '도태' : '발정탐지'),
      row.sensorId ?? null,
      row.sensorOnline ?? false,
      row.sex ?? 'female',
      row.damId ?? null,
      row.sireCode ?? null,
      row.birthday ?? null,
      row.currentTemperature ?? null,
      row.averageTemperature ?? null,
      row.temperatureOffset ?? null,
      row.currentActivity ?? null,
      row.averageActivity ?? null,
      row.lastReadingAt ?? null,
      row.culled ?? false,
    ],
  );
  if (!cow) throw new Error('cow insert returned nothing');
  return cow.id;
};

/** Sets the farm's boss password and answers a fresh grant for the user. */
export const bossGrant = async (
  testApp: TestApp,
  user: TestUser,
  password = 'boss password',
): Promise<string> => {
  await testApp.db.query('UPDATE farms SET boss_password_hash = $1 WHERE farm_number = $2', [
    await hashPassword(password),
    user.farmNumber,
  ]);
  const response = await call(testApp, api.system.verifyBossPassword, {
    token: user.token,
    body: { password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { grant: string } }>().data.grant;
};

/** A 4xx answer carries the error envelope and nothing of the cow it was asked about. */
export const expectRefusal = (
  response: { statusCode: number; body: string; json: <T>() => T },
  status: number,
  code: string,
  leaked: readonly string[] = [],
): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ success: false, code, msg: expect.any(String) });
  for (const text of leaked) expect(response.body).not.toContain(text);
};

export const errorMessage = (response: { json: <T>() => T }): string => response.json<{ msg: string }>().msg;
