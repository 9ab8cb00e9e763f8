import type { Queryable } from '../../db/database';
import { dayText, eventDayText, utcTimeText } from './sql-text';

export interface FertilizationRow {
  id: number;
  cowId: number;
  plannedAt: string;
  plannedDay: string;
  method: string;
  actualMethod: string | null;
  sireCode: string | null;
  memo: string;
  effectiveServiceDate: string;
  pregnancyCheckMethod: string;
  pregnancyCheckDate: string;
  pregnancyCheckManual: boolean;
  createdAt: string;
}

export type FertilizationFields = Omit<FertilizationRow, 'id' | 'cowId' | 'createdAt'>;

const SELECT_FERTILIZATION = `
  SELECT id, cow_id AS "cowId", ${utcTimeText('planned_at', 'plannedAt')},
         ${eventDayText('planned_date', 'planned_at', 'plannedDay')}, method, actual_method AS "actualMethod",
         sire_code AS "sireCode", memo, ${dayText('effective_service_date', 'effectiveServiceDate')},
         pregnancy_check_method AS "pregnancyCheckMethod", ${dayText('pregnancy_check_date', 'pregnancyCheckDate')},
         pregnancy_check_manual AS "pregnancyCheckManual", ${utcTimeText('created_at', 'createdAt')}
    FROM fertilization_records`;

export const findFertilization = async (db: Queryable, farmId: number, id: number) =>
  (
    await db.query<FertilizationRow>(`${SELECT_FERTILIZATION} WHERE farm_id = $1 AND id = $2`, [farmId, id])
  )[0];

export const latestFertilizationOfCow = async (db: Queryable, farmId: number, cowId: number) =>
  (
    await db.query<FertilizationRow>(
      `${SELECT_FERTILIZATION} WHERE farm_id = $1 AND cow_id = $2 ORDER BY planned_at DESC, id DESC LIMIT 1`,
      [farmId, cowId],
    )
  )[0];

/** The service a later event (a diagnosis, a calving) is about: the latest fertilization up to that moment. */
export const fertilizationBefore = async (db: Queryable, farmId: number, cowId: number, moment: string) =>
  (
    await db.query<FertilizationRow>(
      `${SELECT_FERTILIZATION} WHERE farm_id = $1 AND cow_id = $2 AND planned_at <= $3
        ORDER BY planned_at DESC, id DESC LIMIT 1`,
      [farmId, cowId, moment],
    )
  )[0];

const values = (fields: FertilizationFields) => [
  fields.plannedAt,
  fields.plannedDay,
  fields.method,
  fields.actualMethod,
  fields.sireCode,
  fields.memo,
  fields.effectiveServiceDate,
  fields.pregnancyCheckMethod,
  fields.pregnancyCheckDate,
  fields.pregnancyCheckManual,
];

export const insertFertilization = async (
  tx: Queryable,
  owner: { farmId: number; cowId: number; userId: number },
  fields: FertilizationFields,
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO fertilization_records (planned_at, planned_date, method, actual_method, sire_code, memo,
                                        effective_service_date, pregnancy_check_method, pregnancy_check_date,
                                        pregnancy_check_manual, farm_id, cow_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [...values(fields), owner.farmId, owner.cowId, owner.userId],
  );
  if (!row) throw new Error('fertilization insert returned no id');
  return row.id;
};

export const saveFertilization = async (
  tx: Queryable,
  farmId: number,
  id: number,
  fields: FertilizationFields,
) => {
  await tx.query(
    `UPDATE fertilization_records
        SET planned_at = $1, planned_date = $2, method = $3, actual_method = $4, sire_code = $5, memo = $6,
            effective_service_date = $7, pregnancy_check_method = $8, pregnancy_check_date = $9,
            pregnancy_check_manual = $10
      WHERE farm_id = $11 AND id = $12`,
    [...values(fields), farmId, id],
  );
};
