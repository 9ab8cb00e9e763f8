import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { DEMO_FARM_NUMBER } from '../src/seed/demo-credentials';
import { runSeed } from '../src/seed/run-seed';
import {
  bossGrant,
  emptyHerdsTypesAndWallets,
  insertCowType,
  insertFarmCow,
  openTwoFarms,
  topUpWallet,
  typeIdsOfCows,
} from './cows-fixtures';
import { call, createFarmUser, type TestApp, type TestUser } from './helpers/test-app';
import { openTestDatabase } from './helpers/test-database';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let farmId: number;
let strangerFarmId: number;

const insertCows = async (inFarm: number, count: number, typeId: number | null = null) => {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await insertFarmCow(testApp, inFarm, { typeId }));
  return ids;
};

const ledgerOf = (inFarm: number) =>
  testApp.db.query<{ kind: string; amount: number; cowCount: number | null; typeName: string | null }>(
    `SELECT t.kind, e.amount_minor::float8 AS amount, t.cow_count AS "cowCount", t.cow_type_name AS "typeName"
       FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
      WHERE t.farm_id = $1 ORDER BY t.id`,
    [inFarm],
  );

const walletOf = async (user: TestUser) =>
  (await call(testApp, api.wallet.getWallet, { token: user.token, params: { userId: user.id } })).json<{
    data: { balance: number; entries: { kind: string; amount: number }[] };
  }>().data;

/** Each user's proof of their farm's boss password: spending the farm's money needs it. */
const grants = new Map<TestUser, string>();
const withGrant = (user: TestUser, grant = grants.get(user)): Record<string, string> =>
  grant ? { 'x-boss-grant': grant } : {};

const assign = (
  user: TestUser,
  checklist: number[],
  type: { id: number; name?: string; costnb?: number },
  grant = grants.get(user),
) =>
  call(testApp, api.cowTypes.assignCowsType, {
    token: user.token,
    headers: withGrant(user, grant),
    body: { checklist, type },
  });

const chargeUsage = (user: TestUser, body: unknown, userId = user.id, grant = grants.get(user)) =>
  call(testApp, api.wallet.chargeCowTypeUsage, {
    token: user.token,
    headers: withGrant(user, grant),
    params: { userId },
    body,
  });

beforeAll(async () => {
  ({ testApp, farmer, stranger, farmId, strangerFarmId } = await openTwoFarms());
  grants.set(farmer, await bossGrant(testApp, farmer, 'farmer boss'));
  grants.set(stranger, await bossGrant(testApp, stranger, 'stranger boss'));
});
afterAll(() => testApp.close());
beforeEach(() => emptyHerdsTypesAndWallets(testApp));

describe('wallet calls need a token and valid input', () => {
  const cases: [string, Pick<RouteDefinition, 'method' | 'path'>, unknown][] = [
    ['getwallet', api.wallet.getWallet, undefined],
    ['usernb', api.wallet.chargeCowTypeUsage, { cost: 5000, list: [1], type: { id: 1 } }],
  ];
  it.each(cases)('%s answers 401 without a token', async (_name, route, body) => {
    const response = await call(testApp, route, { params: { userId: 1 }, body });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a missing list', { cost: 5000, type: { id: 1 } }, 'list'],
    ['an empty list', { cost: 5000, list: [], type: { id: 1 } }, 'list'],
    ['a negative cost', { cost: -1, list: [1], type: { id: 1 } }, 'cost'],
    ['a missing type', { cost: 5000, list: [1] }, 'type'],
  ])('usernb refuses %s with 400 naming the field', async (_case, body, field) => {
    const response = await chargeUsage(farmer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });

  it('getwallet refuses a non-numeric user id with 400 naming it', async () => {
    const response = await call(testApp, api.wallet.getWallet, {
      token: farmer.token,
      params: { userId: 'me' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('userId');
  });
});

describe('assigning a type with a cost needs the boss password', () => {
  it('refuses cowstype and usernb without a grant with 403 E_BOSS_GRANT_REQUIRED, charging nothing', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 2);
    await topUpWallet(testApp, farmId, 20_000);
    for (const response of [
      await assign(farmer, cows, { id: heifers }, ''),
      await chargeUsage(farmer, { cost: 5000, list: cows, type: { id: heifers } }, farmer.id, ''),
      await assign(farmer, cows, { id: heifers }, 'not a grant'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        code: 'E_BOSS_GRANT_REQUIRED',
        msg: 'Assigning a cow type that costs money needs the boss password',
      });
    }
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null, null]);
    expect((await ledgerOf(farmId)).map((entry) => entry.kind)).toEqual(['topup']);
  });

  it("refuses another farm's grant", async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 1);
    await topUpWallet(testApp, farmId, 20_000);
    const response = await assign(farmer, cows, { id: heifers }, grants.get(stranger));
    expect(response.statusCode).toBe(403);
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null]);
  });

  it('needs no password for a free type, or when every cow is already in the type', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 2);
    const free = await assign(farmer, cows, { id: steers }, '');
    expect(free.json()).toMatchObject({ data: { moved: 2, charged: 0 } });
    const inHeifers = await insertCows(farmId, 1, heifers);
    const nothingToCharge = await assign(farmer, inHeifers, { id: heifers }, '');
    expect(nothingToCharge.json()).toMatchObject({ data: { changed: false, charged: 0 } });
  });
});

describe('assigning a type with a cost (cowstype)', () => {
  it('charges cost × cows in the same call: 3 cows × 5,000 = -15,000', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 20_000);

    const response = await assign(farmer, cows, { id: heifers, name: 'Heifers', costnb: 5000 });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        changed: true,
        typeid: heifers,
        typename: 'Heifers',
        costnb: 5000,
        moved: 3,
        alreadyInType: 0,
        charged: 15_000,
        balance: 5000,
        currency: 'KRW',
      },
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([heifers, heifers, heifers]);
    expect(await ledgerOf(farmId)).toEqual([
      { kind: 'topup', amount: 20_000, cowCount: null, typeName: null },
      { kind: 'charge', amount: -15_000, cowCount: 3, typeName: 'Heifers' },
    ]);
  });

  it("charges the type's own cost, whatever costnb the client sends", async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 2);
    await topUpWallet(testApp, farmId, 20_000);
    const response = await assign(farmer, cows, { id: heifers, name: 'Heifers', costnb: 1 });
    expect(response.json()).toMatchObject({ data: { costnb: 5000, charged: 10_000, balance: 10_000 } });
  });

  it('does not charge again for cows already in the type', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 50_000);
    await assign(farmer, cows, { id: heifers });
    const newcomer = await insertFarmCow(testApp, farmId);

    const again = await assign(farmer, [...cows, newcomer], { id: heifers });

    expect(again.json()).toMatchObject({
      data: { moved: 1, alreadyInType: 3, charged: 5000, balance: 30_000 },
    });
    const repeat = await assign(farmer, [...cows, newcomer], { id: heifers });
    expect(repeat.json()).toMatchObject({
      data: { changed: false, moved: 0, alreadyInType: 4, charged: 0, balance: 30_000 },
    });
    expect((await ledgerOf(farmId)).map((entry) => entry.amount)).toEqual([50_000, -15_000, -5000]);
  });

  it('charges cows coming from another type as newly entering', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 1500);
    const cows = await insertCows(farmId, 2, steers);
    await topUpWallet(testApp, farmId, 3000);
    const response = await assign(farmer, cows, { id: heifers });
    expect(response.json()).toMatchObject({ data: { moved: 2, charged: 3000, balance: 0 } });
  });

  it('charges nothing for a free type and writes no ledger entry', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const cows = await insertCows(farmId, 4);
    const response = await assign(farmer, cows, { id: steers, name: 'Steers', costnb: 0 });
    expect(response.json()).toMatchObject({ data: { changed: true, moved: 4, charged: 0, balance: 0 } });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([steers, steers, steers, steers]);
    expect(await ledgerOf(farmId)).toEqual([]);
  });

  it('refuses with 409 E_INSUFFICIENT_BALANCE naming the amount, and changes nothing', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3, steers);
    await topUpWallet(testApp, farmId, 14_999);

    const response = await assign(farmer, cows, { id: heifers });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_INSUFFICIENT_BALANCE',
      msg:
        'Not enough balance: this assignment costs 15,000 KRW and the wallet holds 14,999 KRW. ' +
        'Top up at least 1 KRW.',
      needed: 15_000,
      balance: 14_999,
      shortfall: 1,
      currency: 'KRW',
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([steers, steers, steers]);
    expect(await ledgerOf(farmId)).toEqual([
      { kind: 'topup', amount: 14_999, cowCount: null, typeName: null },
    ]);
  });

  it('lets the balance reach exactly zero', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 15_000);
    expect((await assign(farmer, cows, { id: heifers })).json()).toMatchObject({ data: { balance: 0 } });
  });

  it("refuses the whole call with 404 when one cow is another farm's, charging nothing", async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const own = await insertCows(farmId, 2);
    const foreign = await insertFarmCow(testApp, strangerFarmId);
    await topUpWallet(testApp, farmId, 50_000);

    const response = await assign(farmer, [...own, foreign], { id: heifers });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'E_NOT_FOUND' });
    expect(await typeIdsOfCows(testApp, [...own, foreign])).toEqual([null, null, null]);
    expect(await ledgerOf(farmId)).toHaveLength(1);
  });

  it('rolls the charge back when the cow update fails after it', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = [
      await insertFarmCow(testApp, farmId),
      await insertFarmCow(testApp, farmId, { code: 'C4040404' }),
    ];
    await topUpWallet(testApp, farmId, 50_000);
    // The charge is written before the cows move; a failure on the move must take the charge with it.
    await testApp.db.execScript(`
      CREATE FUNCTION refuse_test_cow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.code = 'C4040404' THEN RAISE EXCEPTION 'simulated failure'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_test_cow BEFORE UPDATE ON cows FOR EACH ROW EXECUTE FUNCTION refuse_test_cow();
    `);
    try {
      const response = await assign(farmer, cows, { id: heifers });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, code: 'E_INTERNAL', msg: expect.any(String) });
    } finally {
      await testApp.db.execScript('DROP TRIGGER refuse_test_cow ON cows; DROP FUNCTION refuse_test_cow();');
    }
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null, null]);
    expect(await ledgerOf(farmId)).toEqual([
      { kind: 'topup', amount: 50_000, cowCount: null, typeName: null },
    ]);
  });

  it('lets only one of two simultaneous assignments spend the same balance', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const first = await insertCows(farmId, 2);
    const second = await insertCows(farmId, 2);
    await topUpWallet(testApp, farmId, 10_000);
    // A slow ledger write keeps the first transaction open while the second one checks the balance.
    await testApp.db.execScript(`
      CREATE FUNCTION slow_wallet_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$;
      CREATE TRIGGER slow_wallet_write BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION slow_wallet_write();
    `);
    let answers;
    try {
      answers = await Promise.all([
        assign(farmer, first, { id: heifers }),
        assign(farmer, second, { id: heifers }),
      ]);
    } finally {
      await testApp.db.execScript(
        'DROP TRIGGER slow_wallet_write ON ledger_entries; DROP FUNCTION slow_wallet_write();',
      );
    }

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await walletOf(farmer)).balance).toBe(0);
    expect((await ledgerOf(farmId)).filter((entry) => entry.kind === 'charge')).toHaveLength(1);
  });

  it("answers 404 for another farm's type, with no data, charging nothing", async () => {
    const secret = await insertCowType(testApp, farmId, 'Secret type', 5000);
    const cows = await insertCows(strangerFarmId, 1);
    await topUpWallet(testApp, strangerFarmId, 50_000);
    const response = await assign(stranger, cows, { id: secret });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Secret type');
    expect(await ledgerOf(strangerFarmId)).toHaveLength(1);
  });
});

describe('the usage-charge call (usernb)', () => {
  it('assigns and charges in one transaction, answering the balance and the user', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 20_000);

    const response = await chargeUsage(farmer, { cost: 5000, list: cows, type: { id: heifers } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        changed: true,
        nothingToCharge: false,
        moved: 3,
        charged: 15_000,
        balance: 5000,
        currency: 'KRW',
        user: { id: farmer.id, username: farmer.username, FarmNumber: farmer.farmNumber },
      },
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([heifers, heifers, heifers]);
  });

  it('after cowstype, finds nothing left to charge: the farm is charged exactly once', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 20_000);
    await assign(farmer, cows, { id: heifers, name: 'Heifers', costnb: 5000 });

    const response = await chargeUsage(farmer, { cost: 5000, list: cows, type: { id: heifers } });

    expect(response.json()).toMatchObject({
      data: { changed: false, nothingToCharge: true, moved: 0, alreadyInType: 3, charged: 0, balance: 5000 },
    });
    expect((await ledgerOf(farmId)).filter((entry) => entry.kind === 'charge')).toEqual([
      { kind: 'charge', amount: -15_000, cowCount: 3, typeName: 'Heifers' },
    ]);
  });

  it('changes nothing for a free type and says so', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const cows = await insertCows(farmId, 2);
    const response = await chargeUsage(farmer, { cost: 0, list: cows, type: { id: steers } });
    expect(response.json()).toMatchObject({
      data: { changed: false, nothingToCharge: true, moved: 0, charged: 0, balance: 0 },
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null, null]);
  });

  it('refuses an insufficient balance with 409 and changes nothing', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 10_000);
    const response = await chargeUsage(farmer, { cost: 5000, list: cows, type: { id: heifers } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'E_INSUFFICIENT_BALANCE',
      needed: 15_000,
      shortfall: 5000,
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null, null, null]);
    expect(await ledgerOf(farmId)).toHaveLength(1);
  });

  it("refuses another user's id with 403 and charges nothing", async () => {
    const heifers = await insertCowType(testApp, strangerFarmId, 'Heifers', 5000);
    const cows = await insertCows(strangerFarmId, 1);
    await topUpWallet(testApp, strangerFarmId, 50_000);
    const response = await chargeUsage(
      stranger,
      { cost: 5000, list: cows, type: { id: heifers } },
      farmer.id,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'E_FORBIDDEN', msg: expect.any(String) });
    expect(response.body).not.toContain(farmer.username);
    expect(await ledgerOf(strangerFarmId)).toHaveLength(1);
  });

  it("answers 404 for another farm's cows, charging nothing", async () => {
    const heifers = await insertCowType(testApp, strangerFarmId, 'Heifers', 5000);
    const farmersCows = await insertCows(farmId, 2);
    await topUpWallet(testApp, strangerFarmId, 50_000);
    const response = await chargeUsage(stranger, { cost: 5000, list: farmersCows, type: { id: heifers } });
    expect(response.statusCode).toBe(404);
    expect(await typeIdsOfCows(testApp, farmersCows)).toEqual([null, null]);
    expect(await ledgerOf(strangerFarmId)).toHaveLength(1);
  });
});

describe('reading the wallet (getwallet)', () => {
  it('answers the balance and every entry, newest first, in the farm currency', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const cows = await insertCows(farmId, 3);
    await topUpWallet(testApp, farmId, 20_000, 'First top-up');
    await assign(farmer, cows, { id: heifers });
    await topUpWallet(testApp, strangerFarmId, 99_999, 'Stranger top-up');

    const response = await call(testApp, api.wallet.getWallet, {
      token: farmer.token,
      params: { userId: farmer.id },
    });

    expect(response.json()).toEqual({
      success: true,
      data: {
        balance: 5000,
        currency: 'KRW',
        currencyDigits: 0,
        entries: [
          {
            id: expect.any(Number),
            kind: 'charge',
            amount: -15_000,
            description: 'Cow type Heifers: 3 × 5,000 KRW',
            cowCount: 3,
            typeName: 'Heifers',
            orderId: null,
            createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          },
          {
            id: expect.any(Number),
            kind: 'topup',
            amount: 20_000,
            description: 'First top-up',
            cowCount: null,
            typeName: null,
            orderId: null,
            createdAt: expect.any(String),
          },
        ],
        topUp: { minimum: 1_000, maximum: 10_000_000, presets: [10_000, 50_000, 100_000, 500_000] },
      },
    });
  });

  it('answers an empty wallet for a new farm', async () => {
    expect(await walletOf(farmer)).toMatchObject({
      balance: 0,
      currency: 'KRW',
      currencyDigits: 0,
      entries: [],
    });
  });

  it("refuses another user's wallet with 403 and no data", async () => {
    await topUpWallet(testApp, farmId, 12_345, 'Private top-up');
    const response = await call(testApp, api.wallet.getWallet, {
      token: stranger.token,
      params: { userId: farmer.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'E_FORBIDDEN', msg: expect.any(String) });
    expect(response.body).not.toContain('12345');
    expect(response.body).not.toContain('Private top-up');
  });

  it('uses the currency of the farm country', async () => {
    const chinese = await createFarmUser(testApp, { country: 'CN' });
    expect(await walletOf(chinese)).toMatchObject({ currency: 'CNY', currencyDigits: 2 });
  });
});

describe('demo wallet seed', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it(`tops the ${DEMO_FARM_NUMBER} wallet up once with 500,000 KRW, however often the seed runs`, async () => {
    await runSeed(db, { demo: true });
    await runSeed(db, { demo: true });
    const entries = await db.query<{ kind: string; amount: number; farmNumber: string }>(
      `SELECT t.kind, e.amount_minor::float8 AS amount, f.farm_number AS "farmNumber"
         FROM ledger_transactions t JOIN farms f ON f.id = t.farm_id
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'`,
    );
    expect(entries).toEqual([{ kind: 'topup', amount: 500_000, farmNumber: DEMO_FARM_NUMBER }]);
  }, 120_000);

  it('writes no wallet entry when demo is off', async () => {
    const fresh = await openTestDatabase();
    try {
      await migrate(fresh);
      await runSeed(fresh, { demo: false });
      expect(await fresh.query('SELECT 1 FROM ledger_transactions')).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
