import type { Queryable } from '../../db/database';

export interface UploadRow {
  id: number;
  farmId: number;
  storedName: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

const SELECT_UPLOAD = `
  SELECT id, farm_id AS "farmId", stored_name AS "storedName", original_name AS "originalName",
         mime_type AS "mimeType", size_bytes AS "sizeBytes"
    FROM uploads`;

export const insertUpload = async (
  db: Queryable,
  upload: Omit<UploadRow, 'id'> & { userId: number },
): Promise<UploadRow> => {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO uploads (farm_id, user_id, stored_name, original_name, mime_type, size_bytes)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [upload.farmId, upload.userId, upload.storedName, upload.originalName, upload.mimeType, upload.sizeBytes],
  );
  if (!row) throw new Error('upload insert returned no id');
  return { id: row.id, ...upload };
};

/** Only the caller's farm's uploads: another farm's id is simply not there. */
export const findUploadInFarm = async (
  db: Queryable,
  farmId: number,
  id: number,
): Promise<UploadRow | undefined> =>
  (await db.query<UploadRow>(`${SELECT_UPLOAD} WHERE farm_id = $1 AND id = $2`, [farmId, id]))[0];

export const findUploadsInFarm = (
  db: Queryable,
  farmId: number,
  ids: readonly number[],
): Promise<UploadRow[]> =>
  db.query<UploadRow>(`${SELECT_UPLOAD} WHERE farm_id = $1 AND id = ANY($2::int[]) ORDER BY id`, [
    farmId,
    [...ids],
  ]);

/** The files of several health cases, keyed by case, in upload order. */
export const findUploadsOfHealthCases = async (
  db: Queryable,
  farmId: number,
  caseIds: readonly number[],
): Promise<Map<number, UploadRow[]>> => {
  const rows = await db.query<UploadRow & { caseId: number }>(
    `SELECT u.id, u.farm_id AS "farmId", u.stored_name AS "storedName", u.original_name AS "originalName",
            u.mime_type AS "mimeType", u.size_bytes AS "sizeBytes", l.health_case_id AS "caseId"
       FROM health_case_uploads l
       JOIN uploads u ON u.id = l.upload_id
      WHERE u.farm_id = $1 AND l.health_case_id = ANY($2::int[])
      ORDER BY u.id`,
    [farmId, [...caseIds]],
  );
  const byCase = new Map<number, UploadRow[]>();
  for (const { caseId, ...upload } of rows) byCase.set(caseId, [...(byCase.get(caseId) ?? []), upload]);
  return byCase;
};
