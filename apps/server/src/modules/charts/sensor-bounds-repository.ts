import type { SensorBounds } from '@cowcare/contract/routes/charts';
import type { Queryable } from '../../db/database';

export type BoundChanges = Partial<Omit<SensorBounds, 'sensor'>>;

const COLUMNS: Record<keyof BoundChanges, string> = {
  tempUp: 'temperature_upper',
  tempLow: 'temperature_lower',
  activityUp: 'activity_upper',
  activityLow: 'activity_lower',
};

const SELECT_BOUNDS = `
  SELECT sensor_id AS sensor, temperature_upper::float8 AS "tempUp", temperature_lower::float8 AS "tempLow",
         activity_upper::float8 AS "activityUp", activity_lower::float8 AS "activityLow"
    FROM sensor_alert_bounds`;

export const findSensorBounds = async (
  db: Queryable,
  farmId: number,
  sensorId: number,
): Promise<SensorBounds> =>
  (
    await db.query<SensorBounds>(`${SELECT_BOUNDS} WHERE farm_id = $1 AND sensor_id = $2`, [farmId, sensorId])
  )[0] ?? {
    sensor: sensorId,
    tempUp: null,
    tempLow: null,
    activityUp: null,
    activityLow: null,
  };

/** Sets the given bounds (null clears one); bounds left out keep their value. */
export const saveSensorBounds = async (
  tx: Queryable,
  farmId: number,
  sensorId: number,
  userId: number,
  changes: BoundChanges,
): Promise<void> => {
  const keys = (Object.keys(COLUMNS) as (keyof BoundChanges)[]).filter((key) => changes[key] !== undefined);
  const columns = keys.map((key) => COLUMNS[key]);
  const values = keys.map((key) => changes[key]);
  const placeholders = keys.map((_key, index) => `$${index + 4}`);
  const updates = columns.map((column) => `${column} = excluded.${column}`);
  await tx.query(
    `INSERT INTO sensor_alert_bounds (farm_id, sensor_id, updated_by_user_id${columns.map((c) => `, ${c}`).join('')})
     VALUES ($1, $2, $3${placeholders.map((p) => `, ${p}`).join('')})
     ON CONFLICT (farm_id, sensor_id) DO UPDATE
        SET updated_by_user_id = excluded.updated_by_user_id, updated_at = now()${updates.map((u) => `, ${u}`).join('')}`,
    [farmId, sensorId, userId, ...values],
  );
};
