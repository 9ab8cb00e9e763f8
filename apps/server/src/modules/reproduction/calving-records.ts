import type { Queryable } from '../../db/database';
import { dayText, eventDayText, utcTimeText } from './sql-text';

export interface CalvingRow {
  id: number;
  cowId: number;
  calvedAt: string;
  calvingDay: string;
  method: string;
  result: string;
  memo: string;
  expectedEstrusDate: string;
  expectedEstrusManual: boolean;
  calfId: number | null;
  createdAt: string;
}

export type CalvingFields = Omit<CalvingRow, 'id' | 'cowId' | 'createdAt' | 'calfId'>;

const SELECT_CALVING = `
  SELECT id, cow_id AS "cowId", ${utcTimeText('calved_at', 'calvedAt')},
         ${eventDayText('calving_date', 'calved_at', 'calvingDay')}, method, result, memo,
         ${dayText('expected_estrus_date', 'expectedEstrusDate')}, expected_estrus_manual AS "expectedEstrusManual",
         calf_cow_id AS "calfId", ${utcTimeText('created_at', 'createdAt')}
    FROM calving_records`;

export const findCalving = async (db: Queryable, farmId: number, id: number) =>
  (await db.query<CalvingRow>(`${SELECT_CALVING} WHERE farm_id = $1 AND id = $2`, [farmId, id]))[0];

export const latestCalvingOfCow = async (db: Queryable, farmId: number, cowId: number) =>
  (
    await db.query<CalvingRow>(
      `${SELECT_CALVING} WHERE farm_id = $1 AND cow_id = $2 ORDER BY calved_at DESC, id DESC LIMIT 1`,
      [farmId, cowId],
    )
  )[0];

const values = (fields: CalvingFields) => [
  fields.calvedAt,
  fields.calvingDay,
  fields.method,
  fields.result,
  fields.memo,
  fields.expectedEstrusDate,
  fields.expectedEstrusManual,
];

export const insertCalving = async (
  tx: Queryable,
  owner: { farmId: number; cowId: number; userId: number },
  fields: CalvingFields,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO calving_records (calved_at, calving_date, method, result, memo, expected_estrus_date,
                                  expected_estrus_manual, farm_id, cow_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [...values(fields), owner.farmId, owner.cowId, owner.userId],
  );
  if (!row) throw new Error('calving insert returned no id');
  return row.id;
};

export const saveCalving = async (tx: Queryable, farmId: number, id: number, fields: CalvingFields) => {
  await tx.query(
    `UPDATE calving_records
        SET calved_at = $1, calving_date = $2, method = $3, result = $4, memo = $5, expected_estrus_date = $6,
            expected_estrus_manual = $7
      WHERE farm_id = $8 AND id = $9`,
    [...values(fields), farmId, id],
  );
};

export const linkCalf = async (tx: Queryable, farmId: number, id: number, calfId: number) => {
  await tx.query('UPDATE calving_records SET calf_cow_id = $3 WHERE farm_id = $1 AND id = $2', [
    farmId,
    id,
    calfId,
  ]);
};
