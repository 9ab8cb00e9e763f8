import type { Database } from '../../src/db/database';
import { openPgliteDatabase } from '../../src/db/pglite-database';
import { openPostgresDatabase } from '../../src/db/postgres-database';
import { createScratchDatabase } from '../../src/db/scratch-database';

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/**
 * Every test file gets a database of its own: PGlite in memory, or a fresh PostgreSQL database that is
 * dropped when the test closes it, so runs never collide.
 */
export const openTestDatabase = async (): Promise<Database> => {
  if (testDatabaseKind() === 'pglite') return openPgliteDatabase(undefined);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'cowcare_test');
  const database = await openPostgresDatabase(scratch.url);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
};
