import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { acquireDirectoryLock } from '../src/db/directory-lock';
import { migrate, readMigrations } from '../src/db/migrate';
import { openTestDatabase, testDatabaseKind } from './helpers/test-database';

const scratchDirs: string[] = [];
const scratchDir = () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'cowcare-test-'));
  scratchDirs.push(directory);
  return directory;
};
afterAll(() => scratchDirs.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: scratchDir() });
    expect(config).toMatchObject({
      port: 4499,
      databaseUrl: undefined,
      demo: true,
      simulator: true,
      mqttPort: 1883,
    });
  });

  it('lists every problem at once', () => {
    let problems: string[] = [];
    try {
      loadConfig({
        DATA_DIR: scratchDir(),
        PORT: 'eighty',
        DEMO: 'maybe',
        DATABASE_URL: 'mysql://x',
        TOKEN_SECRET: 'short',
      });
    } catch (error) {
      problems = error instanceof ConfigError ? error.problems : [];
    }
    expect(problems).toHaveLength(4);
    for (const name of ['PORT', 'DEMO', 'DATABASE_URL', 'TOKEN_SECRET']) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
  });

  it('takes the reverse proxies to trust as addresses, CIDR ranges or range names', () => {
    const config = loadConfig({
      DATA_DIR: scratchDir(),
      TRUST_PROXY: ' loopback, 10.0.0.0/8,192.0.2.7 , fd00::/8,',
    });
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    expect(loadConfig({ DATA_DIR: scratchDir() }).trustProxy).toEqual([]);
    for (const wrong of [
      'true',
      '*',
      '10.0.0.0/33',
      '10.0.0/8',
      'fd00::/129',
      '10.0.0.1/8/8',
      'proxy.local',
    ]) {
      expect(() => loadConfig({ DATA_DIR: scratchDir(), TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('generates a token secret once and keeps it in DATA_DIR', () => {
    const dataDir = scratchDir();
    const first = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).tokenSecret).toBe(first);
  });
});

describe('database directory lock', () => {
  it('refuses a second owner while the first is alive and lets go on release', () => {
    const directory = scratchDir();
    const lock = acquireDirectoryLock(directory);
    writeFileSync(path.join(directory, 'cowcare.lock'), String(process.ppid));
    expect(() => acquireDirectoryLock(directory)).toThrow(/in use by process/);
    lock.release();
    acquireDirectoryLock(directory).release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const directory = scratchDir();
    writeFileSync(path.join(directory, 'cowcare.lock'), '999999999');
    expect(() => acquireDirectoryLock(directory).release()).not.toThrow();
  });
});

describe('migrations', () => {
  it('apply once and are recorded; a second run applies nothing', async () => {
    const db = await openTestDatabase();
    try {
      const versions = readMigrations().map((migration) => migration.version);
      expect(await migrate(db)).toEqual(versions);
      expect(await migrate(db)).toEqual([]);
      const recorded = await db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(recorded.map((row) => row.version)).toEqual(versions);
    } finally {
      await db.close();
    }
  });

  it('roll a failing migration back whole', async () => {
    const db = await openTestDatabase();
    try {
      const broken = [
        { version: '9999_broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' },
      ];
      await expect(migrate(db, broken)).rejects.toThrow();
      const tables = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(tables).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('a PostgreSQL connection ended by the server', () => {
  // A restart or pg_terminate_backend ends every connection; one held by a transaction between two of its
  // statements must fail that transaction, not the process.
  it.runIf(testDatabaseKind() === 'postgres')(
    'fails the transaction that held it, and the next one runs on a fresh connection',
    async () => {
      const db = await openTestDatabase();
      try {
        await db.execScript('CREATE TABLE kept (id int)');
        const transaction = db.transaction(async (tx) => {
          await tx.query('INSERT INTO kept VALUES (1)');
          const [own] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await db.query('SELECT pg_terminate_backend($1)', [own?.pid]);
          // The end arrives while the transaction is between statements.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.query('INSERT INTO kept VALUES (2)');
        });
        await expect(transaction).rejects.toThrow();
        await db.transaction((tx) => tx.query('INSERT INTO kept VALUES (3)'));
        expect(await db.query('SELECT id FROM kept')).toEqual([{ id: 3 }]);
      } finally {
        await db.close();
      }
    },
  );
});
