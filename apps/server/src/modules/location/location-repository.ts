import type { LatLonPoint, Paddock } from '@cowcare/contract/routes/location';
import type { TimedPosition } from '@cowcare/domain/geo-fence';
import type { Queryable } from '../../db/database';
import { isoUtc } from '../../db/sql-time';

// Every query names the farm: a point, a paddock or a position of another farm is never read or changed.

export const findFarmLocation = async (db: Queryable, farmId: number): Promise<LatLonPoint | null> =>
  (await db.query<LatLonPoint>('SELECT lat, lon FROM farm_locations WHERE farm_id = $1', [farmId]))[0] ??
  null;

export const saveFarmLocation = async (db: Queryable, farmId: number, point: LatLonPoint): Promise<void> => {
  await db.query(
    `INSERT INTO farm_locations (farm_id, lat, lon) VALUES ($1, $2, $3)
     ON CONFLICT (farm_id) DO UPDATE SET lat = excluded.lat, lon = excluded.lon, updated_at = now()`,
    [farmId, point.lat, point.lon],
  );
};

export const listPenLocations = async (
  db: Queryable,
  farmId: number,
): Promise<{ cowTypeId: number; location: LatLonPoint }[]> =>
  (
    await db.query<{ cowTypeId: number; lat: number; lon: number }>(
      'SELECT cow_type_id AS "cowTypeId", lat, lon FROM pen_locations WHERE farm_id = $1 ORDER BY cow_type_id',
      [farmId],
    )
  ).map(({ cowTypeId, lat, lon }) => ({ cowTypeId, location: { lat, lon } }));

/** Sets the pen's point when the pen (cow type) is the farm's; false when it is not. */
export const savePenLocation = async (
  db: Queryable,
  farmId: number,
  cowTypeId: number,
  point: LatLonPoint,
): Promise<boolean> =>
  (
    await db.query(
      `INSERT INTO pen_locations (cow_type_id, farm_id, lat, lon)
       SELECT id, farm_id, $3, $4 FROM cow_types WHERE id = $2 AND farm_id = $1
       ON CONFLICT (cow_type_id) DO UPDATE SET lat = excluded.lat, lon = excluded.lon
       RETURNING cow_type_id`,
      [farmId, cowTypeId, point.lat, point.lon],
    )
  ).length > 0;

interface PaddockRow {
  id: number;
  name: string;
  boundary: LatLonPoint[];
  cowIds: number[];
}

const SELECT_PADDOCKS = `
  SELECT p.id, p.name, p.boundary,
         coalesce((SELECT array_agg(cp.cow_id ORDER BY cp.cow_id) FROM cow_paddocks cp
                    WHERE cp.paddock_id = p.id), '{}') AS "cowIds"
    FROM paddocks p`;

const presentPaddock = (row: PaddockRow): Paddock => ({
  id: row.id,
  name: row.name,
  boundary: row.boundary.map(({ lat, lon }) => ({ lat, lon })),
  cowIds: row.cowIds.map(Number),
});

export const listFarmPaddocks = async (db: Queryable, farmId: number): Promise<Paddock[]> =>
  (await db.query<PaddockRow>(`${SELECT_PADDOCKS} WHERE p.farm_id = $1 ORDER BY p.id`, [farmId])).map(
    presentPaddock,
  );

export const findFarmPaddock = async (
  db: Queryable,
  farmId: number,
  paddockId: number,
): Promise<Paddock | undefined> => {
  const [row] = await db.query<PaddockRow>(`${SELECT_PADDOCKS} WHERE p.farm_id = $1 AND p.id = $2`, [
    farmId,
    paddockId,
  ]);
  return row && presentPaddock(row);
};

export const insertPaddock = async (
  db: Queryable,
  farmId: number,
  name: string,
  boundary: readonly LatLonPoint[],
): Promise<number> => {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO paddocks (farm_id, name, boundary) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [farmId, name, JSON.stringify(boundary.map(({ lat, lon }) => ({ lat, lon })))],
  );
  if (!row) throw new Error('paddock insert returned no row');
  return row.id;
};

export const deletePaddockRow = async (db: Queryable, farmId: number, paddockId: number): Promise<boolean> =>
  (await db.query('DELETE FROM paddocks WHERE id = $1 AND farm_id = $2 RETURNING id', [paddockId, farmId]))
    .length > 0;

export interface FarmCow {
  id: number;
  code: string;
}

export const findFarmCow = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<FarmCow | undefined> =>
  (await db.query<FarmCow>('SELECT id, code FROM cows WHERE id = $1 AND farm_id = $2', [cowId, farmId]))[0];

export const putCowInPaddock = async (
  db: Queryable,
  cowId: number,
  paddockId: number | null,
): Promise<void> => {
  if (paddockId === null) {
    await db.query('DELETE FROM cow_paddocks WHERE cow_id = $1', [cowId]);
    return;
  }
  await db.query(
    `INSERT INTO cow_paddocks (cow_id, paddock_id) VALUES ($1, $2)
     ON CONFLICT (cow_id) DO UPDATE SET paddock_id = excluded.paddock_id`,
    [cowId, paddockId],
  );
};

export const findCowPaddock = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<Paddock | undefined> => {
  const [row] = await db.query<PaddockRow>(
    `${SELECT_PADDOCKS} JOIN cow_paddocks c ON c.paddock_id = p.id WHERE p.farm_id = $1 AND c.cow_id = $2`,
    [farmId, cowId],
  );
  return row && presentPaddock(row);
};

export const findCowPenLocation = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<LatLonPoint | undefined> =>
  (
    await db.query<LatLonPoint>(
      `SELECT l.lat, l.lon FROM cows c JOIN pen_locations l ON l.cow_type_id = c.cow_type_id
        WHERE c.id = $2 AND c.farm_id = $1 AND l.farm_id = $1`,
      [farmId, cowId],
    )
  )[0];

interface PositionRow {
  lat: number;
  lon: number;
  at: string;
}

/** Her GPS positions since `since`, oldest first. */
export const cowPositionsSince = (
  db: Queryable,
  farmId: number,
  cowId: number,
  since: Date,
): Promise<PositionRow[]> =>
  db.query<PositionRow>(
    `SELECT lat, lon, ${isoUtc('measured_at')} AS at FROM cow_positions
      WHERE farm_id = $1 AND cow_id = $2 AND measured_at >= $3 ORDER BY measured_at`,
    [farmId, cowId, since.toISOString()],
  );

/** Her newest GPS position, however old. */
export const newestCowPosition = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<PositionRow | undefined> =>
  (
    await db.query<PositionRow>(
      `SELECT lat, lon, ${isoUtc('measured_at')} AS at FROM cow_positions
        WHERE farm_id = $1 AND cow_id = $2 ORDER BY measured_at DESC LIMIT 1`,
      [farmId, cowId],
    )
  )[0];

export const toTimed = (rows: readonly PositionRow[]): TimedPosition[] =>
  rows.map((row) => ({ lat: row.lat, lon: row.lon, at: Date.parse(row.at) }));

export interface HerdCowRow {
  cowId: number;
  code: string;
  status: string;
  alert: boolean;
  gpsLat: number | null;
  gpsLon: number | null;
  gpsAt: string | null;
  paddockBoundary: LatLonPoint[] | null;
  penLat: number | null;
  penLon: number | null;
}

/** Every active cow of the farm with what places her: newest GPS fix, paddock, pen point. */
export const herdPlaces = (db: Queryable, farmId: number): Promise<HerdCowRow[]> =>
  db.query<HerdCowRow>(
    `SELECT c.id AS "cowId", c.code, c.status, NOT c.is_read AS alert,
            g.lat AS "gpsLat", g.lon AS "gpsLon", ${isoUtc('g.measured_at')} AS "gpsAt",
            p.boundary AS "paddockBoundary", l.lat AS "penLat", l.lon AS "penLon"
       FROM cows c
       LEFT JOIN LATERAL (SELECT lat, lon, measured_at FROM cow_positions cp
                           WHERE cp.farm_id = $1 AND cp.cow_id = c.id
                           ORDER BY measured_at DESC LIMIT 1) g ON true
       LEFT JOIN cow_paddocks cpd ON cpd.cow_id = c.id
       LEFT JOIN paddocks p ON p.id = cpd.paddock_id AND p.farm_id = $1
       LEFT JOIN pen_locations l ON l.cow_type_id = c.cow_type_id AND l.farm_id = $1
      WHERE c.farm_id = $1 AND c.culled_at IS NULL
      ORDER BY c.code`,
    [farmId],
  );
