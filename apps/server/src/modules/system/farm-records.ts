import type { Queryable } from '../../db/database';

export const findBossPasswordHash = async (db: Queryable, farmId: number): Promise<string | undefined> => {
  const rows = await db.query<{ hash: string | null }>(
    'SELECT boss_password_hash AS hash FROM farms WHERE id = $1',
    [farmId],
  );
  return rows[0]?.hash ?? undefined;
};

/**
 * Creates the per-farm records a farm needs and does not have yet; running it again creates nothing.
 * Returns the names of what it created, so a caller (and a test) can see it was idempotent.
 */
export const ensureFarmRecords = async (db: Queryable, farmId: number): Promise<string[]> => {
  const created: string[] = [];
  const settings = await db.query(
    'INSERT INTO farm_settings (farm_id) VALUES ($1) ON CONFLICT (farm_id) DO NOTHING RETURNING farm_id',
    [farmId],
  );
  if (settings.length > 0) created.push('settings');
  return created;
};
