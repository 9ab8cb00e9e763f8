import type { PregnancyResultCode } from '@cowcare/contract/routes/reproduction';
import type { Queryable } from '../../db/database';
import { dayText, eventDayText, utcTimeText } from './sql-text';

export interface PregnancyRow {
  id: number;
  cowId: number;
  diagnosisMethod: string;
  diagnosedAt: string;
  diagnosisDay: string;
  result: PregnancyResultCode;
  memo: string;
  expectedCalvingDate: string | null;
  expectedCalvingManual: boolean;
  expectedEstrusDate: string | null;
  expectedEstrusManual: boolean;
  createdAt: string;
}

export type PregnancyFields = Omit<PregnancyRow, 'id' | 'cowId' | 'createdAt'>;

const SELECT_PREGNANCY = `
  SELECT id, cow_id AS "cowId", diagnosis_method AS "diagnosisMethod", ${utcTimeText('diagnosed_at', 'diagnosedAt')},
         ${eventDayText('diagnosis_date', 'diagnosed_at', 'diagnosisDay')}, result, memo,
         ${dayText('expected_calving_date', 'expectedCalvingDate')}, expected_calving_manual AS "expectedCalvingManual",
         ${dayText('expected_estrus_date', 'expectedEstrusDate')}, expected_estrus_manual AS "expectedEstrusManual",
         ${utcTimeText('created_at', 'createdAt')}
    FROM pregnancy_records`;

export const findPregnancy = async (db: Queryable, farmId: number, id: number) =>
  (await db.query<PregnancyRow>(`${SELECT_PREGNANCY} WHERE farm_id = $1 AND id = $2`, [farmId, id]))[0];

export const latestPregnancyOfCow = async (db: Queryable, farmId: number, cowId: number) =>
  (
    await db.query<PregnancyRow>(
      `${SELECT_PREGNANCY} WHERE farm_id = $1 AND cow_id = $2 ORDER BY diagnosed_at DESC, id DESC LIMIT 1`,
      [farmId, cowId],
    )
  )[0];

/** Positive diagnoses whose expected calving the server computes from the fertilization before them. */
export const automaticPregnanciesOfCow = (db: Queryable, farmId: number, cowId: number) =>
  db.query<PregnancyRow>(
    `${SELECT_PREGNANCY} WHERE farm_id = $1 AND cow_id = $2 AND result = 'pregnant' AND NOT expected_calving_manual
      ORDER BY diagnosed_at, id`,
    [farmId, cowId],
  );

const values = (fields: PregnancyFields) => [
  fields.diagnosisMethod,
  fields.diagnosedAt,
  fields.diagnosisDay,
  fields.result,
  fields.memo,
  fields.expectedCalvingDate,
  fields.expectedCalvingManual,
  fields.expectedEstrusDate,
  fields.expectedEstrusManual,
];

export const insertPregnancy = async (
  tx: Queryable,
  owner: { farmId: number; cowId: number; userId: number },
  fields: PregnancyFields,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO pregnancy_records (diagnosis_method, diagnosed_at, diagnosis_date, result, memo,
                                    expected_calving_date, expected_calving_manual, expected_estrus_date,
                                    expected_estrus_manual, farm_id, cow_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [...values(fields), owner.farmId, owner.cowId, owner.userId],
  );
  if (!row) throw new Error('pregnancy insert returned no id');
  return row.id;
};

export const savePregnancy = async (tx: Queryable, farmId: number, id: number, fields: PregnancyFields) => {
  await tx.query(
    `UPDATE pregnancy_records
        SET diagnosis_method = $1, diagnosed_at = $2, diagnosis_date = $3, result = $4, memo = $5,
            expected_calving_date = $6, expected_calving_manual = $7, expected_estrus_date = $8,
            expected_estrus_manual = $9
      WHERE farm_id = $10 AND id = $11`,
    [...values(fields), farmId, id],
  );
};
