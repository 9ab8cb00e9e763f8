// The support console's calls (issue 35): farms and a farm's read-only view, news per language, platform
// notices, the minimum app version, and the audit log every action writes. Agent tokens only: a farm token
// is refused here, and an agent token on the farm's calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import type { AuditEntry, FarmSummary, FarmView, NewsEntry } from '@cowcare/contract/routes/support';
import type { NewsItem } from '@cowcare/contract/routes/news';
import { hashPassword } from '../src/modules/auth/passwords';
import { addCow, expectRefusal, farmIdOf } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let agent: string;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp, { country: 'TH' });
  await testApp.db.query(
    "INSERT INTO admin_users (username, password_hash, name) VALUES ('agent', $1, 'Mina Park')",
    [await hashPassword('agent-password-1')],
  );
  const login = await call(testApp, api.admin.login, {
    body: { username: 'agent', password: 'agent-password-1' },
  });
  agent = login.json<{ data: { token: string } }>().data.token;
});
afterAll(() => testApp.close());

const ok = <T>(response: { statusCode: number; body: string; json: <R>() => R }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

const asAgent = <Route extends RouteDefinition>(route: Route, options: Parameters<typeof call>[2] = {}) =>
  call(testApp, route, { token: agent, ...options });

describe('who may use the console', () => {
  const consoleCalls: [string, RouteDefinition, Parameters<typeof call>[2]][] = [
    ['whoAmI', api.support.whoAmI, {}],
    ['listFarms', api.support.listFarms, {}],
    ['viewFarm', api.support.viewFarm, { params: { id: 1 } }],
    ['listNews', api.support.listNews, {}],
    [
      'publishNews',
      api.support.publishNews,
      { body: { texts: [{ language: 'en', title: 't', body: 'b' }] } },
    ],
    ['withdrawNews', api.support.withdrawNews, { params: { id: 1 } }],
    [
      'sendPlatformNotice',
      api.support.sendPlatformNotice,
      { body: { code: 1101, target: { kind: 'all' }, title: 't', body: '' } },
    ],
    ['getAppVersion', api.support.getAppVersion, {}],
    ['setAppVersion', api.support.setAppVersion, { body: { minVersionCode: 1 } }],
    ['auditLog', api.support.auditLog, {}],
  ];

  it.each(consoleCalls)('%s: 401 without a token and with a farm token', async (_name, route, options) => {
    expectRefusal(await call(testApp, route, options), 401, 'E_UNAUTHORIZED');
    expectRefusal(await call(testApp, route, { ...options, token: farmer.token }), 401, 'E_UNAUTHORIZED');
  });

  it("refuses an agent token on the farm's calls, news among them", async () => {
    expectRefusal(await asAgent(api.news.getNews, { body: {} }), 401, 'E_UNAUTHORIZED');
  });

  it('says who is signed in', async () => {
    expect(ok(await asAgent(api.support.whoAmI))).toMatchObject({ username: 'agent', name: 'Mina Park' });
  });
});

describe('farms', () => {
  it('finds a farm by its number or its owner, and shows it read-only with its cows', async () => {
    await addCow(testApp, farmer, { code: 'C5101', sensor: 40_511 });
    const found = ok<FarmSummary[]>(
      await asAgent(api.support.listFarms, { query: { q: farmer.farmNumber } }),
    );
    expect(found.map((farm) => farm.farmNumber)).toEqual([farmer.farmNumber]);
    expect(found[0]).toMatchObject({ country: 'KR', cows: 1 });
    const byUser = ok<FarmSummary[]>(
      await asAgent(api.support.listFarms, { query: { q: neighbour.username } }),
    );
    expect(byUser.map((farm) => farm.farmNumber)).toEqual([neighbour.farmNumber]);
    // A search's wildcard characters are the agent's text, not a pattern.
    expect(ok<FarmSummary[]>(await asAgent(api.support.listFarms, { query: { q: '%' } }))).toEqual([]);

    const view = ok<FarmView>(
      await asAgent(api.support.viewFarm, { params: { id: await farmIdOf(testApp, farmer) } }),
    );
    expect(view.farm.farmNumber).toBe(farmer.farmNumber);
    expect(view.users.map((user) => user.username)).toEqual([farmer.username]);
    expect(view.cows.map((cow) => [cow.code, cow.sensor])).toEqual([['C5101', 40_511]]);
    expect(view.sensors.map((sensor) => sensor.sensor)).toEqual([40_511]);
  });

  it('answers 404 for a farm that does not exist and 400 for a malformed id', async () => {
    expectRefusal(await asAgent(api.support.viewFarm, { params: { id: 999_999 } }), 404, 'E_NOT_FOUND');
    expect((await asAgent(api.support.viewFarm, { params: { id: 'x' } })).statusCode).toBe(400);
  });
});

describe('news', () => {
  it("reaches every farm user in their language where there is a text, else in the item's first", async () => {
    await testApp.db.query("UPDATE users SET language = 'ko' WHERE username = $1", [farmer.username]);
    await testApp.db.query("UPDATE users SET language = 'th' WHERE username = $1", [neighbour.username]);
    const published = ok<NewsEntry>(
      await asAgent(api.support.publishNews, {
        body: {
          texts: [
            { language: 'en', title: 'New collars', body: 'Neck collars now report rumination.' },
            { language: 'ko', title: '새 목걸이', body: '목걸이가 이제 반추를 보고합니다.' },
          ],
        },
      }),
    );
    expect(published).toMatchObject({
      publishedBy: 'Mina Park',
      texts: [{ language: 'en' }, { language: 'ko' }],
    });

    const newsOf = async (user: TestUser) =>
      ok<NewsItem[]>(await call(testApp, api.news.getNews, { token: user.token, body: {} })).filter(
        (item) => item.id === published.id,
      );
    expect(await newsOf(farmer)).toMatchObject([{ title: '새 목걸이', language: 'ko' }]);
    expect(await newsOf(neighbour)).toMatchObject([{ title: 'New collars', language: 'en' }]);

    ok(await asAgent(api.support.withdrawNews, { params: { id: published.id } }));
    expect(await newsOf(farmer)).toEqual([]);
    expectRefusal(
      await asAgent(api.support.withdrawNews, { params: { id: published.id } }),
      404,
      'E_NOT_FOUND',
    );
  });

  it('lists newest first, and the oldest first when asked', async () => {
    for (const title of ['First', 'Second']) {
      ok(await asAgent(api.support.publishNews, { body: { texts: [{ language: 'en', title, body: '.' }] } }));
    }
    const titles = async (order?: 'asc' | 'desc') =>
      ok<NewsItem[]>(
        await call(testApp, api.news.getNews, { token: farmer.token, body: order ? { order } : {} }),
      ).map((item) => item.title);
    expect((await titles()).slice(0, 2)).toEqual(['Second', 'First']);
    expect((await titles('asc')).slice(-2)).toEqual(['First', 'Second']);
  });

  it('refuses two texts in one language, an unknown language and an empty title (400)', async () => {
    for (const texts of [
      [
        { language: 'en', title: 'a', body: 'b' },
        { language: 'en', title: 'c', body: 'd' },
      ],
      [{ language: 'fr', title: 'a', body: 'b' }],
      [{ language: 'en', title: '', body: 'b' }],
      [],
    ]) {
      const refused = await asAgent(api.support.publishNews, { body: { texts } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    }
    const badOrder = await call(testApp, api.news.getNews, { token: farmer.token, body: { order: 'up' } });
    expect(badOrder.statusCode).toBe(400);
  });
});

describe('platform notices', () => {
  const noticesOf = async (user: TestUser) =>
    testApp.db.query<{ code: number; details: { title: string } }>(
      'SELECT code, details FROM notices WHERE farm_id = $1 AND code >= 1100 ORDER BY id',
      [await farmIdOf(testApp, user)],
    );

  it('go to the farms targeted, live, and to no other', async () => {
    const live: number[] = [];
    const unsubscribe = await testApp.services.bus.subscribe((farmId, message) => {
      if (message.type === 'notice' && message.data.noticecode === 1102) live.push(farmId);
    });
    try {
      const sent = ok<{ farms: number }>(
        await asAgent(api.support.sendPlatformNotice, {
          body: { code: 1102, target: { kind: 'country', country: 'TH' }, title: 'Update to 1.6', body: '' },
        }),
      );
      expect(sent.farms).toBe(1);
      expect(await noticesOf(neighbour)).toMatchObject([{ code: 1102, details: { title: 'Update to 1.6' } }]);
      expect(await noticesOf(farmer)).toEqual([]);
      await expect.poll(() => live).toEqual([await farmIdOf(testApp, neighbour)]);

      const toFarm = await asAgent(api.support.sendPlatformNotice, {
        body: {
          code: 1101,
          target: { kind: 'farm', farmId: await farmIdOf(testApp, farmer) },
          title: 'Maintenance tonight',
          body: 'The app is read-only from 02:00 to 02:30.',
        },
      });
      expect(ok<{ farms: number }>(toFarm).farms).toBe(1);
      expect(await noticesOf(farmer)).toMatchObject([{ code: 1101 }]);
    } finally {
      await unsubscribe();
    }
  });

  it('refuses a farm that does not exist (404), a code outside 1101/1102 and a bad country (400)', async () => {
    const send = (body: unknown) => asAgent(api.support.sendPlatformNotice, { body });
    expectRefusal(
      await send({ code: 1101, target: { kind: 'farm', farmId: 999_999 }, title: 't', body: '' }),
      404,
      'E_NOT_FOUND',
    );
    expect((await send({ code: 101, target: { kind: 'all' }, title: 't', body: '' })).statusCode).toBe(400);
    expect(
      (await send({ code: 1101, target: { kind: 'country', country: 'th' }, title: 't', body: '' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the minimum app version', () => {
  it('binds from the moment support sets it, and never locks the console out', async () => {
    const before = ok<{ minVersionCode: number }>(await asAgent(api.support.getAppVersion));
    const headers = { version: '160' };
    expect(
      (await call(testApp, api.news.getNews, { token: farmer.token, body: {}, headers })).statusCode,
    ).toBe(200);
    ok(await asAgent(api.support.setAppVersion, { body: { minVersionCode: 170 }, headers }));
    const refused = await call(testApp, api.news.getNews, { token: farmer.token, body: {}, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'E_UPVERSION', upversion: expect.any(String) });
    expect(
      ok<{ minVersionCode: number }>(await asAgent(api.support.getAppVersion, { headers })).minVersionCode,
    ).toBe(170);
    ok(await asAgent(api.support.setAppVersion, { body: { minVersionCode: before.minVersionCode } }));
    expect(
      (await call(testApp, api.news.getNews, { token: farmer.token, body: {}, headers })).statusCode,
    ).toBe(200);
  });
});

describe('the audit log', () => {
  it('holds every console action with the agent, newest first, and pages back', async () => {
    const entries = ok<AuditEntry[]>(await asAgent(api.support.auditLog));
    expect(entries.length).toBeGreaterThan(4);
    expect(entries.every((entry) => entry.agent === 'Mina Park')).toBe(true);
    const actions = entries.map((entry) => entry.action);
    for (const action of ['publishNews', 'withdrawNews', 'sendPlatformNotice', 'setAppVersion']) {
      expect(actions).toContain(action);
    }
    expect(entries[0]).toMatchObject({ action: 'setAppVersion', details: { from: 170 } });
    const ids = entries.map((entry) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const older = ok<AuditEntry[]>(
      await asAgent(api.support.auditLog, { query: { before: String(ids[1]) } }),
    );
    expect(older.map((entry) => entry.id)).toEqual(ids.slice(2));
  });

  it('records disabling and enabling a user, with the reason', async () => {
    const [user] = await testApp.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [
      neighbour.username,
    ]);
    ok(
      await asAgent(api.admin.disableUser, {
        params: { id: user!.id },
        body: { reason: 'asked by the owner' },
      }),
    );
    ok(await asAgent(api.admin.enableUser, { params: { id: user!.id } }));
    const [enabled, disabled] = ok<AuditEntry[]>(await asAgent(api.support.auditLog));
    expect(enabled).toMatchObject({
      action: 'enableUser',
      target: expect.stringContaining(neighbour.username),
    });
    expect(disabled).toMatchObject({ action: 'disableUser', details: { reason: 'asked by the owner' } });
  });
});
