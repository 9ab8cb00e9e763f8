import pg from 'pg';
import type { Database, Queryable } from './database';

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
    const result = await client.query<Row>(sql, params as unknown[]);
    return result.rows;
  },
  async execScript(sql: string) {
    await client.query(sql);
  },
});

export const openPostgresDatabase = async (connectionString: string): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server ends (a restart, a dropped database) must not crash the process: the
  // pool replaces it, and the next query reports any lasting problem.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start, with the server's own message, rather than on the first request.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async serverVersion() {
      const result = await pool.query<{ server_version: string }>('SHOW server_version');
      return `PostgreSQL ${result.rows[0]?.server_version ?? 'unknown'}`;
    },
    close: () => pool.end(),
  };
};
