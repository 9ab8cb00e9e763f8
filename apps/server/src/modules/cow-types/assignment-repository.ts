import { storedStatusValue } from '@cowcare/domain/cow-status';
import type { Queryable } from '../../db/database';
import { SELECT_COW, type CowRecord } from '../cows/cows-repository';

export interface CowToAssign {
  id: number;
  code: string;
  cowTypeId: number | null;
  culled: boolean;
}

/**
 * The listed cows of the farm, locked until the transaction ends so a concurrent call cannot move them
 * between our check and our write. Ids of other farms are simply missing from the answer.
 */
export const lockCowsToAssign = (
  tx: Queryable,
  farmId: number,
  cowIds: readonly number[],
): Promise<CowToAssign[]> =>
  tx.query<CowToAssign>(
    `SELECT id, code, cow_type_id AS "cowTypeId", (culled_at IS NOT NULL OR status = $3) AS culled
       FROM cows
      WHERE farm_id = $1 AND id = ANY($2::int[])
      ORDER BY id
        FOR UPDATE`,
    [farmId, cowIds, storedStatusValue('culled')],
  );

export const setCowsType = async (
  tx: Queryable,
  farmId: number,
  cowIds: readonly number[],
  typeId: number | null,
): Promise<void> => {
  await tx.query(
    'UPDATE cows SET cow_type_id = $3, updated_at = now() WHERE farm_id = $1 AND id = ANY($2::int[])',
    [farmId, cowIds, typeId],
  );
};

export const readCowsOfFarm = (
  db: Queryable,
  farmId: number,
  cowIds: readonly number[],
): Promise<CowRecord[]> =>
  db.query<CowRecord>(`${SELECT_COW} WHERE c.farm_id = $1 AND c.id = ANY($2::int[]) ORDER BY c.code`, [
    farmId,
    cowIds,
  ]);
