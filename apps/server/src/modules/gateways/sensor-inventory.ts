import { ERROR_CODES } from '@cowcare/contract/errors';
import type { InventorySensor } from '@cowcare/contract/routes/gateways';
import { sensorKind } from '@cowcare/domain/sensor';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import { isoUtc } from '../../db/sql-time';

/**
 * The farm's sensors: the registered ones and any an active cow wears (a cow given a sensor registers it;
 * cows written before the inventory, or by the demo seed, may wear one it lacks), each with the cow wearing
 * it and its first and last reading (two index lookups on the readings' (farm, sensor, time) key).
 */
export const listSensorInventory = async (db: Queryable, farmId: number): Promise<InventorySensor[]> => {
  const rows = await db.query<Omit<InventorySensor, 'kind'>>(
    `SELECT s.sensor_id AS sensor, c.id AS "cowId", c.code AS "cowCode",
            ${isoUtc('s.registered_at')} AS "registeredAt",
            ${isoUtc(`(SELECT min(measured_at) FROM sensor_readings r WHERE r.farm_id = s.farm_id AND r.sensor_id = s.sensor_id)`)} AS "firstReadingAt",
            ${isoUtc(`(SELECT max(measured_at) FROM sensor_readings r WHERE r.farm_id = s.farm_id AND r.sensor_id = s.sensor_id)`)} AS "lastReadingAt"
       FROM (SELECT sensor_id, farm_id, registered_at FROM sensors WHERE farm_id = $1
             UNION
             SELECT sensor_id, farm_id, created_at FROM cows
              WHERE farm_id = $1 AND sensor_id IS NOT NULL AND culled_at IS NULL
                AND sensor_id NOT IN (SELECT sensor_id FROM sensors WHERE farm_id = $1)) s
       LEFT JOIN cows c ON c.farm_id = s.farm_id AND c.sensor_id = s.sensor_id AND c.culled_at IS NULL
      ORDER BY s.sensor_id`,
    [farmId],
  );
  return rows.map((row) => ({ ...row, kind: sensorKind(row.sensor) }));
};

export const sensorOfOtherFarmMessage = (sensors: readonly number[]): string =>
  `${sensors.length === 1 ? 'Sensor' : 'Sensors'} ${sensors.join(', ')} ${
    sensors.length === 1 ? 'is' : 'are'
  } registered by another farm. Check the number printed on the sensor; if it is yours, ask support to move it to your farm.`;

/**
 * Registers the sensors to the farm in one statement; a sensor already the farm's stays as it is. One of
 * another farm refuses the whole call (409 E_SENSOR_OTHER_FARM naming it) and registers nothing, so the
 * caller's transaction is rolled back.
 */
export const claimSensors = async (
  tx: Queryable,
  farmId: number,
  sensors: readonly number[],
): Promise<{ registered: number[]; alreadyRegistered: number[] }> => {
  const unique = [...new Set(sensors)].sort((a, b) => a - b);
  const rows = await tx.query<{ sensor: number; farmId: number; isNew: boolean }>(
    `WITH wanted AS (SELECT unnest($2::int[]) AS sensor_id),
          added AS (
            INSERT INTO sensors (sensor_id, farm_id) SELECT sensor_id, $1 FROM wanted
            ON CONFLICT (sensor_id) DO NOTHING RETURNING sensor_id, farm_id)
     SELECT sensor_id AS sensor, farm_id AS "farmId", true AS "isNew" FROM added
     UNION ALL
     SELECT s.sensor_id, s.farm_id, false FROM sensors s JOIN wanted w ON w.sensor_id = s.sensor_id`,
    [farmId, unique],
  );
  // The second half sees the table as it was before the statement: a sensor just added appears once, and
  // one another farm registered while this statement waited for it appears in neither half.
  const seen = new Set(rows.map((row) => row.sensor));
  const raced = unique.filter((sensor) => !seen.has(sensor));
  if (raced.length > 0) {
    rows.push(
      ...(await tx.query<{ sensor: number; farmId: number; isNew: boolean }>(
        'SELECT sensor_id AS sensor, farm_id AS "farmId", false AS "isNew" FROM sensors WHERE sensor_id = ANY($1::int[])',
        [raced],
      )),
    );
  }
  const added = new Set(rows.filter((row) => row.isNew).map((row) => row.sensor));
  const elsewhere = rows.filter((row) => !row.isNew && row.farmId !== farmId).map((row) => row.sensor);
  if (elsewhere.length > 0) {
    throw conflict(ERROR_CODES.sensorOtherFarm, sensorOfOtherFarmMessage(elsewhere));
  }
  return {
    registered: unique.filter((sensor) => added.has(sensor)),
    alreadyRegistered: unique.filter((sensor) => !added.has(sensor)),
  };
};

/** Off the farm's inventory; refused while an active cow of it wears the sensor. */
export const releaseSensor = async (tx: Queryable, farmId: number, sensor: number): Promise<void> => {
  const worn = await tx.query<{ code: string }>(
    'SELECT code FROM cows WHERE farm_id = $1 AND sensor_id = $2 AND culled_at IS NULL',
    [farmId, sensor],
  );
  if (worn[0]) {
    throw conflict(
      ERROR_CODES.conflict,
      `Sensor ${sensor} is worn by cow ${worn[0].code}: take it off the cow first`,
    );
  }
  const deleted = await tx.query(
    'DELETE FROM sensors WHERE farm_id = $1 AND sensor_id = $2 RETURNING sensor_id',
    [farmId, sensor],
  );
  if (deleted.length === 0) throw notFound('No such sensor in this farm');
};

/** The sensors of `sensors` registered to the farm (the ingest spares them the 703 notice). */
export const registeredAmong = async (
  db: Queryable,
  farmId: number,
  sensors: readonly number[],
): Promise<Set<number>> => {
  if (sensors.length === 0) return new Set();
  const rows = await db.query<{ sensor: number }>(
    'SELECT sensor_id AS sensor FROM sensors WHERE farm_id = $1 AND sensor_id = ANY($2::int[])',
    [farmId, [...sensors]],
  );
  return new Set(rows.map((row) => row.sensor));
};
