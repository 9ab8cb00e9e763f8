import type { CameraProtocol } from '@cowcare/contract/routes/cameras';
import type { Queryable } from '../../db/database';
import { isoUtc } from '../../db/sql-time';

export interface CameraRow {
  id: number;
  farmId: number;
  name: string;
  ip: string;
  port: number;
  protocol: CameraProtocol;
  streamPath: string;
  credentials: string | null;
  cowTypeId: number | null;
  cowIds: number[];
  createdAt: string;
}

const SELECT_CAMERAS = `
  SELECT c.id, c.farm_id AS "farmId", c.name, c.ip, c.port, c.protocol, c.stream_path AS "streamPath",
         c.credentials, c.cow_type_id AS "cowTypeId", ${isoUtc('c.created_at')} AS "createdAt",
         coalesce((SELECT array_agg(cc.cow_id ORDER BY cc.cow_id) FROM camera_cows cc WHERE cc.camera_id = c.id),
                  '{}') AS "cowIds"
    FROM cameras c`;

export const listFarmCameras = (db: Queryable, farmId: number): Promise<CameraRow[]> =>
  db.query<CameraRow>(`${SELECT_CAMERAS} WHERE c.farm_id = $1 ORDER BY c.port, c.id`, [farmId]);

export const findFarmCamera = async (
  db: Queryable,
  farmId: number,
  cameraId: number,
): Promise<CameraRow | undefined> =>
  (await db.query<CameraRow>(`${SELECT_CAMERAS} WHERE c.farm_id = $1 AND c.id = $2`, [farmId, cameraId]))[0];

/** The camera of the cow: one linked to her by name first, else one of her cow type (her pen). */
export const findCowCamera = async (
  db: Queryable,
  farmId: number,
  cowId: number,
): Promise<CameraRow | undefined> =>
  (
    await db.query<CameraRow>(
      `${SELECT_CAMERAS}
        JOIN cows w ON w.id = $2 AND w.farm_id = $1
       WHERE c.farm_id = $1
         AND (EXISTS (SELECT 1 FROM camera_cows cc WHERE cc.camera_id = c.id AND cc.cow_id = w.id)
              OR c.cow_type_id = w.cow_type_id)
       ORDER BY EXISTS (SELECT 1 FROM camera_cows cc WHERE cc.camera_id = c.id AND cc.cow_id = w.id) DESC, c.id
       LIMIT 1`,
      [farmId, cowId],
    )
  )[0];

export const cowExistsInFarm = async (db: Queryable, farmId: number, cowId: number): Promise<boolean> =>
  (await db.query('SELECT 1 FROM cows WHERE id = $1 AND farm_id = $2', [cowId, farmId])).length > 0;

/** The ids among `cowIds` that are not cows of the farm: a link to them is refused as a whole. */
export const foreignCowIds = async (
  db: Queryable,
  farmId: number,
  cowIds: readonly number[],
): Promise<number[]> => {
  if (cowIds.length === 0) return [];
  const own = await db.query<{ id: number }>(
    'SELECT id FROM cows WHERE farm_id = $1 AND id = ANY($2::int[])',
    [farmId, cowIds],
  );
  const owned = new Set(own.map((row) => row.id));
  return cowIds.filter((id) => !owned.has(id));
};

export const cowTypeInFarm = async (db: Queryable, farmId: number, cowTypeId: number): Promise<boolean> =>
  (await db.query('SELECT 1 FROM cow_types WHERE id = $1 AND farm_id = $2', [cowTypeId, farmId])).length > 0;

export interface CameraFields {
  name: string;
  ip: string;
  port: number;
  protocol: CameraProtocol;
  streamPath: string;
  credentials: string | null;
  cowTypeId: number | null;
}

export const insertCamera = async (db: Queryable, farmId: number, fields: CameraFields): Promise<number> => {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO cameras (farm_id, name, ip, port, protocol, stream_path, credentials, cow_type_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      farmId,
      fields.name,
      fields.ip,
      fields.port,
      fields.protocol,
      fields.streamPath,
      fields.credentials,
      fields.cowTypeId,
    ],
  );
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.id;
};

export const updateCameraRow = async (
  db: Queryable,
  cameraId: number,
  fields: CameraFields,
): Promise<void> => {
  await db.query(
    `UPDATE cameras SET name = $2, ip = $3, port = $4, protocol = $5, stream_path = $6, credentials = $7,
            cow_type_id = $8
      WHERE id = $1`,
    [
      cameraId,
      fields.name,
      fields.ip,
      fields.port,
      fields.protocol,
      fields.streamPath,
      fields.credentials,
      fields.cowTypeId,
    ],
  );
};

export const replaceCameraCows = async (
  db: Queryable,
  cameraId: number,
  cowIds: readonly number[],
): Promise<void> => {
  await db.query('DELETE FROM camera_cows WHERE camera_id = $1', [cameraId]);
  if (cowIds.length === 0) return;
  await db.query('INSERT INTO camera_cows (camera_id, cow_id) SELECT $1, unnest($2::int[])', [
    cameraId,
    cowIds,
  ]);
};

export const deleteCameraRow = async (db: Queryable, farmId: number, cameraId: number): Promise<boolean> =>
  (await db.query('DELETE FROM cameras WHERE id = $1 AND farm_id = $2 RETURNING id', [cameraId, farmId]))
    .length > 0;

export const countFarmCameras = async (db: Queryable, farmId: number): Promise<number> => {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM cameras WHERE farm_id = $1',
    [farmId],
  );
  return row?.count ?? 0;
};

/** The herd of the demo footage: active cows by code, with their activity against their usual. */
export const demoHerd = (db: Queryable, farmId: number): Promise<{ code: string; restlessness: number }[]> =>
  db.query(
    // the most restless first, so a cow in heat is in the picture whatever the herd's size
    `SELECT code, restlessness FROM (
       SELECT code,
              coalesce(current_activity / nullif(coalesce(usual_activity, average_activity), 0), 1)::float8
                AS restlessness
         FROM cows
        WHERE farm_id = $1 AND culled_at IS NULL
        ORDER BY 2 DESC, code
        LIMIT 12) herd
      ORDER BY length(code), code`,
    [farmId],
  );
