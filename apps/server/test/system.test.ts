import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { hashPassword } from '../src/modules/auth/passwords';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;
let otherFarmer: TestUser;
const BOSS_PASSWORD = 'boss-secret-1';

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  otherFarmer = await createFarmUser(testApp);
  await testApp.db.query('UPDATE farms SET boss_password_hash = $1 WHERE farm_number = $2', [
    await hashPassword(BOSS_PASSWORD),
    farmer.farmNumber,
  ]);
});
afterAll(() => testApp.close());

describe('health and docs', () => {
  it('reports the database kind and version without a token', async () => {
    const response = await call(testApp, api.system.health);
    expect(response.statusCode).toBe(200);
    const { database } = response.json<{ data: { database: { kind: string; version: string } } }>().data;
    expect(database.kind).toBe(testApp.db.kind);
    expect(database.version).toMatch(/PostgreSQL \d+/);
  });

  it('serves the OpenAPI document of the contract', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths).toHaveProperty(['/api/login/login/loginApp']);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'E_NOT_FOUND' });
  });
});

describe.each([
  ['translation strings', api.system.translationStrings, {}],
  ['system info', api.system.systemInfo, { id: 1 }],
  ['config dictionary', api.system.configDictionary, {}],
  ['boss password status', api.system.bossPasswordStatus, {}],
])('%s', (_name, route, params) => {
  it('needs a token', async () => {
    expect((await call(testApp, route, { params })).statusCode).toBe(401);
  });
});

describe('reference data', () => {
  it('lists translation strings with all nine language columns', async () => {
    const rows = (await call(testApp, api.system.translationStrings, { token: farmer.token })).json<{
      data: Record<string, string>[];
    }>().data;
    expect(rows.length).toBeGreaterThan(50);
    for (const column of [
      'chname',
      'koname',
      'enname',
      'ptyname',
      'rbname',
      'runame',
      'thname',
      'idnname',
      'vnname',
    ]) {
      expect(rows.every((row) => typeof row[column] === 'string' && row[column] !== '')).toBe(true);
    }
  });

  it('answers system info record 1 with the version and the minimum version code', async () => {
    const response = await call(testApp, api.system.systemInfo, { token: farmer.token, params: { id: 1 } });
    expect(response.json()).toMatchObject({
      data: { id: 1, version: '1.5.90', versionCode: 190, minVersionCode: 150 },
    });
  });

  it('answers 404 for any other system info record and 400 for a non-number', async () => {
    expect(
      (await call(testApp, api.system.systemInfo, { token: farmer.token, params: { id: 2 } })).statusCode,
    ).toBe(404);
    expect(
      (await call(testApp, api.system.systemInfo, { token: farmer.token, params: { id: 'x' } })).statusCode,
    ).toBe(400);
  });

  it('lists dictionaries as the comma list ch,ko,en[,add-days]', async () => {
    const entries = (await call(testApp, api.system.configDictionary, { token: farmer.token })).json<{
      data: { dbname: string; code: string; name: string }[];
    }>().data;
    const mating = entries.filter((entry) => entry.dbname === 'mating');
    expect(mating.map((entry) => entry.name.split(',').at(-1))).toEqual(['1', '0', '7']);
    const ultrasonic = entries.find(
      (entry) => entry.dbname === 'diagnosisMethod' && entry.code === 'ultrasonic',
    );
    expect(ultrasonic?.name.split(',')).toHaveLength(4);
    expect(ultrasonic?.name.endsWith(',40')).toBe(true);
  });

  it('lists support administrators by public fields only, without a token', async () => {
    await testApp.db.query(
      "INSERT INTO admin_users (username, password_hash, name) VALUES ('helpdesk', 'hash-never-sent', 'Help Desk')",
    );
    const response = await call(testApp, api.system.adminUserList);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown[] }>().data).toContainEqual(
      expect.objectContaining({ name: 'Help Desk' }),
    );
    expect(response.body).not.toContain('hash-never-sent');
  });
});

describe('boss password', () => {
  it('tells whether one is set, never the password', async () => {
    const own = await call(testApp, api.system.bossPasswordStatus, { token: farmer.token });
    expect(own.json()).toEqual({ success: true, data: { isSet: true } });
    const other = await call(testApp, api.system.bossPasswordStatus, { token: otherFarmer.token });
    expect(other.json()).toEqual({ success: true, data: { isSet: false } });
  });

  it('verifies a correct password with a grant and refuses a wrong one', async () => {
    const ok = await call(testApp, api.system.verifyBossPassword, {
      token: farmer.token,
      body: { password: BOSS_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json<{ data: { grant: string } }>().data.grant).toBe('string');
    const wrong = await call(testApp, api.system.verifyBossPassword, {
      token: farmer.token,
      body: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'E_BOSS_PASSWORD_INCORRECT' });
  });

  it("does not accept one farm's boss password for another farm", async () => {
    const response = await call(testApp, api.system.verifyBossPassword, {
      token: otherFarmer.token,
      body: { password: BOSS_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'E_BOSS_PASSWORD_NOT_SET' });
  });

  it('is rate limited: after 5 wrong guesses even the right one waits', async () => {
    const guesser = await createFarmUser(testApp);
    await testApp.db.query('UPDATE farms SET boss_password_hash = $1 WHERE farm_number = $2', [
      await hashPassword('right-one'),
      guesser.farmNumber,
    ]);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await call(testApp, api.system.verifyBossPassword, {
        token: guesser.token,
        body: { password: `guess${attempt}` },
      });
    }
    const response = await call(testApp, api.system.verifyBossPassword, {
      token: guesser.token,
      body: { password: 'right-one' },
    });
    expect(response.statusCode).toBe(429);
  });

  it('answers 400 for an empty password and 401 without a token', async () => {
    expect(
      (await call(testApp, api.system.verifyBossPassword, { token: farmer.token, body: { password: '' } }))
        .statusCode,
    ).toBe(400);
    expect((await call(testApp, api.system.verifyBossPassword, { body: { password: 'x' } })).statusCode).toBe(
      401,
    );
  });
});

describe('farm data run', () => {
  it('is idempotent: the second run creates nothing', async () => {
    await testApp.db.query(
      'DELETE FROM farm_settings WHERE farm_id = (SELECT id FROM farms WHERE farm_number = $1)',
      [farmer.farmNumber],
    );
    const first = await call(testApp, api.system.farmDataRun, {
      token: farmer.token,
      body: { FarmNumber: farmer.farmNumber },
    });
    expect(first.json()).toMatchObject({ data: { ready: true, created: ['settings'] } });
    const second = await call(testApp, api.system.farmDataRun, {
      token: farmer.token,
      body: { FarmNumber: farmer.farmNumber },
    });
    expect(second.json()).toMatchObject({ data: { ready: true, created: [] } });
  });

  it("answers 403 for another farm's number, 400 without one, 401 without a token", async () => {
    const other = await call(testApp, api.system.farmDataRun, {
      token: farmer.token,
      body: { FarmNumber: otherFarmer.farmNumber },
    });
    expect(other.statusCode).toBe(403);
    expect((await call(testApp, api.system.farmDataRun, { token: farmer.token, body: {} })).statusCode).toBe(
      400,
    );
    expect((await call(testApp, api.system.farmDataRun, { body: { FarmNumber: 'x' } })).statusCode).toBe(401);
  });
});
