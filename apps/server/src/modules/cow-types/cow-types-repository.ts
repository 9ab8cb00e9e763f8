import { storedStatusValue } from '@cowcare/domain/cow-status';
import type { Queryable } from '../../db/database';

export interface CowTypeRecord {
  id: number;
  farmId: number;
  name: string;
  costMinor: number;
}

export interface CowTypeWithCount extends CowTypeRecord {
  cowCount: number;
}

const CULLED = storedStatusValue('culled');
/** Culled cows stay linked to their type but are not counted in it (they are out of the herd). */
const IN_HERD = `c.culled_at IS NULL AND c.status <> '${CULLED}'`;

const SELECT_TYPE = `SELECT t.id, t.farm_id AS "farmId", t.name, t.cost_minor AS "costMinor" FROM cow_types t`;

export const listCowTypesWithCounts = (db: Queryable, farmId: number): Promise<CowTypeWithCount[]> =>
  db.query<CowTypeWithCount>(
    `SELECT t.id, t.farm_id AS "farmId", t.name, t.cost_minor AS "costMinor", count(c.id)::int AS "cowCount"
       FROM cow_types t
       LEFT JOIN cows c ON c.farm_id = t.farm_id AND c.cow_type_id = t.id AND ${IN_HERD}
      WHERE t.farm_id = $1
      GROUP BY t.id
      ORDER BY t.id`,
    [farmId],
  );

export const countCowsInType = async (
  db: Queryable,
  farmId: number,
  typeId: number | null,
): Promise<number> => {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cows c
      WHERE c.farm_id = $1 AND c.cow_type_id IS NOT DISTINCT FROM $2::int AND ${IN_HERD}`,
    [farmId, typeId],
  );
  return row?.count ?? 0;
};

/** Always within the caller's farm: another farm's type is simply not found. */
export const findCowTypeInFarm = async (
  db: Queryable,
  farmId: number,
  typeId: number,
): Promise<CowTypeRecord | undefined> =>
  (await db.query<CowTypeRecord>(`${SELECT_TYPE} WHERE t.farm_id = $1 AND t.id = $2`, [farmId, typeId]))[0];

/** Names are compared without case, so 'Heifers' and 'heifers' cannot both exist in one farm. */
export const isCowTypeNameTaken = async (
  db: Queryable,
  farmId: number,
  name: string,
  exceptTypeId?: number,
): Promise<boolean> => {
  const rows = await db.query(
    'SELECT 1 FROM cow_types WHERE farm_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3::int',
    [farmId, name, exceptTypeId ?? null],
  );
  return rows.length > 0;
};

export const insertCowType = async (
  db: Queryable,
  farmId: number,
  values: { name: string; costMinor: number },
): Promise<CowTypeRecord> => {
  const [row] = await db.query<CowTypeRecord>(
    `INSERT INTO cow_types (farm_id, name, cost_minor) VALUES ($1, $2, $3)
     RETURNING id, farm_id AS "farmId", name, cost_minor AS "costMinor"`,
    [farmId, values.name, values.costMinor],
  );
  if (!row) throw new Error('cow type insert returned nothing');
  return row;
};

export const updateCowType = async (
  db: Queryable,
  farmId: number,
  typeId: number,
  changes: { name?: string; costMinor?: number },
): Promise<CowTypeRecord | undefined> =>
  (
    await db.query<CowTypeRecord>(
      `UPDATE cow_types SET name = coalesce($3, name), cost_minor = coalesce($4, cost_minor)
        WHERE farm_id = $1 AND id = $2
       RETURNING id, farm_id AS "farmId", name, cost_minor AS "costMinor"`,
      [farmId, typeId, changes.name ?? null, changes.costMinor ?? null],
    )
  )[0];

/** Moves every cow of the type (culled ones too) to the uncategorized bucket; answers how many. */
export const uncategorizeCowsOfType = async (
  tx: Queryable,
  farmId: number,
  typeId: number,
): Promise<number> => {
  const rows = await tx.query(
    `UPDATE cows SET cow_type_id = NULL, updated_at = now()
      WHERE farm_id = $1 AND cow_type_id = $2
     RETURNING id`,
    [farmId, typeId],
  );
  return rows.length;
};

export const deleteCowTypeRow = async (tx: Queryable, farmId: number, typeId: number): Promise<boolean> => {
  const rows = await tx.query('DELETE FROM cow_types WHERE farm_id = $1 AND id = $2 RETURNING id', [
    farmId,
    typeId,
  ]);
  return rows.length > 0;
};
