import type { Queryable } from '../../db/database';

export interface HealthCaseRow {
  id: number;
  cowId: number;
  diagnosedOn: string;
  diseaseCode: string | null;
  diagnosisText: string;
  prescribedOn: string | null;
  prescription: string;
  memo: string;
  createdAt: string;
  updatedAt: string;
}

export type HealthCaseFields = Omit<HealthCaseRow, 'id' | 'cowId' | 'createdAt' | 'updatedAt'>;

const SELECT_HEALTH_CASE = `
  SELECT id, cow_id AS "cowId", to_char(diagnosed_on, 'YYYY-MM-DD') AS "diagnosedOn",
         disease_code AS "diseaseCode", diagnosis_text AS "diagnosisText",
         to_char(prescribed_on, 'YYYY-MM-DD') AS "prescribedOn", prescription, memo,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
         to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"
    FROM health_cases`;

export const findHealthCase = async (db: Queryable, farmId: number, id: number) =>
  (await db.query<HealthCaseRow>(`${SELECT_HEALTH_CASE} WHERE farm_id = $1 AND id = $2`, [farmId, id]))[0];

/** Locks the case for the rest of the transaction, so two edits of one case do not interleave. */
export const findHealthCaseForUpdate = async (db: Queryable, farmId: number, id: number) =>
  (
    await db.query<HealthCaseRow>(`${SELECT_HEALTH_CASE} WHERE farm_id = $1 AND id = $2 FOR UPDATE`, [
      farmId,
      id,
    ])
  )[0];

export const listHealthCasesOfCow = (db: Queryable, farmId: number, cowId: number) =>
  db.query<HealthCaseRow>(
    `${SELECT_HEALTH_CASE} WHERE farm_id = $1 AND cow_id = $2 ORDER BY diagnosed_on DESC, id DESC`,
    [farmId, cowId],
  );

const values = (fields: HealthCaseFields) => [
  fields.diagnosedOn,
  fields.diseaseCode,
  fields.diagnosisText,
  fields.prescribedOn,
  fields.prescription,
  fields.memo,
];

export const insertHealthCase = async (
  tx: Queryable,
  owner: { farmId: number; cowId: number; userId: number },
  fields: HealthCaseFields,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO health_cases (diagnosed_on, disease_code, diagnosis_text, prescribed_on, prescription, memo,
                               farm_id, cow_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [...values(fields), owner.farmId, owner.cowId, owner.userId],
  );
  if (!row) throw new Error('health case insert returned no id');
  return row.id;
};

export const saveHealthCase = async (tx: Queryable, farmId: number, id: number, fields: HealthCaseFields) => {
  await tx.query(
    `UPDATE health_cases SET diagnosed_on = $1, disease_code = $2, diagnosis_text = $3, prescribed_on = $4,
            prescription = $5, memo = $6, updated_at = now()
      WHERE farm_id = $7 AND id = $8`,
    [...values(fields), farmId, id],
  );
};

export const deleteHealthCaseRow = async (tx: Queryable, farmId: number, id: number) => {
  await tx.query('DELETE FROM health_cases WHERE farm_id = $1 AND id = $2', [farmId, id]);
};

/** The case's files become exactly `uploadIds` (checked to be the farm's by the caller). */
export const replaceHealthCaseUploads = async (
  tx: Queryable,
  caseId: number,
  uploadIds: readonly number[],
) => {
  await tx.query('DELETE FROM health_case_uploads WHERE health_case_id = $1', [caseId]);
  if (uploadIds.length === 0) return;
  await tx.query(
    `INSERT INTO health_case_uploads (health_case_id, upload_id)
     SELECT $1, upload_id FROM unnest($2::int[]) AS upload_id`,
    [caseId, [...uploadIds]],
  );
};

/** The ids of the files on a case. */
export const healthCaseUploadIds = async (tx: Queryable, caseId: number): Promise<number[]> =>
  (
    await tx.query<{ id: number }>(
      'SELECT upload_id AS id FROM health_case_uploads WHERE health_case_id = $1 ORDER BY upload_id',
      [caseId],
    )
  ).map((row) => row.id);

/** Puts one more file on a case (the caller checked it is the farm's); a file already there stays once. */
export const attachHealthCaseUpload = async (tx: Queryable, caseId: number, uploadId: number) => {
  await tx.query(
    `INSERT INTO health_case_uploads (health_case_id, upload_id) VALUES ($1, $2)
     ON CONFLICT (health_case_id, upload_id) DO NOTHING`,
    [caseId, uploadId],
  );
};

/** Takes a file off a case; false when it was not on it. */
export const detachHealthCaseUpload = async (tx: Queryable, caseId: number, uploadId: number) =>
  (
    await tx.query(
      'DELETE FROM health_case_uploads WHERE health_case_id = $1 AND upload_id = $2 RETURNING upload_id',
      [caseId, uploadId],
    )
  ).length > 0;

export const isDiseaseCode = async (db: Queryable, code: string): Promise<boolean> =>
  (await db.query("SELECT 1 FROM config_dictionary WHERE dictionary = 'disease' AND code = $1", [code]))
    .length > 0;
