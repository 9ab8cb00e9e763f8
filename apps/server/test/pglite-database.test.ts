// The embedded database runs PGlite on a worker thread; these are the promises the server relies on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { openPgliteDatabase } from '../src/db/pglite-database';

describe('PGlite on its worker thread', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await db.execScript(`
      CREATE TABLE item (id int PRIMARY KEY, at timestamptz, amount numeric(6, 2), detail jsonb);
      CREATE TABLE counter (n int NOT NULL);
      INSERT INTO counter VALUES (0);`);
  });
  afterAll(() => db.close());

  it('returns rows with their types: dates, numeric text, JSON', async () => {
    const at = new Date('2026-11-25T05:00:00.000Z');
    await db.query('INSERT INTO item VALUES ($1, $2, $3, $4)', [1, at, 12.5, { cow: 'C1042' }]);
    expect(await db.query('SELECT * FROM item WHERE id = 1')).toEqual([
      { id: 1, at, amount: '12.50', detail: { cow: 'C1042' } },
    ]);
  });

  it("carries PostgreSQL's error code and constraint, which the conflict answers read", async () => {
    await expect(db.query('INSERT INTO item (id) VALUES (1)')).rejects.toMatchObject({
      code: '23505',
      constraint: 'item_pkey',
      message: expect.stringContaining('duplicate key'),
    });
  });

  it('commits a transaction whose work resolves, and answers with its result', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id) VALUES (2)');
      return (await tx.query<{ id: number }>('SELECT id FROM item WHERE id = 2'))[0]?.id;
    });
    expect(result).toBe(2);
    expect(await db.query('SELECT id FROM item WHERE id = 2')).toHaveLength(1);
  });

  it('leaves nothing of a transaction whose work throws, and rethrows its error', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO item (id) VALUES (3)');
        throw new Error('the second write failed');
      }),
    ).rejects.toThrow('the second write failed');
    expect(await db.query('SELECT id FROM item WHERE id = 3')).toEqual([]);
  });

  it('runs one transaction at a time: concurrent read-modify-writes lose no update', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ n: number }>('SELECT n FROM counter');
          // Lets the other transactions' requests reach the worker while this one is open.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.query('UPDATE counter SET n = $1', [(row?.n ?? 0) + 1]);
        }),
      ),
    );
    expect(await db.query('SELECT n FROM counter')).toEqual([{ n: 20 }]);
  });

  it("keeps this thread's event loop turning while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    // Two million rows aggregated: long enough for many timer turns had PGlite held this thread.
    await db.query('SELECT sum(g) FROM generate_series(1, 2000000) AS g');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(elapsed).toBeGreaterThan(200);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });
});

describe('PGlite in a data directory', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'cowcare-pglite-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps what was committed across a close and a reopen', async () => {
    const first = await openPgliteDatabase(directory);
    await first.execScript('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$fever C0317$$);');
    await first.close();
    const second = await openPgliteDatabase(directory);
    expect(await second.query('SELECT note FROM kept')).toEqual([{ note: 'fever C0317' }]);
    await second.close();
  });

  it('refuses statements after close with a clear error', async () => {
    const database = await openPgliteDatabase(directory);
    await database.close();
    await expect(database.query('SELECT 1')).rejects.toThrow(/PGlite worker stopped/);
  });
});
