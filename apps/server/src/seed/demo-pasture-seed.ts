import type { Queryable } from '../db/database';
import { DEMO_FARM_NUMBER } from './demo-credentials';
import { DEMO_FARM_POINT, DEMO_PADDOCK, DEMO_PEN_POINTS, wearsGpsCollar } from './demo-pasture';

/**
 * The demo farm's point, its paddock with the GPS cows in it, and its pens' points, once: when the farm has
 * no point yet (a new install, or one from before locations). After that they are the demo user's to move,
 * redraw or delete, and a restart keeps what they did.
 */
export const writeDemoPasture = async (tx: Queryable): Promise<void> => {
  const [farm] = await tx.query<{ id: number; located: boolean }>(
    `SELECT id, EXISTS (SELECT 1 FROM farm_locations WHERE farm_id = farms.id) AS located
       FROM farms WHERE farm_number = $1`,
    [DEMO_FARM_NUMBER],
  );
  if (!farm || farm.located) return;
  await tx.query('INSERT INTO farm_locations (farm_id, lat, lon) VALUES ($1, $2, $3)', [
    farm.id,
    DEMO_FARM_POINT.lat,
    DEMO_FARM_POINT.lon,
  ]);
  const [paddock] = await tx.query<{ id: number }>(
    'INSERT INTO paddocks (farm_id, name, boundary) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [farm.id, DEMO_PADDOCK.name, JSON.stringify(DEMO_PADDOCK.boundary)],
  );
  const cows = await tx.query<{ id: number; sensorId: number }>(
    `SELECT id, sensor_id AS "sensorId" FROM cows
      WHERE farm_id = $1 AND culled_at IS NULL AND sensor_id IS NOT NULL ORDER BY id`,
    [farm.id],
  );
  await tx.query(
    'INSERT INTO cow_paddocks (cow_id, paddock_id) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING',
    [cows.filter((cow) => wearsGpsCollar(cow.sensorId)).map((cow) => cow.id), paddock?.id],
  );
  const types = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM cow_types WHERE farm_id = $1 ORDER BY id',
    [farm.id],
  );
  for (const type of types) {
    const point = DEMO_PEN_POINTS.get(type.name);
    if (!point) continue;
    await tx.query(
      `INSERT INTO pen_locations (cow_type_id, farm_id, lat, lon) VALUES ($1, $2, $3, $4)
       ON CONFLICT (cow_type_id) DO NOTHING`,
      [type.id, farm.id, point.lat, point.lon],
    );
  }
};
