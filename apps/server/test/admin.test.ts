import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { hashPassword } from '../src/modules/auth/passwords';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { addCow, bossGrant, errorMessage, expectRefusal } from './cows-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let grant: string;
let adminId: number;
let adminToken: string;

const SUPPORT = { username: 'support', password: 'support1234' };

const adminLogin = (body: unknown) => call(testApp, api.admin.login, { body });

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  grant = await bossGrant(testApp, farmer);
  const [admin] = await testApp.db.query<{ id: number }>(
    "INSERT INTO admin_users (username, password_hash, name) VALUES ($1, $2, 'CowCare Support') RETURNING id",
    [SUPPORT.username, await hashPassword(SUPPORT.password)],
  );
  adminId = admin!.id;
  adminToken = (await adminLogin(SUPPORT)).json<{ data: { token: string } }>().data.token;
});
afterAll(() => testApp.close());

/** A cow of the farm, eliminated through the real force-change call. */
const culledCow = async (code: string, sensor?: number): Promise<Cow> => {
  const cow = await addCow(testApp, farmer, { code, ...(sensor ? { sensor } : {}) });
  const response = await call(testApp, api.cows.changeCowStatus, {
    token: farmer.token,
    params: { id: cow.id },
    body: { action: 'eliminate' },
    headers: { 'x-boss-grant': grant },
  });
  expect(response.json<{ data: Cow }>().data.status).toBe('도태');
  return cow;
};

const restore = (id: number, status: string, token = adminToken) =>
  call(testApp, api.admin.restoreCow, { token, params: { id }, body: { status } });

describe('POST admin/login', () => {
  it('answers an admin token for the right password', async () => {
    const response = await adminLogin(SUPPORT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { token: expect.stringMatching(/^ey/) } });
  });

  it.each([
    ['a wrong password', { username: 'support', password: 'support12345' }],
    ['an unknown administrator', { username: 'nobody', password: 'support1234' }],
    ["a farm user's credentials", 'farmer'],
  ])('refuses %s with 401', async (_case, credentials) => {
    const body =
      credentials === 'farmer' ? { username: farmer.username, password: farmer.password } : credentials;
    const response = await adminLogin(body);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_BAD_CREDENTIALS',
      msg: 'Incorrect username or password',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a missing password with 400 naming it', async () => {
    const response = await adminLogin({ username: 'support' });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('password');
  });

  it('blocks an administrator name after 5 failures from one address (429)', async () => {
    const [admin] = await testApp.db.query<{ id: number }>(
      "INSERT INTO admin_users (username, password_hash, name) VALUES ('second', $1, 'Second') RETURNING id",
      [await hashPassword('second-password')],
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await adminLogin({ username: 'second', password: 'wrong' })).statusCode).toBe(401);
    }
    const blocked = await adminLogin({ username: 'second', password: 'second-password' });
    expect(blocked.statusCode).toBe(429);
    expect(admin?.id).toBeGreaterThan(0);
  });
});

describe('admin and user tokens do not cross', () => {
  it('refuses a user token on admin routes with 401', async () => {
    const cow = await culledCow('C8001');
    const response = await restore(cow.id, '발정탐지', farmer.token);
    expectRefusal(response, 401, 'E_UNAUTHORIZED');
    const history = await call(testApp, api.admin.cowHistory, {
      token: farmer.token,
      params: { id: cow.id },
    });
    expectRefusal(history, 401, 'E_UNAUTHORIZED');
  });

  it('refuses an admin token on user routes with 401', async () => {
    for (const [route, params] of [
      [api.cows.getCowsData, { country: 'KR', FarmNumber: farmer.farmNumber }],
      [api.user.getUser, { id: farmer.id }],
    ] as const) {
      const response = await call(testApp, route, { token: adminToken, params });
      expectRefusal(response, 401, 'E_UNAUTHORIZED');
    }
  });

  it('refuses admin routes without a token, with an expired one, or for a removed administrator', async () => {
    const cow = await culledCow('C8002');
    expectRefusal(
      await call(testApp, api.admin.cowHistory, { params: { id: cow.id } }),
      401,
      'E_UNAUTHORIZED',
    );
    const expired = await testApp.services.tokens.signAdminToken(adminId, -10);
    expectRefusal(await restore(cow.id, '발정탐지', expired), 401, 'E_TOKEN_EXPIRED');
    const [ghost] = await testApp.db.query<{ id: number }>(
      "INSERT INTO admin_users (username, password_hash, name) VALUES ('ghost', 'x', 'Ghost') RETURNING id",
    );
    const ghostToken = await testApp.services.tokens.signAdminToken(ghost!.id);
    await testApp.db.query('DELETE FROM admin_users WHERE id = $1', [ghost!.id]);
    expectRefusal(await restore(cow.id, '발정탐지', ghostToken), 401, 'E_UNAUTHORIZED');
    const [row] = await testApp.db.query<{ status: string }>('SELECT status FROM cows WHERE id = $1', [
      cow.id,
    ]);
    expect(row?.status).toBe('도태');
  });
});

describe('POST admin/cows/:id/restore', () => {
  it('restores a culled cow to the status asked, recorded as done by support', async () => {
    const cow = await culledCow('C8101', 40501);
    const response = await restore(cow.id, '포유');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Cow }>().data).toMatchObject({
      id: cow.id,
      code: 'C8101',
      status: '포유',
      culledAt: null,
      sensor: 40501,
    });
    const rows = await testApp.db.query(
      `SELECT from_status, to_status, reason, forced, changed_by_user_id, changed_by_admin_id
         FROM cow_status_changes WHERE cow_id = $1 ORDER BY id`,
      [cow.id],
    );
    expect(rows).toEqual([
      expect.objectContaining({ reason: 'created' }),
      expect.objectContaining({ reason: 'eliminate', changed_by_user_id: farmer.id }),
      {
        from_status: '도태',
        to_status: '포유',
        reason: 'restore',
        forced: true,
        changed_by_user_id: null,
        changed_by_admin_id: adminId,
      },
    ]);
    const history = await call(testApp, api.cows.cowHistory, { token: farmer.token, params: { id: cow.id } });
    expect(history.json<{ data: { reason: string; by: string }[] }>().data[0]).toMatchObject({
      reason: 'restore',
      by: 'support',
    });
    const edited = await call(testApp, api.cows.updateCow, {
      token: farmer.token,
      params: { id: cow.id },
      body: { parity: 2 },
    });
    expect(edited.statusCode).toBe(200);
  });

  it('refuses while another active cow wears its sensor (409), and restores once it is free', async () => {
    const cow = await culledCow('C8201', 40601);
    const wearer = await addCow(testApp, farmer, { code: 'C8202', sensor: 40601 });
    const refused = await restore(cow.id, '발정탐지');
    expect([refused.statusCode, errorMessage(refused)]).toEqual([
      409,
      'Sensor 40601 is now worn by cow C8202; free it first',
    ]);
    const [row] = await testApp.db.query<{ status: string }>('SELECT status FROM cows WHERE id = $1', [
      cow.id,
    ]);
    expect(row?.status).toBe('도태');
    await call(testApp, api.cows.updateCow, {
      token: farmer.token,
      params: { id: wearer.id },
      body: { sensor: null },
    });
    expect((await restore(cow.id, '발정탐지')).json<{ data: Cow }>().data.status).toBe('발정탐지');
  });

  it('refuses a cow that is not culled (409) and an unknown one (404)', async () => {
    const cow = await addCow(testApp, farmer, { code: 'C8301' });
    const refused = await restore(cow.id, '비육');
    expect([refused.statusCode, errorMessage(refused)]).toEqual([409, 'This cow is not culled']);
    expectRefusal(await restore(9_999_999, '비육'), 404, 'E_NOT_FOUND');
  });

  it.each([
    ['도태', 'C8401'],
    ['pregnant', 'C8402'],
    ['', 'C8403'],
  ])('refuses status %j with 400 naming it', async (status, code) => {
    const cow = await culledCow(code);
    const response = await restore(cow.id, status);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('status');
  });
});

describe('GET admin/cows/:id/history', () => {
  it("answers any farm's cow's timeline, the same as the farm sees it", async () => {
    const cow = await culledCow('C8501');
    const asAdmin = await call(testApp, api.admin.cowHistory, { token: adminToken, params: { id: cow.id } });
    const asFarmer = await call(testApp, api.cows.cowHistory, {
      token: farmer.token,
      params: { id: cow.id },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<{ data: { reason: string }[] }>().data.map((item) => item.reason)).toEqual([
      'eliminate',
      'created',
    ]);
    expect(asAdmin.json()).toEqual(asFarmer.json());
  });

  it('refuses a bad id with 400 naming it', async () => {
    const response = await call(testApp, api.admin.cowHistory, { token: adminToken, params: { id: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('id');
  });

  it('answers 404 for an unknown cow', async () => {
    expectRefusal(
      await call(testApp, api.admin.cowHistory, { token: adminToken, params: { id: 9_999_999 } }),
      404,
      'E_NOT_FOUND',
    );
  });
});

describe('POST admin/users/:id/disable and enable', () => {
  const disable = (id: number | string, body: unknown = { reason: 'unpaid invoice' }, token = adminToken) =>
    call(testApp, api.admin.disableUser, { token, params: { id }, body });
  const enable = (id: number | string, token = adminToken) =>
    call(testApp, api.admin.enableUser, { token, params: { id } });
  const login = (user: TestUser) =>
    call(testApp, api.auth.login, { body: { username: user.username, password: user.password } });
  const refresh = (refreshToken: string) =>
    call(testApp, api.auth.refreshToken, { body: { token: refreshToken } });
  const ownUser = (user: TestUser) =>
    call(testApp, api.user.getUser, { token: user.token, params: { id: user.id } });

  it('ends every login of the user at once; login and refresh answer 403 until enabled again', async () => {
    const user = await createFarmUser(testApp);
    const secondLogin = (await login(user)).json<{ data: { token: string; refreshToken: string } }>().data;
    expect((await ownUser(user)).statusCode).toBe(200);

    const disabled = await disable(user.id);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toEqual({
      success: true,
      data: {
        id: user.id,
        username: user.username,
        disabled: true,
        disabledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      },
    });
    const [row] = await testApp.db.query<{ by: number; reason: string }>(
      'SELECT disabled_by_admin_id AS by, disabled_reason AS reason FROM users WHERE id = $1',
      [user.id],
    );
    expect(row).toEqual({ by: adminId, reason: 'unpaid invoice' });

    expectRefusal(await ownUser(user), 401, 'E_UNAUTHORIZED');
    expectRefusal(await ownUser({ ...user, token: secondLogin.token }), 401, 'E_UNAUTHORIZED');
    const refused = await login(user);
    expectRefusal(refused, 403, 'E_ACCOUNT_DISABLED');
    expect(errorMessage(refused)).toContain('contact customer service');
    expectRefusal(await refresh(secondLogin.refreshToken), 403, 'E_ACCOUNT_DISABLED');
    // A wrong password is still told as such: only the right one learns the account is disabled.
    expectRefusal(await login({ ...user, password: 'not the password' }), 401, 'E_BAD_CREDENTIALS');

    const enabled = await enable(user.id);
    expect(enabled.json()).toEqual({
      success: true,
      data: { id: user.id, username: user.username, disabled: false, disabledAt: null },
    });
    // The logins that disabling ended stay ended; a new login works.
    expectRefusal(await refresh(secondLogin.refreshToken), 401, 'E_REFRESH_INVALID');
    const again = await login(user);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json<{ data: { token: string } }>().data;
    expect((await ownUser({ ...user, token: fresh.token })).statusCode).toBe(200);
  });

  it('disabling twice keeps the first date and the latest reason; enabling an enabled user changes nothing', async () => {
    const user = await createFarmUser(testApp);
    const first = (await disable(user.id)).json<{ data: { disabledAt: string } }>().data;
    const second = await disable(user.id, { reason: 'asked by the farm owner' });
    expect(second.json<{ data: { disabledAt: string } }>().data.disabledAt).toBe(first.disabledAt);
    const [row] = await testApp.db.query<{ reason: string }>(
      'SELECT disabled_reason AS reason FROM users WHERE id = $1',
      [user.id],
    );
    expect(row?.reason).toBe('asked by the farm owner');
    expect((await enable(user.id)).statusCode).toBe(200);
    expect((await enable(user.id)).json()).toMatchObject({ data: { disabled: false, disabledAt: null } });
    expect((await login(user)).statusCode).toBe(200);
  });

  it('refuses without an admin token (401) and with a farm user token (401), changing nothing', async () => {
    const user = await createFarmUser(testApp);
    expectRefusal(
      await call(testApp, api.admin.disableUser, { params: { id: user.id }, body: { reason: 'x' } }),
      401,
      'E_UNAUTHORIZED',
    );
    expectRefusal(await disable(user.id, { reason: 'x' }, farmer.token), 401, 'E_UNAUTHORIZED');
    expectRefusal(await disable(farmer.id, { reason: 'x' }, user.token), 401, 'E_UNAUTHORIZED');
    expectRefusal(
      await call(testApp, api.admin.enableUser, { params: { id: user.id } }),
      401,
      'E_UNAUTHORIZED',
    );
    expectRefusal(await enable(user.id, user.token), 401, 'E_UNAUTHORIZED');
    expect((await ownUser(user)).statusCode).toBe(200);
    expect((await ownUser(farmer)).statusCode).toBe(200);
  });

  it.each([
    ['no reason', {}, 'reason'],
    ['an empty reason', { reason: '' }, 'reason'],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }, 'reason'],
    ['a reason that is not text', { reason: 42 }, 'reason'],
  ])('refuses %s with 400 naming it', async (_case, body, field) => {
    const user = await createFarmUser(testApp);
    const response = await disable(user.id, body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain(field);
    expect((await ownUser(user)).statusCode).toBe(200);
  });

  it('refuses a bad id with 400 and answers 404 for an unknown user', async () => {
    for (const route of [api.admin.disableUser, api.admin.enableUser]) {
      const bad = await call(testApp, route, {
        token: adminToken,
        params: { id: 'x' },
        body: { reason: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      expect(errorMessage(bad)).toContain('id');
      expectRefusal(
        await call(testApp, route, { token: adminToken, params: { id: 9_999_999 }, body: { reason: 'x' } }),
        404,
        'E_NOT_FOUND',
      );
    }
  });
});
