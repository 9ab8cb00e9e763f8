import type { Database } from '../apps/server/src/db/database';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database';
import { createScratchDatabase } from '../apps/server/src/db/scratch-database';

/**
 * Runs `use` on a fresh PostgreSQL database beside `adminUrl`'s, dropped afterwards whatever happens; `url`
 * reaches the same database from another process.
 */
export const withScratchPostgres = async <T>(
  adminUrl: string,
  use: (db: Database, url: string) => Promise<T>,
): Promise<T> => {
  const scratch = await createScratchDatabase(adminUrl, 'cowcare_bench');
  try {
    const db = await openPostgresDatabase(scratch.url);
    try {
      return await use(db, scratch.url);
    } finally {
      await db.close();
    }
  } finally {
    await scratch.drop();
  }
};
