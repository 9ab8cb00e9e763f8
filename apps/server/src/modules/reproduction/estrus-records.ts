import type { Queryable } from '../../db/database';
import { dayText, eventDayText, utcTimeText } from './sql-text';

export interface EstrusRow {
  id: number;
  cowId: number;
  estrusAt: string;
  estrusDay: string;
  memo: string;
  nextExpectedEstrusDate: string;
  nextExpectedEstrusManual: boolean;
  createdAt: string;
}

export type EstrusFields = Omit<EstrusRow, 'id' | 'cowId' | 'createdAt'>;

const SELECT_ESTRUS = `
  SELECT id, cow_id AS "cowId", ${utcTimeText('estrus_at', 'estrusAt')},
         ${eventDayText('estrus_date', 'estrus_at', 'estrusDay')}, memo,
         ${dayText('next_expected_estrus_date', 'nextExpectedEstrusDate')},
         next_expected_estrus_manual AS "nextExpectedEstrusManual", ${utcTimeText('created_at', 'createdAt')}
    FROM estrus_records`;

export const findEstrus = async (db: Queryable, farmId: number, id: number): Promise<EstrusRow | undefined> =>
  (await db.query<EstrusRow>(`${SELECT_ESTRUS} WHERE farm_id = $1 AND id = $2`, [farmId, id]))[0];

export const latestEstrusOfCow = async (db: Queryable, farmId: number, cowId: number) =>
  (
    await db.query<EstrusRow>(
      `${SELECT_ESTRUS} WHERE farm_id = $1 AND cow_id = $2 ORDER BY estrus_at DESC, id DESC LIMIT 1`,
      [farmId, cowId],
    )
  )[0];

const values = (fields: EstrusFields) => [
  fields.estrusAt,
  fields.estrusDay,
  fields.memo,
  fields.nextExpectedEstrusDate,
  fields.nextExpectedEstrusManual,
];

export const insertEstrus = async (
  tx: Queryable,
  owner: { farmId: number; cowId: number; userId: number },
  fields: EstrusFields,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO estrus_records (estrus_at, estrus_date, memo, next_expected_estrus_date,
                                 next_expected_estrus_manual, farm_id, cow_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [...values(fields), owner.farmId, owner.cowId, owner.userId],
  );
  if (!row) throw new Error('estrus insert returned no id');
  return row.id;
};

export const saveEstrus = async (tx: Queryable, farmId: number, id: number, fields: EstrusFields) => {
  await tx.query(
    `UPDATE estrus_records SET estrus_at = $1, estrus_date = $2, memo = $3, next_expected_estrus_date = $4,
            next_expected_estrus_manual = $5
      WHERE farm_id = $6 AND id = $7`,
    [...values(fields), farmId, id],
  );
};
