import type { Queryable } from '../../db/database';

export interface SnapshotClaim {
  noticeId: number;
  farmId: number;
  cameraId: number;
  cameraName: string;
}

/** Takes the notice's still for this instance; false when another instance (or an earlier try) has it. */
export const claimNoticeSnapshot = async (db: Queryable, claim: SnapshotClaim): Promise<boolean> =>
  (
    await db.query(
      `INSERT INTO notice_snapshots (notice_id, farm_id, camera_id, camera_name, state)
       SELECT n.id, n.farm_id, $3, $4, 'pending' FROM notices n WHERE n.id = $1 AND n.farm_id = $2
       ON CONFLICT (notice_id) DO NOTHING
       RETURNING notice_id`,
      [claim.noticeId, claim.farmId, claim.cameraId, claim.cameraName],
    )
  ).length === 1;

export const markSnapshotTaken = async (
  db: Queryable,
  noticeId: number,
  file: { storedName: string; sizeBytes: number },
): Promise<void> => {
  await db.query(
    `UPDATE notice_snapshots SET state = 'taken', stored_name = $2, size_bytes = $3, taken_at = now()
      WHERE notice_id = $1`,
    [noticeId, file.storedName, file.sizeBytes],
  );
};

export const markSnapshotFailed = async (
  db: Queryable,
  noticeId: number,
  failure: 'offline' | 'unauthorized',
): Promise<void> => {
  await db.query(`UPDATE notice_snapshots SET state = 'failed', failure = $2 WHERE notice_id = $1`, [
    noticeId,
    failure,
  ]);
};

/** The stored still of a notice of the farm; another farm's notice is simply not there. */
export const findTakenSnapshot = async (
  db: Queryable,
  farmId: number,
  noticeId: number,
): Promise<{ storedName: string; sizeBytes: number } | undefined> =>
  (
    await db.query<{ storedName: string; sizeBytes: number }>(
      `SELECT stored_name AS "storedName", size_bytes AS "sizeBytes" FROM notice_snapshots
        WHERE farm_id = $1 AND notice_id = $2 AND state = 'taken'`,
      [farmId, noticeId],
    )
  )[0];
