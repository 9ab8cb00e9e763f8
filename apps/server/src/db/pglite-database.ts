import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock';

const wrap = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
    const result = await client.query<Row>(sql, params as unknown[]);
    return result.rows;
  },
  async execScript(sql: string) {
    await client.exec(sql);
  },
});

/**
 * PGlite in a data directory, or in memory when `dataDir` is undefined (tests). An in-memory one may start
 * from `template`, a dump of a fresh cluster (`dumpDataDir`), which skips initdb: most of its start-up time.
 */
export const openPgliteDatabase = async (dataDir: string | undefined, template?: Blob): Promise<Database> => {
  const lock: DirectoryLock | undefined = dataDir ? acquireDirectoryLock(dataDir) : undefined;
  let pglite: PGlite;
  try {
    pglite = dataDir
      ? await PGlite.create(dataDir)
      : await PGlite.create(template ? { loadDataDir: template } : {});
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    async serverVersion() {
      const rows = await pglite.query<{ server_version: string }>('SHOW server_version');
      return `PGlite (PostgreSQL ${rows.rows[0]?.server_version ?? 'unknown'})`;
    },
    async close() {
      await pglite.close();
      lock?.release();
    },
  };
};
