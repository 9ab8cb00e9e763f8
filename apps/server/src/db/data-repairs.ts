import type { Queryable } from './database';

export interface DataRepairSummary {
  migration: string;
  table: string;
  action: 'set-aside' | 'cleared';
  rows: number;
}

/**
 * What the given migrations repaired, table by table: a repair migration keeps every row it changed in
 * `data_repairs`, and the operator is told at start that it happened and where to look.
 */
export const summarizeDataRepairs = async (
  db: Queryable,
  migrations: readonly string[],
): Promise<DataRepairSummary[]> => {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('data_repairs') IS NOT NULL AS present",
  );
  if (!table?.present || migrations.length === 0) return [];
  const rows = await db.query<{
    migration: string;
    table: string;
    action: DataRepairSummary['action'];
    rows: string;
  }>(
    `SELECT migration, table_name AS "table", action, count(*) AS rows
       FROM data_repairs
      WHERE migration = ANY($1::text[])
      GROUP BY migration, table_name, action
      ORDER BY migration, table_name, action`,
    [migrations],
  );
  return rows.map((row) => ({ ...row, rows: Number(row.rows) }));
};
