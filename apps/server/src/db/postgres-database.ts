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
      // The pool listens for errors only on idle connections. One the server ends while this transaction
      // holds it (a restart, pg_terminate_backend) would otherwise be an unhandled 'error' event that ends
      // the process; the transaction's next statement fails instead.
      let broken = false;
      const onError = (error: Error) => {
        broken = true;
        console.warn(`PostgreSQL connection lost during a transaction: ${error.message}`);
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // On a dead connection the rollback fails too; the error to report is the first one.
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection is closed rather than handed back to the pool.
        client.release(broken);
      }
    },
    async serverVersion() {
      const result = await pool.query<{ server_version: string }>('SHOW server_version');
      return `PostgreSQL ${result.rows[0]?.server_version ?? 'unknown'}`;
    },
    close: () => pool.end(),
  };
};
