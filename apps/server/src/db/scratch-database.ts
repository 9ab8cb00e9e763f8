import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminQuery = async (adminUrl: string, sql: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

/**
 * A fresh PostgreSQL database beside `adminUrl`'s, for one test file's or one benchmark's run alone, so runs
 * never collide; `drop` removes it, connections left open included.
 */
export const createScratchDatabase = async (
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> => {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};
