import type { Queryable } from '../../db/database';

/** A cow row as repositories read it: numbers as numbers, dates as YYYY-MM-DD text. */
export interface CowRecord {
  id: number;
  farmId: number;
  code: string;
  sensorId: number | null;
  sensorOnline: boolean;
  status: string;
  parity: number;
  birthday: string | null;
  sex: 'female' | 'male';
  damId: number | null;
  sireCode: string | null;
  cowTypeId: number | null;
  cowTypeName: string | null;
  temperatureOffset: number | null;
  currentTemperature: number | null;
  averageTemperature: number | null;
  currentActivity: number | null;
  averageActivity: number | null;
  currentDrink: number | null;
  averageDrink: number | null;
  lastReadingAt: string | null;
  isRead: boolean;
  lastEstrusDate: string | null;
  lastFertilizationDate: string | null;
  lastCalvingDate: string | null;
  pregnancyCheckDate: string | null;
  pregnancyCheckManual: boolean;
  expectedCalvingDate: string | null;
  expectedCalvingManual: boolean;
  expectedEstrusDate: string | null;
  expectedEstrusManual: boolean;
  culledAt: string | null;
  city: string;
  country: string;
}

/**
 * SQL for a cow's usual activity at the hour of her newest reading: the mean of that UTC hour over her 7 days
 * before (`activity_by_hour`, from `@cowcare/domain/daily-averages`), else her whole-day mean. The list's
 * activity deviation holds her newest reading against it.
 */
export const activityAverageAtNewestReading = (cow: string): string =>
  `coalesce(${cow}.usual_activity, ${cow}.activity_by_hour[extract(hour FROM ${cow}.last_reading_at AT TIME ZONE 'UTC')::int + 1], ${cow}.average_activity)`;

const date = (column: string, alias: string) => `to_char(c.${column}, 'YYYY-MM-DD') AS "${alias}"`;
const timestamp = (column: string, alias: string) =>
  `to_char(c.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "${alias}"`;

/** A cow's list columns, as CowRecord names them (`c` is the cow, `t` her type, `f` her farm). */
export const COW_COLUMNS = `c.id, c.farm_id AS "farmId", c.code, c.sensor_id AS "sensorId", c.sensor_online AS "sensorOnline",
         c.status, c.parity, ${date('birthday', 'birthday')}, c.sex, c.dam_id AS "damId", c.sire_code AS "sireCode",
         c.cow_type_id AS "cowTypeId", t.name AS "cowTypeName",
         c.temperature_offset::float8 AS "temperatureOffset",
         c.current_temperature::float8 AS "currentTemperature", c.average_temperature::float8 AS "averageTemperature",
         c.current_activity::float8 AS "currentActivity",
         ${activityAverageAtNewestReading('c')}::float8 AS "averageActivity",
         c.current_drink::float8 AS "currentDrink", c.average_drink::float8 AS "averageDrink",
         ${timestamp('last_reading_at', 'lastReadingAt')}, c.is_read AS "isRead",
         ${date('last_estrus_date', 'lastEstrusDate')}, ${date('last_fertilization_date', 'lastFertilizationDate')},
         ${date('last_calving_date', 'lastCalvingDate')},
         ${date('pregnancy_check_date', 'pregnancyCheckDate')}, c.pregnancy_check_manual AS "pregnancyCheckManual",
         ${date('expected_calving_date', 'expectedCalvingDate')}, c.expected_calving_manual AS "expectedCalvingManual",
         ${date('expected_estrus_date', 'expectedEstrusDate')}, c.expected_estrus_manual AS "expectedEstrusManual",
         ${timestamp('culled_at', 'culledAt')}, f.city, f.country`;

export const COW_SOURCES = `
    FROM cows c
    JOIN farms f ON f.id = c.farm_id
    LEFT JOIN cow_types t ON t.id = c.cow_type_id`;

export const SELECT_COW = `SELECT ${COW_COLUMNS} ${COW_SOURCES}`;

/**
 * The one way to read a cow by id: always within the caller's farm, so another farm's cow is simply not
 * found (404), never shown.
 */
export const findCowInFarm = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<CowRecord | undefined> =>
  (await db.query<CowRecord>(`${SELECT_COW} WHERE c.farm_id = $1 AND c.id = $2`, [farmId, cowId]))[0];

/** The same, locking the row for the rest of the transaction (status changes, record writes). */
export const findCowInFarmForUpdate = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<CowRecord | undefined> => {
  const locked = await db.query('SELECT 1 FROM cows WHERE farm_id = $1 AND id = $2 FOR UPDATE', [
    farmId,
    cowId,
  ]);
  return locked.length === 0 ? undefined : findCowInFarm(db, farmId, cowId);
};

/**
 * Locks these cows' rows for an update, in id order. Writers that update many cows in one transaction (the
 * ingest's current values, detection's averages and drink values) take them this way first: two statements
 * that lock the same rows in different orders deadlock, and PostgreSQL only notices after a second
 * (`deadlock_timeout`), then aborts one of them (seen under the alert-latency benchmark's load).
 */
export const lockCowRowsInOrder = async (
  tx: Queryable,
  farmId: number,
  cowIds: readonly number[],
): Promise<void> => {
  if (cowIds.length === 0) return;
  await tx.query(
    'SELECT 1 FROM cows WHERE farm_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR NO KEY UPDATE',
    [farmId, cowIds],
  );
};

/**
 * Every cow of the farm by code in number order (C2 before C10; the text breaks ties between C7 and C007),
 * read whole: what the kept list (cow-list-cache.ts) must equal, as its tests and bench/cows-data check.
 * The rows come back as one JSON document: a driver decodes 10,000 rows of 37 columns field by field,
 * which on PGlite costs more than the query itself, while one JSON.parse is fast. The shape is CowRecord's
 * exactly, as SELECT_COW already casts numbers to float8 and formats dates and times as text.
 */
export const listCowsOfFarm = async (db: Queryable, farmId: number): Promise<CowRecord[]> => {
  const [row] = await db.query<{ cows: string }>(
    `SELECT coalesce(json_agg(cow ORDER BY substring(cow.code FROM 2)::bigint, cow.code), '[]')::text AS cows
       FROM (${SELECT_COW} WHERE c.farm_id = $1) cow`,
    [farmId],
  );
  return row ? (JSON.parse(row.cows) as CowRecord[]) : [];
};

/** The active (not culled) cow of the farm wearing a sensor, other than `exceptCowId`. */
export const findActiveCowWearingSensor = async (
  db: Queryable,
  farmId: number,
  sensorId: number,
  exceptCowId = 0,
): Promise<{ id: number; code: string } | undefined> =>
  (
    await db.query<{ id: number; code: string }>(
      `SELECT id, code FROM cows
        WHERE farm_id = $1 AND sensor_id = $2 AND culled_at IS NULL AND id <> $3`,
      [farmId, sensorId, exceptCowId],
    )
  )[0];

/** Any cow of the farm, culled ones included, that has this code, other than `exceptCowId`. */
export const isCowCodeTaken = async (
  db: Queryable,
  farmId: number,
  code: string,
  exceptCowId = 0,
): Promise<boolean> =>
  (
    await db.query('SELECT 1 FROM cows WHERE farm_id = $1 AND code = $2 AND id <> $3', [
      farmId,
      code,
      exceptCowId,
    ])
  ).length > 0;

/** What a new cow is created with; readings and reproduction dates start empty. */
export interface NewCowRow {
  farmId: number;
  code: string;
  sensorId: number | null;
  status: string;
  parity: number;
  birthday: string | null;
  sex: 'female' | 'male';
  damId: number | null;
  sireCode: string | null;
  cowTypeId: number | null;
  temperatureOffset: number | null;
}

export const insertCow = async (tx: Queryable, cow: NewCowRow): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO cows (farm_id, code, sensor_id, status, parity, birthday, sex, dam_id, sire_code, cow_type_id,
                       temperature_offset)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     RETURNING id`,
    [
      cow.farmId,
      cow.code,
      cow.sensorId,
      cow.status,
      cow.parity,
      cow.birthday,
      cow.sex,
      cow.damId,
      cow.sireCode,
      cow.cowTypeId,
      cow.temperatureOffset,
    ],
  );
  if (!row) throw new Error('cow insert returned no id');
  return row.id;
};

/** Columns a hand edit may set; a key left out keeps its column. */
export interface CowColumnChanges {
  code?: string;
  sensorId?: number | null;
  sensorOnline?: boolean;
  birthday?: string | null;
  parity?: number;
  sex?: 'female' | 'male';
  sireCode?: string | null;
  temperatureOffset?: number | null;
  pregnancyCheckDate?: string | null;
  pregnancyCheckManual?: boolean;
  expectedCalvingDate?: string | null;
  expectedCalvingManual?: boolean;
  expectedEstrusDate?: string | null;
  expectedEstrusManual?: boolean;
}

const CHANGE_COLUMNS: Record<keyof CowColumnChanges, string> = {
  code: 'code',
  sensorId: 'sensor_id',
  sensorOnline: 'sensor_online',
  birthday: 'birthday',
  parity: 'parity',
  sex: 'sex',
  sireCode: 'sire_code',
  temperatureOffset: 'temperature_offset',
  pregnancyCheckDate: 'pregnancy_check_date',
  pregnancyCheckManual: 'pregnancy_check_manual',
  expectedCalvingDate: 'expected_calving_date',
  expectedCalvingManual: 'expected_calving_manual',
  expectedEstrusDate: 'expected_estrus_date',
  expectedEstrusManual: 'expected_estrus_manual',
};

export const updateCowColumns = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
  changes: CowColumnChanges,
): Promise<void> => {
  const keys = (Object.keys(CHANGE_COLUMNS) as (keyof CowColumnChanges)[]).filter(
    (key) => changes[key] !== undefined,
  );
  if (keys.length === 0) return;
  const assignments = keys.map((key, index) => `${CHANGE_COLUMNS[key]} = $${index + 3}`);
  await tx.query(
    `UPDATE cows SET ${assignments.join(', ')}, updated_at = now() WHERE farm_id = $1 AND id = $2`,
    [farmId, cowId, ...keys.map((key) => changes[key])],
  );
};
