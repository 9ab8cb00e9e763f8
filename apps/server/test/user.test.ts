import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { hashPassword } from '../src/modules/auth/passwords';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

describe('scoped calls refuse another farm with 403 and no data', () => {
  interface ScopedCase {
    route: Pick<RouteDefinition, 'method' | 'path'>;
    params: () => Record<string, string | number>;
    body?: unknown;
  }
  const cases: [string, ScopedCase][] = [
    ['setLg', { route: api.user.setLanguage, params: () => ({ id: farmer.id, lang: 'ko' }) }],
    [
      'setiotusercid',
      { route: api.user.setPushClientId, params: () => ({ id: farmer.id, cid: 'device-1' }) },
    ],
    ['getKoUserDataById', { route: api.user.getUser, params: () => ({ id: farmer.id }) }],
    [
      'getsetting',
      { route: api.user.getSettings, params: () => ({ id: farmer.id, FarmNumber: farmer.farmNumber }) },
    ],
    ['getmessage', { route: api.user.getMessages, params: () => ({ id: farmer.id }) }],
    [
      'setkouserztftdata',
      {
        route: api.user.setSensorFilter,
        params: () => ({ userId: farmer.id }),
        body: { sensorfilter: 'zt' },
      },
    ],
  ];

  it.each(cases)('%s', async (_name, { route, params, body }) => {
    const response = await call(testApp, route, { token: stranger.token, params: params(), body });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, code: 'E_FORBIDDEN', msg: expect.any(String) });
    expect(response.body).not.toContain(farmer.username);
  });

  it("refuses the farm's settings under one's own user id with another farm number", async () => {
    const response = await call(testApp, api.user.getSettings, {
      token: stranger.token,
      params: { id: stranger.id, FarmNumber: farmer.farmNumber },
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses to update another user's profile through PUT user/user", async () => {
    const response = await call(testApp, api.user.updateUser, {
      token: stranger.token,
      body: { id: farmer.id, name: 'Hacked' },
    });
    expect(response.statusCode).toBe(403);
    const own = await call(testApp, api.user.getUser, { token: farmer.token, params: { id: farmer.id } });
    expect(own.json<{ data: { name: string } }>().data.name).not.toBe('Hacked');
  });
});

describe('user calls need a token', () => {
  it.each([
    [api.user.setLanguage, { id: 1, lang: 'ko' }],
    [api.user.setPushClientId, { id: 1, cid: 'x' }],
    [api.user.getUser, { id: 1 }],
    [api.user.getSettings, { id: 1, FarmNumber: 'F' }],
    [api.user.getMessages, { id: 1 }],
  ] as const)('%o', async (route, params) => {
    expect((await call(testApp, route, { params })).statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('reads the own user record', async () => {
    const response = await call(testApp, api.user.getUser, {
      token: farmer.token,
      params: { id: farmer.id },
    });
    expect(response.json()).toMatchObject({
      data: { id: farmer.id, FarmNumber: farmer.farmNumber, sensorfilter: 'zts' },
    });
  });

  it('saves the language and refuses an unknown one', async () => {
    const ok = await call(testApp, api.user.setLanguage, {
      token: farmer.token,
      params: { id: farmer.id, lang: 'th' },
    });
    expect(ok.json()).toMatchObject({ data: { language: 'th' } });
    const bad = await call(testApp, api.user.setLanguage, {
      token: farmer.token,
      params: { id: farmer.id, lang: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('saves the push client id', async () => {
    const response = await call(testApp, api.user.setPushClientId, {
      token: farmer.token,
      params: { id: farmer.id, cid: 'getui-abc123' },
    });
    expect(response.json()).toMatchObject({ data: { cid: 'getui-abc123' } });
  });

  it('updates name, phone and avatar, and validates them', async () => {
    const ok = await call(testApp, api.user.updateUser, {
      token: farmer.token,
      body: {
        id: farmer.id,
        name: 'Kim Min-su',
        phone: '+82 10 1111 2222',
        avatar: 'https://img.example/a.png',
      },
    });
    expect(ok.json()).toMatchObject({
      data: { name: 'Kim Min-su', phone: '+82 10 1111 2222', avatar: 'https://img.example/a.png' },
    });
    const badAvatar = await call(testApp, api.user.updateUser, {
      token: farmer.token,
      body: { id: farmer.id, avatar: 'javascript:alert(1)' },
    });
    expect(badAvatar.statusCode).toBe(400);
    expect(badAvatar.json<{ msg: string }>().msg).toContain('avatar');
  });

  it('rewrites a legacy plain-http storage avatar to the secure host', async () => {
    await testApp.db.query(
      "UPDATE users SET avatar = 'http://oldstorage.example.com/a/1.png' WHERE id = $1",
      [farmer.id],
    );
    const response = await call(testApp, api.user.getUser, {
      token: farmer.token,
      params: { id: farmer.id },
    });
    expect(response.json<{ data: { avatar: string } }>().data.avatar).toMatch(/^https:\/\/.+\/a\/1\.png$/);
  });

  it('saves the sensor-state filter and refuses other names', async () => {
    const ok = await call(testApp, api.user.setSensorFilter, {
      token: farmer.token,
      params: { userId: farmer.id },
      body: { sensorfilter: 'zts,zt' },
    });
    expect(ok.json()).toMatchObject({ data: { sensorfilter: 'zts,zt' } });
    const bad = await call(testApp, api.user.setSensorFilter, {
      token: farmer.token,
      params: { userId: farmer.id },
      body: { sensorfilter: 'all' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('pregnancy-check settings', () => {
  const days = { Ultrasonic: 35, Inspection: 55, Rectal: 45, Hormone: 21, External: 90 };
  const settingsParams = () => ({ id: farmer.id, FarmNumber: farmer.farmNumber });
  const grantFor = async (user: TestUser, password: string) => {
    await testApp.db.query('UPDATE farms SET boss_password_hash = $1 WHERE farm_number = $2', [
      await hashPassword(password),
      user.farmNumber,
    ]);
    const response = await call(testApp, api.system.verifyBossPassword, {
      token: user.token,
      body: { password },
    });
    return response.json<{ data: { grant: string } }>().data.grant;
  };

  it('reads the defaults 40/60/60/51/60 for a new farm', async () => {
    const response = await call(testApp, api.user.getSettings, {
      token: farmer.token,
      params: settingsParams(),
    });
    expect(response.json()).toEqual({
      success: true,
      data: { Ultrasonic: 40, Inspection: 60, Rectal: 60, Hormone: 51, External: 60 },
    });
  });

  it('refuses to save without a verified boss password', async () => {
    const response = await call(testApp, api.user.putSettings, {
      token: farmer.token,
      params: settingsParams(),
      body: days,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'E_BOSS_GRANT_REQUIRED' });
  });

  it('saves with a grant, and the farm reads them back', async () => {
    const grant = await grantFor(farmer, 'farm boss pw');
    const response = await call(testApp, api.user.putSettings, {
      token: farmer.token,
      params: settingsParams(),
      body: days,
      headers: { 'x-boss-grant': grant },
    });
    expect(response.json()).toEqual({ success: true, data: days });
    const read = await call(testApp, api.user.getSettings, { token: farmer.token, params: settingsParams() });
    expect(read.json<{ data: unknown }>().data).toEqual(days);
  });

  it("refuses another farm's grant", async () => {
    const strangerGrant = await grantFor(stranger, 'stranger boss pw');
    const response = await call(testApp, api.user.putSettings, {
      token: farmer.token,
      params: settingsParams(),
      body: days,
      headers: { 'x-boss-grant': strangerGrant },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['0 days', { ...days, Hormone: 0 }],
    ['366 days', { ...days, External: 366 }],
    ['a fraction', { ...days, Rectal: 10.5 }],
    ['a missing method', { Ultrasonic: 40 }],
  ])('refuses %s with 400 and changes nothing', async (_case, body) => {
    const grant = await grantFor(farmer, 'farm boss pw');
    const before = (
      await call(testApp, api.user.getSettings, { token: farmer.token, params: settingsParams() })
    ).json<{ data: unknown }>().data;
    const response = await call(testApp, api.user.putSettings, {
      token: farmer.token,
      params: settingsParams(),
      body,
      headers: { 'x-boss-grant': grant },
    });
    expect(response.statusCode).toBe(400);
    const after = (
      await call(testApp, api.user.getSettings, { token: farmer.token, params: settingsParams() })
    ).json<{ data: unknown }>().data;
    expect(after).toEqual(before);
  });
});

describe('user messages', () => {
  it('stores messages and lists them newest first, only to their owner', async () => {
    await call(testApp, api.user.insertMessage, { token: farmer.token, body: { message: 'first' } });
    const second = await call(testApp, api.user.insertMessage, {
      token: farmer.token,
      body: { message: 'second' },
    });
    expect(second.json()).toMatchObject({ data: { userId: farmer.id, message: 'second' } });
    const list = await call(testApp, api.user.getMessages, {
      token: farmer.token,
      params: { id: farmer.id },
    });
    expect(
      list
        .json<{ data: { message: string }[] }>()
        .data.map((row) => row.message)
        .slice(0, 2),
    ).toEqual(['second', 'first']);
    const strangers = await call(testApp, api.user.getMessages, {
      token: stranger.token,
      params: { id: stranger.id },
    });
    expect(strangers.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('refuses an empty message with 400 and no token with 401', async () => {
    expect(
      (await call(testApp, api.user.insertMessage, { token: farmer.token, body: { message: '' } }))
        .statusCode,
    ).toBe(400);
    expect((await call(testApp, api.user.insertMessage, { body: { message: 'x' } })).statusCode).toBe(401);
  });
});
