import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import {
  bossGrant,
  emptyHerdsTypesAndWallets,
  insertCowType,
  insertFarmCow,
  openTwoFarms,
  topUpWallet,
  typeIdsOfCows,
} from './cows-fixtures';
import { call, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let farmId: number;
let strangerFarmId: number;
/** The farmer's proof of the boss password: spending the farm's money needs it. */
let grant: string;

const walletEntryCount = async (inFarm: number): Promise<number> =>
  (await testApp.db.query('SELECT 1 FROM ledger_transactions WHERE farm_id = $1', [inFarm])).length;

const listTypes = async (user: TestUser) =>
  (
    await call(testApp, api.cowTypes.listCowTypes, {
      token: user.token,
      params: { FarmNumber: user.farmNumber },
    })
  ).json<{
    data: {
      types: { id: number; name: string; costnb: number; count: number }[];
      uncategorized: { count: number };
    };
  }>().data;

beforeAll(async () => {
  ({ testApp, farmer, stranger, farmId, strangerFarmId } = await openTwoFarms());
  grant = await bossGrant(testApp, farmer);
});
afterAll(() => testApp.close());
beforeEach(() => emptyHerdsTypesAndWallets(testApp));

describe('cow-type calls need a token', () => {
  const cases: [
    string,
    Pick<RouteDefinition, 'method' | 'path'>,
    Record<string, string | number>,
    unknown,
  ][] = [
    ['getusercowtype', api.cowTypes.listCowTypes, { FarmNumber: 'F-1' }, undefined],
    ['addusercowtype', api.cowTypes.addCowType, { FarmNumber: 'F-1' }, { name: 'Heifers', costnb: 0 }],
    ['putusercowtype', api.cowTypes.updateCowType, { id: 1 }, { name: 'Heifers' }],
    ['delusercowtype', api.cowTypes.deleteCowType, { id: 1 }, undefined],
    ['cowmovetotype', api.cowTypes.moveCowsToType, { type: 1 }, { list: [1] }],
    ['cowstype', api.cowTypes.assignCowsType, {}, { checklist: [1], type: { id: 1 } }],
  ];
  it.each(cases)('%s answers 401 without a token', async (_name, route, params, body) => {
    const response = await call(testApp, route, { params, body });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'E_UNAUTHORIZED' });
  });
});

describe('listing', () => {
  it('lists types with their cost and count of herd cows, and the uncategorized count', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 5000);
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    await insertFarmCow(testApp, farmId, { typeId: heifers });
    await insertFarmCow(testApp, farmId, { typeId: heifers });
    await insertFarmCow(testApp, farmId, { typeId: heifers, culled: true });
    await insertFarmCow(testApp, farmId);
    await insertFarmCow(testApp, farmId, { culled: true });
    await insertCowType(testApp, strangerFarmId, 'Stranger type', 100);
    await insertFarmCow(testApp, strangerFarmId);

    const response = await call(testApp, api.cowTypes.listCowTypes, {
      token: farmer.token,
      params: { FarmNumber: farmer.farmNumber },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        types: [
          { id: heifers, name: 'Heifers', costnb: 5000, count: 2 },
          { id: steers, name: 'Steers', costnb: 0, count: 0 },
        ],
        uncategorized: { count: 1 },
      },
    });
  });

  it("refuses another farm's number with 403 and no data", async () => {
    await insertCowType(testApp, farmId, 'Secret type', 777);
    const response = await call(testApp, api.cowTypes.listCowTypes, {
      token: stranger.token,
      params: { FarmNumber: farmer.farmNumber },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'E_FORBIDDEN', msg: expect.any(String) });
    expect(response.body).not.toContain('Secret type');
  });

  it('refuses a malformed farm number with 400 naming it', async () => {
    const response = await call(testApp, api.cowTypes.listCowTypes, {
      token: farmer.token,
      params: { FarmNumber: 'F 1;drop' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('FarmNumber');
  });
});

describe('adding a type', () => {
  const add = (user: TestUser, body: unknown, farmNumber = user.farmNumber) =>
    call(testApp, api.cowTypes.addCowType, { token: user.token, params: { FarmNumber: farmNumber }, body });

  it('adds a type and answers it with no cows', async () => {
    const response = await add(farmer, { name: 'Breeding cows', costnb: 12000 });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { id: number } }>();
    expect(data).toEqual({ id: expect.any(Number), name: 'Breeding cows', costnb: 12000, count: 0 });
    expect((await listTypes(farmer)).types).toEqual([data]);
  });

  it.each([
    ['an empty name', { name: '', costnb: 0 }, 'name'],
    ['a name of 41 characters', { name: 'x'.repeat(41), costnb: 0 }, 'name'],
    ['a name with surrounding spaces', { name: ' Heifers ', costnb: 0 }, 'name'],
    ['a missing name', { costnb: 0 }, 'name'],
    ['a negative cost', { name: 'Heifers', costnb: -1 }, 'costnb'],
    ['a fractional cost', { name: 'Heifers', costnb: 1.5 }, 'costnb'],
    ['a cost as text', { name: 'Heifers', costnb: '100' }, 'costnb'],
    ['a cost above the cap', { name: 'Heifers', costnb: 100_000_001 }, 'costnb'],
    ['a missing cost', { name: 'Heifers' }, 'costnb'],
  ])('refuses %s with 400 naming the field, and adds nothing', async (_case, body, field) => {
    const response = await add(farmer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    expect(response.json<{ msg: string }>().msg).toContain(field);
    expect((await listTypes(farmer)).types).toEqual([]);
  });

  it('accepts a name of exactly 40 characters and a cost of 0', async () => {
    const response = await add(farmer, { name: 'y'.repeat(40), costnb: 0 });
    expect(response.json()).toMatchObject({ data: { name: 'y'.repeat(40), costnb: 0 } });
  });

  it('refuses a name the farm already has, whatever its case, with 409', async () => {
    await insertCowType(testApp, farmId, 'Heifers', 100);
    const response = await add(farmer, { name: 'HEIFERS', costnb: 200 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'E_COW_TYPE_NAME_TAKEN' });
    expect((await listTypes(farmer)).types).toEqual([
      expect.objectContaining({ name: 'Heifers', costnb: 100 }),
    ]);
  });

  it("lets another farm use the same name, and refuses a stranger on this farm's number", async () => {
    await insertCowType(testApp, farmId, 'Heifers', 100);
    expect((await add(stranger, { name: 'Heifers', costnb: 1 })).statusCode).toBe(200);
    const forbidden = await add(stranger, { name: 'Planted', costnb: 1 }, farmer.farmNumber);
    expect(forbidden.statusCode).toBe(403);
    expect((await listTypes(farmer)).types.map((type) => type.name)).toEqual(['Heifers']);
  });
});

describe('changing a type', () => {
  const put = (user: TestUser, id: number | string, body: unknown) =>
    call(testApp, api.cowTypes.updateCowType, { token: user.token, params: { id }, body });

  it('renames a type and changes its cost, answering its current cow count', async () => {
    const type = await insertCowType(testApp, farmId, 'Heifers', 100);
    await insertFarmCow(testApp, farmId, { typeId: type });
    const renamed = await put(farmer, type, { name: 'Young heifers' });
    expect(renamed.json()).toEqual({
      success: true,
      data: { id: type, name: 'Young heifers', costnb: 100, count: 1 },
    });
    const repriced = await put(farmer, type, { costnb: 2500 });
    expect(repriced.json()).toEqual({
      success: true,
      data: { id: type, name: 'Young heifers', costnb: 2500, count: 1 },
    });
  });

  it('does not charge the cows already in a type when its cost changes', async () => {
    const type = await insertCowType(testApp, farmId, 'Heifers', 0);
    await insertFarmCow(testApp, farmId, { typeId: type });
    await put(farmer, type, { costnb: 9000 });
    expect(await walletEntryCount(farmId)).toBe(0);
  });

  it("lets a type change the case of its own name but not take another type's name", async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 100);
    await insertCowType(testApp, farmId, 'Steers', 100);
    expect((await put(farmer, heifers, { name: 'HEIFERS' })).json()).toMatchObject({
      data: { name: 'HEIFERS' },
    });
    const taken = await put(farmer, heifers, { name: 'steers' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'E_COW_TYPE_NAME_TAKEN' });
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['a negative cost', { costnb: -5 }, 'costnb'],
    ['an empty name', { name: '' }, 'name'],
  ])('refuses %s with 400 naming it, and changes nothing', async (_case, body, field) => {
    const type = await insertCowType(testApp, farmId, 'Heifers', 100);
    const response = await put(farmer, type, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
    expect((await listTypes(farmer)).types).toEqual([{ id: type, name: 'Heifers', costnb: 100, count: 0 }]);
  });

  it('refuses a non-numeric id with 400 naming it', async () => {
    const response = await put(farmer, 'abc', { name: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('id');
  });

  it("answers 404 with no data for another farm's type, and leaves it alone", async () => {
    const type = await insertCowType(testApp, farmId, 'Secret type', 100);
    const response = await put(stranger, type, { name: 'Hijacked', costnb: 0 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
    expect(response.body).not.toContain('Secret type');
    expect((await listTypes(farmer)).types).toEqual([
      { id: type, name: 'Secret type', costnb: 100, count: 0 },
    ]);
  });
});

describe('deleting a type', () => {
  const del = (user: TestUser, id: number | string) =>
    call(testApp, api.cowTypes.deleteCowType, { token: user.token, params: { id } });

  it('moves its cows to the uncategorized bucket and deletes it', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 100);
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const inType = [
      await insertFarmCow(testApp, farmId, { typeId: heifers }),
      await insertFarmCow(testApp, farmId, { typeId: heifers }),
    ];
    const culledInType = await insertFarmCow(testApp, farmId, { typeId: heifers, culled: true });
    const other = await insertFarmCow(testApp, farmId, { typeId: steers });
    await insertFarmCow(testApp, farmId);

    const response = await del(farmer, heifers);

    expect(response.json()).toEqual({ success: true, data: { id: heifers, movedToUncategorized: 3 } });
    expect(await typeIdsOfCows(testApp, [...inType, culledInType, other])).toEqual([
      null,
      null,
      null,
      steers,
    ]);
    expect(await listTypes(farmer)).toEqual({
      types: [{ id: steers, name: 'Steers', costnb: 0, count: 1 }],
      uncategorized: { count: 3 },
    });
  });

  it('keeps the charges made for the type in the ledger, with its name', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 4000);
    const cows = [await insertFarmCow(testApp, farmId), await insertFarmCow(testApp, farmId)];
    await topUpWallet(testApp, farmId, 10_000);
    await call(testApp, api.cowTypes.assignCowsType, {
      token: farmer.token,
      headers: { 'x-boss-grant': grant },
      body: { checklist: cows, type: { id: heifers } },
    });

    expect((await del(farmer, heifers)).statusCode).toBe(200);

    const wallet = await call(testApp, api.wallet.getWallet, {
      token: farmer.token,
      params: { userId: farmer.id },
    });
    expect(wallet.json()).toMatchObject({
      data: {
        balance: 2000,
        entries: [
          { kind: 'charge', amount: -8000, cowCount: 2, typeName: 'Heifers' },
          { kind: 'topup', amount: 10_000 },
        ],
      },
    });
  });

  it("answers 404 with no data for another farm's type, and for an unknown one, changing nothing", async () => {
    const type = await insertCowType(testApp, farmId, 'Secret type', 100);
    const cow = await insertFarmCow(testApp, farmId, { typeId: type });
    const foreign = await del(stranger, type);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
    expect(foreign.body).not.toContain('Secret type');
    expect((await del(farmer, type + 1000)).statusCode).toBe(404);
    expect(await typeIdsOfCows(testApp, [cow])).toEqual([type]);
    expect((await listTypes(farmer)).types).toHaveLength(1);
  });

  it('refuses a non-numeric id with 400 naming it', async () => {
    const response = await del(farmer, 'x1');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('id');
  });
});

describe('moving cows into a type (cowmovetotype)', () => {
  const move = (user: TestUser, type: number | string, list: unknown, headers: Record<string, string> = {}) =>
    call(testApp, api.cowTypes.moveCowsToType, {
      token: user.token,
      params: { type },
      body: { list },
      headers,
    });

  it('moves cows into a free type without charging, answering the cows as they are now', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const cows = [await insertFarmCow(testApp, farmId), await insertFarmCow(testApp, farmId)];
    const response = await move(farmer, steers, cows);
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        changed: true,
        typeid: steers,
        typename: 'Steers',
        costnb: 0,
        moved: 2,
        alreadyInType: 0,
        charged: 0,
        balance: 0,
        currency: 'KRW',
        cows: cows.map((id): unknown => expect.objectContaining({ id, typeid: steers, typename: 'Steers' })),
      },
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([steers, steers]);
    expect(await walletEntryCount(farmId)).toBe(0);
  });

  it('moves cows back to uncategorized with type 0', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 3000);
    const cows = [
      await insertFarmCow(testApp, farmId, { typeId: steers }),
      await insertFarmCow(testApp, farmId),
    ];
    const response = await move(farmer, 0, cows);
    expect(response.json()).toMatchObject({
      data: { changed: true, typeid: 0, typename: null, moved: 1, alreadyInType: 1, charged: 0 },
    });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null, null]);
    expect(await walletEntryCount(farmId)).toBe(0);
  });

  it('charges cost × cows newly entering a type with a cost, like cowstype', async () => {
    const heifers = await insertCowType(testApp, farmId, 'Heifers', 2500);
    const already = await insertFarmCow(testApp, farmId, { typeId: heifers });
    const cows = [await insertFarmCow(testApp, farmId), await insertFarmCow(testApp, farmId), already];
    await topUpWallet(testApp, farmId, 6000);
    const refused = await move(farmer, heifers, cows);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'E_BOSS_GRANT_REQUIRED' });
    expect(await walletEntryCount(farmId)).toBe(1);
    const response = await move(farmer, heifers, cows, { 'x-boss-grant': grant });
    expect(response.json()).toMatchObject({
      data: { moved: 2, alreadyInType: 1, charged: 5000, balance: 1000 },
    });
  });

  it('refuses a culled cow with 409 and moves none of the listed cows', async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const cows = [
      await insertFarmCow(testApp, farmId),
      await insertFarmCow(testApp, farmId, { culled: true }),
    ];
    const response = await move(farmer, steers, cows);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, code: 'E_CONFLICT' });
    expect(await typeIdsOfCows(testApp, cows)).toEqual([null, null]);
  });

  it("answers 404 for another farm's cow in the list, and moves none", async () => {
    const steers = await insertCowType(testApp, farmId, 'Steers', 0);
    const own = await insertFarmCow(testApp, farmId);
    const foreign = await insertFarmCow(testApp, strangerFarmId);
    const response = await move(farmer, steers, [own, foreign]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'E_NOT_FOUND' });
    expect(await typeIdsOfCows(testApp, [own, foreign])).toEqual([null, null]);
  });

  it("answers 404 with no data for another farm's type, and moves nothing", async () => {
    const secret = await insertCowType(testApp, farmId, 'Secret type', 0);
    const strangersCow = await insertFarmCow(testApp, strangerFarmId);
    const response = await move(stranger, secret, [strangersCow]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
    expect(response.body).not.toContain('Secret type');
    expect(await typeIdsOfCows(testApp, [strangersCow])).toEqual([null]);
  });

  it.each([
    ['an empty list', 1, [], 'list'],
    ['a list with a repeated cow', 1, [5, 5], 'list'],
    ['a list of text', 1, ['5'], 'list'],
    ['a missing list', 1, undefined, 'list'],
    ['a negative type', -1, [5], 'type'],
    ['a non-numeric type', 'all', [5], 'type'],
  ])('refuses %s with 400 naming the field', async (_case, type, list, field) => {
    const response = await move(farmer, type, list);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });
});

describe('assigning a type (cowstype) validates its input', () => {
  it.each([
    ['a missing checklist', { type: { id: 1 } }, 'checklist'],
    ['an empty checklist', { checklist: [], type: { id: 1 } }, 'checklist'],
    ['a missing type', { checklist: [1] }, 'type'],
    ['a type without id', { checklist: [1], type: { name: 'Heifers', costnb: 0 } }, 'type.id'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const response = await call(testApp, api.cowTypes.assignCowsType, { token: farmer.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });
});
