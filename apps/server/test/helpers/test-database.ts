import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database } from '../../src/db/database';
import { openPgliteDatabase } from '../../src/db/pglite-database';
import { openPostgresDatabase } from '../../src/db/postgres-database';
import { createScratchDatabase } from '../../src/db/scratch-database';

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a fresh PGlite cluster's dump (pglite-template.ts); empty on PostgreSQL. */
    pgliteTemplate: string;
  }
}

let template: Promise<Blob> | undefined;

/** The fresh PGlite cluster the global setup dumped (pglite-template.ts), read once per test file. */
const freshClusterTemplate = (): Promise<Blob> => {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
};

/**
 * Every test file gets a database of its own: PGlite in memory, or a fresh PostgreSQL database that is
 * dropped when the test closes it, so runs never collide.
 */
export const openTestDatabase = async (): Promise<Database> => {
  if (testDatabaseKind() === 'pglite') return openPgliteDatabase(undefined, await freshClusterTemplate());
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
