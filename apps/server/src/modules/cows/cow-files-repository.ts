import type { CowFile } from '@cowcare/contract/routes/cows';
import type { Queryable } from '../../db/database';

/** Where another module serves an upload's bytes (to its own farm only). */
export const uploadUrl = (uploadId: number): string => `/api/common/common/upload/${uploadId}`;

type CowFileRow = Omit<CowFile, 'url'>;

/**
 * Every upload attached to a health case of one of the farm's cows, newest first. Each of the three rows is
 * held to the farm, so a link that crosses farms (which no write allows) still shows nothing foreign.
 */
export const listCowFilesOfFarm = async (db: Queryable, farmId: number): Promise<CowFile[]> => {
  const rows = await db.query<CowFileRow>(
    `SELECT u.id, h.cow_id AS "cowId", h.id AS "healthCaseId", u.original_name AS name, u.mime_type AS "mimeType",
            u.size_bytes AS "sizeBytes",
            to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
       FROM uploads u
       JOIN health_case_uploads hu ON hu.upload_id = u.id
       JOIN health_cases h ON h.id = hu.health_case_id
       JOIN cows c ON c.id = h.cow_id
      WHERE u.farm_id = $1 AND h.farm_id = $1 AND c.farm_id = $1
      ORDER BY u.created_at DESC, u.id DESC, h.id`,
    [farmId],
  );
  return rows.map((row) => ({ ...row, url: uploadUrl(row.id) }));
};
