// getCowsData kept ready per farm (issue 39): whatever writes a cow, by whichever path, the next call shows
// it exactly as reading the farm whole would; the ETag answers 304 while nothing changed; gzip from pieces
// compressed apart is a valid gzip of the same bytes; and a farm never sees another's list.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { CowListCache } from '../src/modules/cows/cow-list-cache';
import { presentCow } from '../src/modules/cows/cow-presenter';
import { listCowsOfFarm } from '../src/modules/cows/cows-repository';
import { insertCowType, insertFarmCow, openTwoFarms, type TwoFarms } from './cows-fixtures';
import { apiPath } from '@cowcare/contract/route';
import type { TestUser } from './helpers/test-app';

let farms: TwoFarms;
beforeAll(async () => {
  farms = await openTwoFarms();
}, 30_000);
afterAll(() => farms.testApp.close());

const listUrl = (user: TestUser) =>
  apiPath({
    path: api.cows.getCowsData.path.replace(':country', user.country).replace(':FarmNumber', user.farmNumber),
  });

const getList = (user: TestUser, headers: Record<string, string> = {}) =>
  farms.testApp.app.inject({
    method: 'GET',
    url: listUrl(user),
    headers: { authorization: `Bearer ${user.token}`, ...headers },
  });

const cowsOf = (response: { statusCode: number; body: string; json: <T>() => T }): Cow[] => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: true; data: Cow[] }>().data;
};

/** What the list must say: the farm read whole from the database, as before the list was kept ready. */
const readWhole = async (farmId: number): Promise<Cow[]> => {
  const today = new Date();
  return (await listCowsOfFarm(farms.testApp.db, farmId)).map((cow) => presentCow(cow, today));
};

describe('the kept list follows every write', () => {
  it('shows added cows in number order, readings, renamed and removed types, code changes and deletions', async () => {
    const { testApp, farmer, farmId } = farms;
    const typeId = await insertCowType(testApp, farmId, 'Dry cows');
    const first = await insertFarmCow(testApp, farmId, { code: 'C20', typeId });
    await insertFarmCow(testApp, farmId, { code: 'C100' });
    expect(cowsOf(await getList(farmer))).toEqual(await readWhole(farmId));

    const writes: [string, () => Promise<unknown>][] = [
      ['a cow between the others', () => insertFarmCow(testApp, farmId, { code: 'C3' })],
      [
        'a reading, written straight to the row',
        () =>
          testApp.db.query(
            `UPDATE cows SET current_temperature = 39.9, average_temperature = 38.6, last_reading_at = now()
              WHERE id = $1`,
            [first],
          ),
      ],
      [
        'a renamed type',
        () => testApp.db.query(`UPDATE cow_types SET name = 'Close-up' WHERE id = $1`, [typeId]),
      ],
      ['a removed type', () => testApp.db.query('DELETE FROM cow_types WHERE id = $1', [typeId])],
      [
        'a code that moves her last',
        () => testApp.db.query(`UPDATE cows SET code = 'C900' WHERE id = $1`, [first]),
      ],
      ['a deleted cow', () => testApp.db.query('DELETE FROM cows WHERE id = $1', [first])],
    ];
    for (const [what, write] of writes) {
      await write();
      expect(cowsOf(await getList(farmer)), what).toEqual(await readWhole(farmId));
    }
    expect(cowsOf(await getList(farmer)).map((cow) => cow.code)).toEqual(['C3', 'C100']);
  });

  it('is read whole again on a new day, as each age in months may have grown', async () => {
    const { testApp, farmId } = farms;
    const cache = new CowListCache(testApp.db);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const born = new Date(tomorrow);
    born.setUTCFullYear(born.getUTCFullYear() - 1);
    const cowId = await insertFarmCow(testApp, farmId, { code: 'C4242' });
    await testApp.db.query('UPDATE cows SET birthday = $2::date WHERE id = $1', [
      cowId,
      born.toISOString().slice(0, 10),
    ]);
    const ageOn = async (day: Date) => {
      const body = JSON.parse((await cache.read(farmId, day)).raw().toString()) as { data: Cow[] };
      return body.data.find((cow) => cow.id === cowId)?.mage;
    };
    expect(await ageOn(new Date())).toBe(11);
    expect(await ageOn(tomorrow)).toBe(12);
  });

  it('sees a write made on another server instance (another cache on the same database)', async () => {
    const { testApp, farmId } = farms;
    const elsewhere = new CowListCache(testApp.db);
    const here = new CowListCache(testApp.db);
    await here.read(farmId);
    await elsewhere.read(farmId);
    const cowId = await insertFarmCow(testApp, farmId, { code: 'C77' });
    const shown = JSON.parse((await here.read(farmId)).raw().toString()) as { data: Cow[] };
    expect(shown.data.map((cow) => cow.id)).toContain(cowId);
  });
});

describe('between calls', () => {
  it('catches the kept list up in the background, so a call after a long quiet finds little to read', async () => {
    const { testApp, farmId } = farms;
    const cache = new CowListCache(testApp.db, 100);
    await cache.read(farmId);
    const cowId = await insertFarmCow(testApp, farmId, { code: 'C8200' });
    const keptIds = () =>
      (JSON.parse(cache.kept(farmId)?.raw().toString() ?? '{"data":[]}') as { data: Cow[] }).data.map(
        (cow) => cow.id,
      );
    expect(keptIds()).not.toContain(cowId);
    cache.start();
    try {
      await expect.poll(keptIds, { timeout: 5000 }).toContain(cowId);
    } finally {
      cache.stop();
    }
  });
});

describe('a write stamped long before it committed (beyond the slack of each look)', () => {
  it('is caught by the re-read of the whole farm that runs every ten minutes', async () => {
    const { testApp, farmId } = farms;
    const cache = new CowListCache(testApp.db);
    const cowId = await insertFarmCow(testApp, farmId, { code: 'C8100' });
    const parityOf = async (at: Date) => {
      const body = JSON.parse((await cache.read(farmId, at)).raw().toString()) as { data: Cow[] };
      return body.data.find((cow) => cow.id === cowId)?.parity;
    };
    expect(await parityOf(new Date())).toBe(0);
    // as a transaction open for an hour would leave it: the new row with an old stamp
    await testApp.db.query('ALTER TABLE cows DISABLE TRIGGER cows_list_change');
    await testApp.db.query(
      `UPDATE cows SET parity = 4, list_changed_at = now() - interval '1 hour' WHERE id = $1`,
      [cowId],
    );
    await testApp.db.query('ALTER TABLE cows ENABLE TRIGGER cows_list_change');
    expect(await parityOf(new Date())).toBe(0);
    const later = new Date(Date.now() + 11 * 60_000);
    await expect.poll(() => parityOf(later), { timeout: 10_000 }).toBe(4);
  });
});

describe('the ETag', () => {
  it('answers 304 with no body while no cow changed, and the new list once one did', async () => {
    const { testApp, farmer, farmId } = farms;
    const first = await getList(farmer);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"cows-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await getList(farmer, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await getList(farmer, { 'if-none-match': etag.replace(/^W\//, '') })).statusCode).toBe(304);

    await insertFarmCow(testApp, farmId, { code: 'C5000' });
    const changed = await getList(farmer, { 'if-none-match': etag });
    expect(changed.headers.etag).not.toBe(etag);
    expect(cowsOf(changed).map((cow) => cow.code)).toContain('C5000');
  });

  it("is never honoured across farms: the stranger's tag gets the farm's own list", async () => {
    const { farmer, stranger, strangerFarmId, testApp } = farms;
    await insertFarmCow(testApp, strangerFarmId, { code: 'C1' });
    const theirs = await getList(stranger);
    const mine = await getList(farmer, { 'if-none-match': theirs.headers.etag as string });
    expect(mine.statusCode).toBe(200);
    const strangerIds = new Set(cowsOf(theirs).map((cow) => cow.id));
    expect(cowsOf(mine).some((cow) => strangerIds.has(cow.id))).toBe(false);
    expect(cowsOf(mine)).toEqual(await readWhole(farms.farmId));
  });
});

describe('gzip laid together from pieces', () => {
  it('unzips to exactly the plain answer, for a herd of several pieces, after one cow changed', async () => {
    const { testApp, farmer, farmId } = farms;
    const values = Array.from({ length: 600 }, (_, index) => `($1, 'C${10_000 + index}', '발정탐지')`).join(
      ',',
    );
    await testApp.db.query(`INSERT INTO cows (farm_id, code, status) VALUES ${values}`, [farmId]);
    const check = async () => {
      const zipped = await getList(farmer, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      const plain = await getList(farmer);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      return plain;
    };
    await check();
    await testApp.db.query(`UPDATE cows SET parity = 3 WHERE farm_id = $1 AND code = 'C10300'`, [farmId]);
    const after = cowsOf(await check());
    expect(after.find((cow) => cow.code === 'C10300')?.parity).toBe(3);
  });
});

describe('brotli', () => {
  it('is made in the background once asked for, then answered while the list is unchanged', async () => {
    const { farmer, farmId, testApp } = farms;
    await insertFarmCow(testApp, farmId, { code: 'C7100' }); // a version nobody asked brotli of yet
    const plain = await getList(farmer);
    const asBrotli = () => getList(farmer, { 'accept-encoding': 'gzip, br' });
    expect((await asBrotli()).headers['content-encoding']).toBe('gzip'); // not made yet: gzip at once
    await expect
      .poll(async () => (await asBrotli()).headers['content-encoding'], { timeout: 5000 })
      .toBe('br');
    const zipped = await asBrotli();
    expect(brotliDecompressSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('a write still open while the list is read (PostgreSQL: several connections)', () => {
  it('shows it once it commits, though it was stamped before the look', async (context) => {
    const { testApp, farmer, farmId } = farms;
    // PGlite has one connection: no other statement runs while a transaction is open, so this cannot happen
    if (testApp.db.kind !== 'postgres') return context.skip();
    const cowId = await insertFarmCow(testApp, farmId, { code: 'C6000' });
    await getList(farmer);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = testApp.db.transaction(async (tx) => {
      await tx.query('UPDATE cows SET parity = 7 WHERE id = $1', [cowId]);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cowsOf(await getList(farmer)).find((cow) => cow.id === cowId)?.parity).toBe(0);
    release();
    await writing;
    expect(cowsOf(await getList(farmer)).find((cow) => cow.id === cowId)?.parity).toBe(7);
  });
});
