import type { api } from '@cowcare/contract/api';
import type { RouteBody, RouteData } from '@cowcare/contract/route';
import { sensorKind } from '@cowcare/domain/sensor';
import type { Queryable } from '../../db/database';
import { forbidden, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';

export type SensorStateQuery = RouteBody<typeof api.cows.updateSensorStates>;
type SensorStateAnswer = RouteData<typeof api.cows.updateSensorStates>;
type SensorPage = RouteData<typeof api.cows.sensorPage>;

interface SensorStateRow {
  id: number;
  sensorId: number | null;
  online: boolean;
}

/** The client already knows the state when it sent both values it holds and both still match. */
const answerFor = (item: SensorStateQuery[number], cow: SensorStateRow): 0 | 1 | 2 => {
  const current = cow.online ? 1 : 0;
  const knowsSensor = item.sensor !== undefined && item.sensor === cow.sensorId;
  return knowsSensor && item.sensorzt === current ? 2 : current;
};

/**
 * The sensor state of the listed cows, in the order asked. One foreign id fails the whole call, so the
 * answer never mixes in or hints at another farm's cows.
 */
export const sensorStatesOf = async (
  db: Queryable,
  user: AuthUser,
  query: SensorStateQuery,
): Promise<SensorStateAnswer> => {
  if (query.some((item) => item.country !== user.country)) throw forbidden();
  const ids = [...new Set(query.map((item) => item.id))];
  const rows =
    ids.length === 0
      ? []
      : await db.query<SensorStateRow>(
          `SELECT id, sensor_id AS "sensorId", sensor_online AS online
             FROM cows WHERE farm_id = $1 AND id = ANY($2::int[])`,
          [user.farmId, ids],
        );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return query.map((item) => {
    const cow = byId.get(item.id);
    if (!cow) throw notFound('No such cow in this farm');
    return { id: item.id, sensorzt: answerFor(item, cow) };
  });
};

interface WornSensorRow {
  cowId: number;
  code: string;
  sensor: number;
  online: boolean;
  lastReadingAt: string | null;
}

/** Every sensor worn by an active cow of the farm, by sensor id, and the page's totals. */
export const sensorPageOf = async (db: Queryable, farmId: number): Promise<SensorPage> => {
  const rows = await db.query<WornSensorRow>(
    `SELECT id AS "cowId", code, sensor_id AS sensor, sensor_online AS online,
            to_char(last_reading_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastReadingAt"
       FROM cows
      WHERE farm_id = $1 AND sensor_id IS NOT NULL AND culled_at IS NULL
      ORDER BY sensor_id`,
    [farmId],
  );
  const sensors = rows.map((row) => ({
    cowId: row.cowId,
    code: row.code,
    sensor: row.sensor,
    sensorKind: sensorKind(row.sensor),
    sensorzt: row.online ? (1 as const) : (0 as const),
    lastReadingAt: row.lastReadingAt,
  }));
  const neck = sensors.filter((sensor) => sensor.sensorKind === 'neck').length;
  const online = sensors.filter((sensor) => sensor.sensorzt === 1).length;
  return {
    sensors,
    totals: { neck, pill: sensors.length - neck, online, offline: sensors.length - online },
  };
};
