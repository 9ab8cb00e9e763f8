import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { signedToken, validAccessClaims } from './helpers/signed-tokens';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

const login = (username: string, password: string, remoteAddress = '203.0.113.7') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/login/login/loginApp',
    payload: { username, password },
    remoteAddress,
  });

describe('login', () => {
  it('answers a token pair and the user, never the password hash', async () => {
    const response = await login(farmer.username, farmer.password);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> & { user: Record<string, unknown> } }>();
    expect(typeof data.token).toBe('string');
    expect(typeof data.refreshToken).toBe('string');
    expect(data.user).toMatchObject({
      id: farmer.id,
      username: farmer.username,
      FarmNumber: farmer.farmNumber,
    });
    expect(JSON.stringify(data)).not.toContain('argon2');
  });

  it('treats the username without regard to case', async () => {
    expect((await login(farmer.username.toUpperCase(), farmer.password)).statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', () => farmer.username, 'wrong password!'],
    ['an unknown user', () => 'nobody-here', 'whatever123'],
  ])('refuses %s with the same message', async (_case, username, password) => {
    const response = await login(username(), password, '198.51.100.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'E_BAD_CREDENTIALS',
      msg: 'Incorrect username or password',
    });
  });

  it('answers 400 with the field when the password is missing', async () => {
    const response = await call(testApp, api.auth.login, { body: { username: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'E_VALIDATION', msg: expect.stringContaining('password') });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/login/login/loginApp',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
  });
});

describe('login throttling', () => {
  it('blocks an account from one address after 5 failures, but not the real user at another address', async () => {
    const victim = await createFarmUser(testApp);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(victim.username, 'guess-guess', '192.0.2.66')).statusCode).toBe(401);
    }
    const blocked = await login(victim.username, victim.password, '192.0.2.66');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'E_THROTTLED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(victim.username, victim.password, '192.0.2.77')).statusCode).toBe(200);
  });

  it('checks only 5 of 20 wrong passwords sent at once, and refuses the rest unchecked', async () => {
    const victim = await createFarmUser(testApp);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(victim.username, 'parallel-guess', '192.0.2.55')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('blocks an address that sprays passwords over many accounts', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await login(`sprayed-${attempt}`, 'spray-password', '192.0.2.99');
    }
    expect((await login(farmer.username, farmer.password, '192.0.2.99')).statusCode).toBe(429);
    expect((await login(farmer.username, farmer.password, '192.0.2.100')).statusCode).toBe(200);
  });
});

describe('authentication of other calls', () => {
  it.each([
    ['no header', undefined],
    ['a malformed header', 'Basic abc'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('answers 401 with %s', async (_case, authorization) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/common/common/getbosspassword',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'E_UNAUTHORIZED', msg: 'Please Login' });
  });

  describe('a token signed with our key but not as the server issues it', () => {
    const statusWith = async (claims: Record<string, unknown>) =>
      (await call(testApp, api.system.bossPasswordStatus, { token: await signedToken(claims) })).statusCode;
    const ownClaims = () => validAccessClaims(decodeJwt(farmer.token));

    it('is accepted when it carries every claim (so the refusals below are the missing claim)', async () => {
      expect(await statusWith(ownClaims())).toBe(200);
    });

    it.each([
      ['no exp (it would never expire)', 'exp'],
      ['no subject', 'sub'],
      ['no login id', 'sid'],
      ['no type', 'typ'],
      ['no issuer', 'iss'],
    ])('answers 401 with %s', async (_case, claim) => {
      const claims = ownClaims();
      delete claims[claim];
      expect(await statusWith(claims)).toBe(401);
    });

    it.each([
      ['a subject beyond the user id column', { sub: '99999999999' }],
      ['a subject that is not a plain id', { sub: '1e3' }],
      ['a login id that is not a UUID', { sid: 'not-a-session' }],
      ['an exp that is not a number', { exp: 'tomorrow' }],
    ])('answers 401, not 500, with %s', async (_case, change) => {
      expect(await statusWith({ ...ownClaims(), ...change })).toBe(401);
    });
  });

  it('answers 401 to an admin token without exp on an admin call', async () => {
    const [admin] = await testApp.db.query<{ id: number }>(
      "INSERT INTO admin_users (username, password_hash, name) VALUES ('claims-test', 'unused', 'Support') RETURNING id",
    );
    const claims = {
      typ: 'admin',
      sub: String(admin?.id),
      iss: 'cowcare',
      iat: Math.floor(Date.now() / 1000),
    };
    const history = async (token: string) =>
      (await call(testApp, api.admin.cowHistory, { token, params: { id: 1 } })).statusCode;
    // The same claims with an exp get past authentication (to the missing cow).
    expect(await history(await signedToken({ ...claims, exp: claims.iat + 60 }))).toBe(404);
    expect(await history(await signedToken(claims))).toBe(401);
  });

  it('answers 401 E_TOKEN_EXPIRED for an expired access token', async () => {
    const expired = await testApp.services.tokens.signAccessToken({ userId: farmer.id, sessionId: 'x' }, -10);
    const response = await call(testApp, api.system.bossPasswordStatus, { token: expired });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'E_TOKEN_EXPIRED' });
  });
});

describe('app version', () => {
  it('answers 409 with upversion when the version code is below the minimum', async () => {
    const response = await call(testApp, api.system.bossPasswordStatus, {
      token: farmer.token,
      headers: { version: '149' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'E_UPVERSION', upversion: '1.5.90' });
  });

  it.each(['150', '190'])('lets version code %s through', async (version) => {
    const response = await call(testApp, api.system.bossPasswordStatus, {
      token: farmer.token,
      headers: { version },
    });
    expect(response.statusCode).toBe(200);
  });

  it('applies to login too, before credentials are looked at', async () => {
    const response = await call(testApp, api.auth.login, {
      body: { username: 'a', password: 'b' },
      headers: { version: '1' },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('refresh tokens', () => {
  it('trade once for a new pair that works', async () => {
    const user = await createFarmUser(testApp);
    const first = await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } });
    expect(first.statusCode).toBe(200);
    const pair = first.json<{ data: { token: string; refreshToken: string } }>().data;
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect((await call(testApp, api.system.bossPasswordStatus, { token: pair.token })).statusCode).toBe(200);
  });

  it('revoke the whole login when an old one is reused', async () => {
    const user = await createFarmUser(testApp);
    const rotated = (
      await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } })
    ).json<{
      data: { token: string; refreshToken: string };
    }>().data;

    const reuse = await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'E_REFRESH_INVALID' });
    // Every token of that login is dead now: the rotated refresh token and both access tokens.
    expect(
      (await call(testApp, api.auth.refreshToken, { body: { token: rotated.refreshToken } })).statusCode,
    ).toBe(401);
    expect((await call(testApp, api.system.bossPasswordStatus, { token: rotated.token })).statusCode).toBe(
      401,
    );
    expect((await call(testApp, api.system.bossPasswordStatus, { token: user.token })).statusCode).toBe(401);
  });

  it('leave other logins of the same user alone when one is revoked', async () => {
    const user = await createFarmUser(testApp);
    const other = (await login(user.username, user.password)).json<{ data: { token: string } }>().data;
    await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } });
    await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } });
    expect((await call(testApp, api.system.bossPasswordStatus, { token: other.token })).statusCode).toBe(200);
  });

  it('refuse an unknown token', async () => {
    const response = await call(testApp, api.auth.refreshToken, { body: { token: 'not-a-token' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('needs a token', async () => {
    expect((await call(testApp, api.auth.logout, { body: {} })).statusCode).toBe(401);
  });

  it('ends the login: its access and refresh tokens stop working', async () => {
    const user = await createFarmUser(testApp);
    expect((await call(testApp, api.auth.logout, { token: user.token, body: {} })).statusCode).toBe(200);
    expect((await call(testApp, api.system.bossPasswordStatus, { token: user.token })).statusCode).toBe(401);
    expect(
      (await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } })).statusCode,
    ).toBe(401);
  });
});

describe('register', () => {
  const newUser = (suffix: string) => ({
    username: `newfarmer${suffix}`,
    password: 'long enough pw',
    name: 'New Farmer',
    phone: '010-5555-1234',
    country: 'KR',
    FarmNumber: `NEW-${suffix}`,
    city: 'Pyeongchang',
  });

  it('creates a farm and its user and logs in', async () => {
    const response = await call(testApp, api.auth.register, { body: newUser('a1') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { user: { username: 'newfarmera1', FarmNumber: 'NEW-a1', country: 'KR' } },
    });
    expect((await login('newfarmera1', 'long enough pw')).statusCode).toBe(200);
  });

  it('refuses a taken username and a registered farm number with 409, creating nothing', async () => {
    const takenName = await call(testApp, api.auth.register, {
      body: { ...newUser('b1'), username: farmer.username },
    });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json()).toMatchObject({ code: 'E_USERNAME_TAKEN' });
    const takenFarm = await call(testApp, api.auth.register, {
      body: { ...newUser('b2'), FarmNumber: farmer.farmNumber },
    });
    expect(takenFarm.statusCode).toBe(409);
    expect(takenFarm.json()).toMatchObject({ code: 'E_FARM_NUMBER_TAKEN' });
    const farms = await testApp.db.query('SELECT 1 FROM farms WHERE farm_number = $1', ['NEW-b1']);
    expect(farms).toHaveLength(0);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['a bad country', { country: 'Korea' }, 'country'],
    ['a bad phone', { phone: 'call me' }, 'phone'],
  ])('refuses %s with 400 naming the field', async (_case, change, field) => {
    const response = await call(testApp, api.auth.register, { body: { ...newUser('c1'), ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });
});

describe('agreements', () => {
  it.each(['ch', 'ko', 'en'])('serves both texts in %s', async (lang) => {
    for (const kind of ['service', 'privacy']) {
      const response = await call(testApp, api.auth.agreement, { params: { kind, lang } });
      expect(response.statusCode).toBe(200);
      const data = response.json<{ data: { lang: string; title: string; body: string } }>().data;
      expect(data.lang).toBe(lang);
      expect(data.body.length).toBeGreaterThan(1500);
    }
  });

  it('answers 400 for an unknown kind or language', async () => {
    expect(
      (await call(testApp, api.auth.agreement, { params: { kind: 'cookies', lang: 'en' } })).statusCode,
    ).toBe(400);
    expect(
      (await call(testApp, api.auth.agreement, { params: { kind: 'service', lang: 'fr' } })).statusCode,
    ).toBe(400);
  });
});

describe('change password', () => {
  const change = (user: TestUser, body: Record<string, string>) =>
    call(testApp, api.auth.changePassword, { token: user.token, body });

  it('needs a token', async () => {
    const response = await call(testApp, api.auth.changePassword, {
      body: { original: 'a', new: 'b', confirm: 'b' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [
      'a wrong original',
      (p: string) => ({ original: `${p}x`, new: 'brand new pw', confirm: 'brand new pw' }),
      'E_ORIGINAL_PASSWORD_INCORRECT',
      'The original password is incorrect. Please re-enter.',
    ],
    [
      'two different new entries',
      (p: string) => ({ original: p, new: 'brand new pw', confirm: 'brand new pw2' }),
      'E_PASSWORD_CONFIRM_MISMATCH',
      'The new password you entered twice is different. Please re-enter.',
    ],
    [
      'the original again',
      (p: string) => ({ original: p, new: p, confirm: p }),
      'E_PASSWORD_SAME_AS_ORIGINAL',
      'The new password cannot be the same as the original one. Please re-enter.',
    ],
  ])('refuses %s with its own code and message', async (_case, body, code, msg) => {
    const response = await change(farmer, body(farmer.password));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, msg });
  });

  it('changes the password and ends every login of the user', async () => {
    const user = await createFarmUser(testApp);
    const secondLogin = (await login(user.username, user.password)).json<{ data: { refreshToken: string } }>()
      .data;
    const response = await change(user, {
      original: user.password,
      new: 'a better password',
      confirm: 'a better password',
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await call(testApp, api.auth.refreshToken, { body: { token: user.refreshToken } })).statusCode,
    ).toBe(401);
    expect(
      (await call(testApp, api.auth.refreshToken, { body: { token: secondLogin.refreshToken } })).statusCode,
    ).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'a better password')).statusCode).toBe(200);
  });
});
