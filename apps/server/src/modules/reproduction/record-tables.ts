import type { Queryable } from '../../db/database';

export type RecordTable =
  'estrus_records' | 'fertilization_records' | 'pregnancy_records' | 'calving_records';

/** The cow a record of the caller's farm belongs to; undefined for an unknown id or another farm's record. */
export const cowIdOfRecord = async (
  db: Queryable,
  table: RecordTable,
  farmId: number,
  id: number,
): Promise<number | undefined> =>
  (
    await db.query<{ cowId: number }>(
      `SELECT cow_id AS "cowId" FROM ${table} WHERE farm_id = $1 AND id = $2`,
      [farmId, id],
    )
  )[0]?.cowId;

export const deleteRecord = async (tx: Queryable, table: RecordTable, farmId: number, id: number) => {
  await tx.query(`DELETE FROM ${table} WHERE farm_id = $1 AND id = $2`, [farmId, id]);
};
