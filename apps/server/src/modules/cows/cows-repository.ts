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

const date = (column: string, alias: string) => `to_char(c.${column}, 'YYYY-MM-DD') AS "${alias}"`;
const timestamp = (column: string, alias: string) =>
  `to_char(c.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "${alias}"`;

export const SELECT_COW = `
  SELECT c.id, c.farm_id AS "farmId", c.code, c.sensor_id AS "sensorId", c.sensor_online AS "sensorOnline",
         c.status, c.parity, ${date('birthday', 'birthday')}, c.sex, c.dam_id AS "damId", c.sire_code AS "sireCode",
         c.cow_type_id AS "cowTypeId", t.name AS "cowTypeName",
         c.temperature_offset::float8 AS "temperatureOffset",
         c.current_temperature::float8 AS "currentTemperature", c.average_temperature::float8 AS "averageTemperature",
         c.current_activity::float8 AS "currentActivity", c.average_activity::float8 AS "averageActivity",
         c.current_drink::float8 AS "currentDrink", c.average_drink::float8 AS "averageDrink",
         ${timestamp('last_reading_at', 'lastReadingAt')}, c.is_read AS "isRead",
         ${date('last_estrus_date', 'lastEstrusDate')}, ${date('last_fertilization_date', 'lastFertilizationDate')},
         ${date('last_calving_date', 'lastCalvingDate')},
         ${date('pregnancy_check_date', 'pregnancyCheckDate')}, c.pregnancy_check_manual AS "pregnancyCheckManual",
         ${date('expected_calving_date', 'expectedCalvingDate')}, c.expected_calving_manual AS "expectedCalvingManual",
         ${date('expected_estrus_date', 'expectedEstrusDate')}, c.expected_estrus_manual AS "expectedEstrusManual",
         ${timestamp('culled_at', 'culledAt')}, f.city, f.country
    FROM cows c
    JOIN farms f ON f.id = c.farm_id
    LEFT JOIN cow_types t ON t.id = c.cow_type_id`;

/**
 * The one way to read a cow by id: always within the caller's farm, so another farm's cow is simply not
 * found (404), never shown.
 */
export const findCowInFarm = async (db: Queryable, farmId: number, cowId: number): Promise<CowRecord | undefined> =>
  (await db.query<CowRecord>(`${SELECT_COW} WHERE c.farm_id = $1 AND c.id = $2`, [farmId, cowId]))[0];

/** The same, locking the row for the rest of the transaction (status changes, record writes). */
export const findCowInFarmForUpdate = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<CowRecord | undefined> => {
  const locked = await db.query('SELECT 1 FROM cows WHERE farm_id = $1 AND id = $2 FOR UPDATE', [farmId, cowId]);
  return locked.length === 0 ? undefined : findCowInFarm(db, farmId, cowId);
};

export const listCowsOfFarm = (db: Queryable, farmId: number): Promise<CowRecord[]> =>
  db.query<CowRecord>(`${SELECT_COW} WHERE c.farm_id = $1 ORDER BY c.code`, [farmId]);
