import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Notice } from '@cowcare/contract/routes/notices';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { DAY, HOUR, insertNotice, recordBus } from './notices-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let farmId: number;
let cowId: number;
let otherCowId: number;
const ids: Record<string, number> = {};
const now = Date.now();
const at = (ago: number) => new Date(now - ago).toISOString();

const params = (user: TestUser, phone = '010-1234-5678') => ({
  country: user.country,
  FarmNumber: user.farmNumber,
  phone,
});

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
  cowId = await insertCowRow(testApp, farmer, { code: 'C101', sensorId: 40101 });
  otherCowId = await insertCowRow(testApp, farmer, { code: 'C102', sensorId: 20102 });
  const notice = (
    name: string,
    code: number,
    ago: number,
    cow: number | null = cowId,
    sensor: number | null = 40101,
  ) =>
    insertNotice(testApp, {
      farmId,
      cowId: cow,
      sensorId: sensor,
      code,
      episodeKey: `test:${name}`,
      occurredAt: at(ago),
      details: { name },
    }).then((record) => {
      ids[name] = record.id;
    });
  await notice('fever', 202, 2 * HOUR);
  await notice('estrus', 101, 5 * HOUR);
  await notice('drink', 402, 30 * HOUR, otherCowId, 20102);
  await notice('oldFever', 201, 8 * DAY);
  await notice('unassigned', 703, 1 * HOUR, null, 55555);
  await notice('checkDue', 601, 3 * HOUR);
  await notice('calvingNear', 603, 10 * DAY);
  // A notice of the stranger's farm, which must never show.
  const strangerFarm = await farmIdOf(testApp, stranger);
  const strangerCow = await insertCowRow(testApp, stranger, { code: 'C900', sensorId: 40900 });
  await insertNotice(testApp, {
    farmId: strangerFarm,
    cowId: strangerCow,
    sensorId: 40900,
    code: 203,
    episodeKey: 'test:stranger',
    occurredAt: at(HOUR),
    details: {},
  }).then((record) => {
    ids.stranger = record.id;
  });
  await testApp.db.query('UPDATE notices SET read_at = now() WHERE id = $1', [ids.estrus]);
});
afterAll(() => testApp.close());

const expected = (name: string, fields: Omit<Notice, 'id' | 'details'>): Notice => ({
  id: ids[name] ?? 0,
  details: { name },
  ...fields,
});

describe('getNoticeData: sensor and health notices', () => {
  it('lists recent unread ones and the whole history, newest first, with the spec fields', async () => {
    const response = await call(testApp, api.notices.getNoticeData, {
      token: farmer.token,
      params: params(farmer),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { list, all } = response.json<{ data: { list: Notice[]; all: Notice[] } }>().data;
    const unassigned = expected('unassigned', {
      cowid: null,
      code: null,
      sensor: 55555,
      noticecode: 703,
      time: at(HOUR),
      group: '701-702-703',
      readed: 0,
    });
    const fever = expected('fever', {
      cowid: cowId,
      code: 'C101',
      sensor: 40101,
      noticecode: 202,
      time: at(2 * HOUR),
      group: '201-202-203-204',
      readed: 0,
    });
    const estrus = expected('estrus', {
      cowid: cowId,
      code: 'C101',
      sensor: 40101,
      noticecode: 101,
      time: at(5 * HOUR),
      group: '101-102-103',
      readed: 1,
    });
    const drink = expected('drink', {
      cowid: otherCowId,
      code: 'C102',
      sensor: 20102,
      noticecode: 402,
      time: at(30 * HOUR),
      group: '401-402',
      readed: 0,
    });
    const oldFever = expected('oldFever', {
      cowid: cowId,
      code: 'C101',
      sensor: 40101,
      noticecode: 201,
      time: at(8 * DAY),
      group: '201-202-203-204',
      readed: 0,
    });
    // The read estrus notice and the 8-day-old one are history only; reminders (601, 603) are not here.
    expect(list).toEqual([unassigned, fever, drink]);
    expect(all).toEqual([unassigned, fever, estrus, drink, oldFever]);
  });

  it('accepts the phone however it is punctuated', async () => {
    const response = await call(testApp, api.notices.getNoticeData, {
      token: farmer.token,
      params: params(farmer, '01012345678'),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('getNoticeDatab: reproduction reminders', () => {
  it('lists only 601-603 as listb / allb', async () => {
    const response = await call(testApp, api.notices.getNoticeDatab, {
      token: farmer.token,
      params: params(farmer),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { listb, allb } = response.json<{ data: { listb: Notice[]; allb: Notice[] } }>().data;
    expect(listb.map((notice) => [notice.id, notice.noticecode, notice.group])).toEqual([
      [ids.checkDue, 601, '601-602-603'],
    ]);
    expect(allb.map((notice) => notice.id)).toEqual([ids.checkDue, ids.calvingNear]);
  });
});

describe("getNoticeDatabtd: today's counts per group", () => {
  it('counts the last 24 hours per group, all eleven groups in order', async () => {
    const response = await call(testApp, api.notices.getNoticeDatabtd, {
      token: farmer.token,
      params: params(farmer),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual({
      tdcnlist: [
        { group: '101-102-103', count: 1 },
        { group: '201-202-203-204', count: 1 },
        { group: '211-212-213', count: 0 },
        { group: '301-302-303-304-305-306', count: 0 },
        { group: '401-402', count: 0 },
        { group: '501-502', count: 0 },
        { group: '601-602-603', count: 1 },
        { group: '701-702-703', count: 1 },
        { group: '801', count: 0 },
        { group: '901-902-903', count: 0 },
        { group: '1101-1102', count: 0 },
      ],
    });
  });
});

describe("getNoticeDatabtd: 'today' from the start of the caller's day", () => {
  const countsSince = async (since: string) => {
    const response = await call(testApp, api.notices.getNoticeDatabtd, {
      token: farmer.token,
      params: params(farmer),
      query: { since },
    });
    return response;
  };
  const countOf = (response: { json: <T>() => T }, group: string) =>
    response
      .json<{ data: { tdcnlist: { group: string; count: number }[] } }>()
      .data.tdcnlist.find((row) => row.group === group)?.count;

  it('counts from the day start the app sends, not the last 24 hours', async () => {
    // A day that began 90 minutes ago holds the 703 of an hour ago, not the fever of two hours ago.
    const shortDay = await countsSince(new Date(Date.now() - 90 * 60_000).toISOString());
    expect(shortDay.statusCode, shortDay.body).toBe(200);
    expect(countOf(shortDay, '701-702-703')).toBe(1);
    expect(countOf(shortDay, '201-202-203-204')).toBe(0);
    // One that began 31 hours ago (west of the farm's server clock, or a late night) holds the 402 of 30.
    const longDay = await countsSince(new Date(Date.now() - 31 * HOUR).toISOString());
    expect(countOf(longDay, '401-402')).toBe(1);
  });

  it.each([
    ['three days ago', () => new Date(Date.now() - 3 * DAY).toISOString()],
    ['tomorrow', () => new Date(Date.now() + DAY).toISOString()],
    ['not a time', () => 'yesterday'],
  ])('refuses a day start %s with 400', async (_case, since) => {
    const response = await countsSince(since());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
  });
});

describe('readnotice', () => {
  it("marks the farm's notices read, says how many were unread, and clears the cow's unread mark", async () => {
    await testApp.db.query('UPDATE cows SET is_read = false WHERE id = $1', [otherCowId]);
    const bus = await recordBus(testApp);
    const response = await call(testApp, api.notices.readNotices, {
      token: farmer.token,
      body: { ids: [ids.drink, ids.estrus] },
    });
    await bus.stop();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { updated: 1 } });
    const [cow] = await testApp.db.query<{ isRead: boolean }>(
      'SELECT is_read AS "isRead" FROM cows WHERE id = $1',
      [otherCowId],
    );
    expect(cow?.isRead).toBe(true);
    // Every session of the farm is told which notice is read now, and that the cow has none unread left.
    expect(bus.events).toEqual([
      { farmId, message: { type: 'noticesread', data: { ids: [ids.drink] } } },
      { farmId, message: { type: 'cowinfo', data: { id: otherCowId, readed: 1 } } },
    ]);

    const again = await call(testApp, api.notices.readNotices, {
      token: farmer.token,
      body: { ids: [ids.drink] },
    });
    expect(again.json()).toEqual({ success: true, data: { updated: 0 } });
  });

  it('keeps the cow unread while she still has an unread notice', async () => {
    await testApp.db.query('UPDATE cows SET is_read = false WHERE id = $1', [cowId]);
    await call(testApp, api.notices.readNotices, { token: farmer.token, body: { ids: [ids.oldFever] } });
    const [cow] = await testApp.db.query<{ isRead: boolean }>(
      'SELECT is_read AS "isRead" FROM cows WHERE id = $1',
      [cowId],
    );
    expect(cow?.isRead).toBe(false);
  });

  it("refuses another farm's notice with 404 and marks nothing, not even the farm's own ids beside it", async () => {
    const response = await call(testApp, api.notices.readNotices, {
      token: farmer.token,
      body: { ids: [ids.fever, ids.stranger] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
    const rows = await testApp.db.query<{ id: number; read: boolean }>(
      'SELECT id::int AS id, read_at IS NOT NULL AS read FROM notices WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[ids.fever, ids.stranger]],
    );
    expect(rows.map((row) => row.read)).toEqual([false, false]);
  });
});

describe('tenancy and input', () => {
  const reads = [
    api.notices.getNoticeData,
    api.notices.getNoticeDatab,
    api.notices.getNoticeDatabtd,
  ] as const;

  it.each(reads)('$path needs a token', async (route) => {
    expect((await call(testApp, route, { params: params(farmer) })).statusCode).toBe(401);
  });

  it('readnotice needs a token', async () => {
    expect((await call(testApp, api.notices.readNotices, { body: { ids: [1] } })).statusCode).toBe(401);
  });

  it.each(reads)(
    "$path refuses another farm's country and farm number with 403 and no data",
    async (route) => {
      const response = await call(testApp, route, { token: stranger.token, params: params(farmer) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, code: 'E_FORBIDDEN', msg: expect.any(String) });
      expect(response.body).not.toContain('C101');
    },
  );

  it.each(reads)("$path refuses a phone that is not the caller's with 403", async (route) => {
    const response = await call(testApp, route, {
      token: farmer.token,
      params: params(farmer, '010-9999-0000'),
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('C101');
  });

  it('shows a farm only its own notices', async () => {
    const response = await call(testApp, api.notices.getNoticeData, {
      token: stranger.token,
      params: params(stranger),
    });
    const { all } = response.json<{ data: { all: Notice[] } }>().data;
    expect(all.map((notice) => notice.id)).toEqual([ids.stranger]);
  });

  it.each([
    [
      'a phone with letters',
      { ...params({ country: 'KR', farmNumber: 'F' } as TestUser), phone: 'call-me' },
      'phone',
    ],
    ['a lower-case country', { ...params({ country: 'kr', farmNumber: 'F' } as TestUser) }, 'country'],
  ])('400 for %s, naming the field', async (_name, badParams, field) => {
    const response = await call(testApp, api.notices.getNoticeData, {
      token: farmer.token,
      params: badParams,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });

  it.each([
    ['no ids', { ids: [] }],
    ['an id that is not a number', { ids: ['one'] }],
    ['no body field', {}],
  ])('readnotice: 400 for %s, naming ids', async (_name, body) => {
    const response = await call(testApp, api.notices.readNotices, { token: farmer.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('ids');
  });
});
