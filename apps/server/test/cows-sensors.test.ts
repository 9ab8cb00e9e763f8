import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { errorMessage, expectRefusal, farmIdOf, insertCowRow } from './cows-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  ids.neckOnline = await insertCowRow(testApp, farmer, {
    code: 'C11',
    sensorId: 40010,
    sensorOnline: true,
    lastReadingAt: '2025-06-01T08:00:00Z',
  });
  ids.neckOffline = await insertCowRow(testApp, farmer, {
    code: 'C12',
    sensorId: 40020,
    lastReadingAt: '2025-05-30T02:30:00Z',
  });
  ids.pillOnline = await insertCowRow(testApp, farmer, {
    code: 'C13',
    sensorId: 1500,
    sensorOnline: true,
    lastReadingAt: '2025-06-01T08:05:00Z',
  });
  ids.noSensor = await insertCowRow(testApp, farmer, { code: 'C14' });
  ids.culled = await insertCowRow(testApp, farmer, { code: 'C15', sensorId: 40030, culled: true });
  ids.foreign = await insertCowRow(testApp, stranger, { code: 'C99', sensorId: 40990, sensorOnline: true });
});
afterAll(() => testApp.close());

const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  city: 'Hoengseong',
  country: 'KR',
  ...extra,
});

const upsensorzt = (body: unknown, user = farmer) =>
  call(testApp, api.cows.updateSensorStates, { token: user.token, body });

describe('PUT common/common/upsensorzt/upsensorzt', () => {
  it('answers the current state when the client did not say what it knows', async () => {
    const response = await upsensorzt([
      item(ids.neckOnline!, { sensor: 40010 }),
      item(ids.neckOffline!, { sensor: 40020 }),
      item(ids.noSensor!),
    ]);
    expect(response.json()).toEqual({
      success: true,
      data: [
        { id: ids.neckOnline, sensorzt: 1 },
        { id: ids.neckOffline, sensorzt: 0 },
        { id: ids.noSensor, sensorzt: 0 },
      ],
    });
  });

  it('answers 2 where the known sensor and state still hold, the current value otherwise', async () => {
    const response = await upsensorzt([
      item(ids.neckOnline!, { sensor: 40010, sensorzt: 1 }),
      item(ids.neckOffline!, { sensor: 40020, sensorzt: 0 }),
      item(ids.noSensor!, { sensor: null, sensorzt: 0 }),
      item(ids.pillOnline!, { sensor: 1500, sensorzt: 0 }),
      item(ids.neckOnline!, { sensor: 40099, sensorzt: 1 }),
      item(ids.neckOnline!, { sensorzt: 1 }),
    ]);
    expect(response.json<{ data: unknown }>().data).toEqual([
      { id: ids.neckOnline, sensorzt: 2 },
      { id: ids.neckOffline, sensorzt: 2 },
      { id: ids.noSensor, sensorzt: 2 },
      { id: ids.pillOnline, sensorzt: 1 },
      { id: ids.neckOnline, sensorzt: 1 },
      { id: ids.neckOnline, sensorzt: 1 },
    ]);
  });

  it('follows a state that changed since the client last knew it', async () => {
    await testApp.db.query('UPDATE cows SET sensor_online = false WHERE id = $1', [ids.pillOnline]);
    const response = await upsensorzt([item(ids.pillOnline!, { sensor: 1500, sensorzt: 1 })]);
    expect(response.json<{ data: unknown }>().data).toEqual([{ id: ids.pillOnline, sensorzt: 0 }]);
    await testApp.db.query('UPDATE cows SET sensor_online = true WHERE id = $1', [ids.pillOnline]);
  });

  it('answers an empty list with an empty list', async () => {
    expect((await upsensorzt([])).json()).toEqual({ success: true, data: [] });
  });

  it("fails the whole call with 404 when one id is another farm's cow, leaking nothing", async () => {
    const response = await upsensorzt([item(ids.neckOnline!), item(ids.foreign!, { sensor: 40990 })]);
    expectRefusal(response, 404, 'E_NOT_FOUND', ['40990', 'C99', String(ids.neckOnline)]);
  });

  it("refuses another country than the caller's with 403", async () => {
    const response = await upsensorzt([item(ids.neckOnline!, { country: 'CN' })]);
    expectRefusal(response, 403, 'E_FORBIDDEN');
  });

  it.each([
    [[{ city: 'x', country: 'KR' }], 'id'],
    [[item(1, { sensorzt: 2 })], 'sensorzt'],
    [[item(1, { sensor: 'abc' })], 'sensor'],
    [[item(1, { country: 'kr' })], 'country'],
    [{ id: 1 }, 'body'],
  ])('refuses %o with 400 naming the field', async (body, field) => {
    const response = await upsensorzt(body);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain(field);
  });
});

describe('GET common/common/getckcomdata/:FarmNumber/:country', () => {
  it('lists the sensors of active cows by sensor id, with totals', async () => {
    const response = await call(testApp, api.cows.sensorPage, {
      token: farmer.token,
      params: { FarmNumber: farmer.farmNumber, country: farmer.country },
    });
    expect(response.json()).toEqual({
      success: true,
      data: {
        sensors: [
          {
            cowId: ids.pillOnline,
            code: 'C13',
            sensor: 1500,
            sensorKind: 'pill',
            sensorzt: 1,
            lastReadingAt: '2025-06-01T08:05:00Z',
          },
          {
            cowId: ids.neckOnline,
            code: 'C11',
            sensor: 40010,
            sensorKind: 'neck',
            sensorzt: 1,
            lastReadingAt: '2025-06-01T08:00:00Z',
          },
          {
            cowId: ids.neckOffline,
            code: 'C12',
            sensor: 40020,
            sensorKind: 'neck',
            sensorzt: 0,
            lastReadingAt: '2025-05-30T02:30:00Z',
          },
        ],
        totals: { neck: 2, pill: 1, online: 2, offline: 1 },
      },
    });
  });

  it("refuses another farm's number with 403 and no data", async () => {
    const response = await call(testApp, api.cows.sensorPage, {
      token: stranger.token,
      params: { FarmNumber: farmer.farmNumber, country: 'KR' },
    });
    expectRefusal(response, 403, 'E_FORBIDDEN', ['40010']);
  });

  it('refuses a malformed farm number with 400', async () => {
    const response = await call(testApp, api.cows.sensorPage, {
      token: farmer.token,
      params: { FarmNumber: 'no spaces!', country: 'KR' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('FarmNumber');
  });
});

describe('GET common/common/getCowsfiles/:country/:FarmNumber', () => {
  const insertUpload = async (user: TestUser, name: string, createdAt: string) => {
    const [upload] = await testApp.db.query<{ id: number }>(
      `INSERT INTO uploads (farm_id, user_id, stored_name, original_name, mime_type, size_bytes, created_at)
       VALUES ($1, $2, $3, $4, 'image/jpeg', 2048, $5) RETURNING id`,
      [await farmIdOf(testApp, user), user.id, `${name}-${user.id}.bin`, name, createdAt],
    );
    return upload!.id;
  };
  const insertCase = async (user: TestUser, cowId: number, uploadIds: number[]) => {
    const [healthCase] = await testApp.db.query<{ id: number }>(
      `INSERT INTO health_cases (farm_id, cow_id, diagnosed_on, disease_code) VALUES ($1, $2, '2025-05-01', 'mastitis')
       RETURNING id`,
      [await farmIdOf(testApp, user), cowId],
    );
    for (const uploadId of uploadIds) {
      await testApp.db.query('INSERT INTO health_case_uploads (health_case_id, upload_id) VALUES ($1, $2)', [
        healthCase!.id,
        uploadId,
      ]);
    }
    return healthCase!.id;
  };

  it("lists the uploads of the farm's health cases, newest first, with their download URL", async () => {
    const udder = await insertUpload(farmer, 'udder.jpg', '2025-05-01T09:00:00Z');
    const report = await insertUpload(farmer, 'lab report.pdf', '2025-05-02T10:30:00Z');
    await insertUpload(farmer, 'not attached.jpg', '2025-05-03T00:00:00Z');
    const caseId = await insertCase(farmer, ids.neckOnline!, [udder, report]);
    const foreignUpload = await insertUpload(stranger, 'foreign.jpg', '2025-05-04T00:00:00Z');
    await insertCase(stranger, ids.foreign!, [foreignUpload]);

    const response = await call(testApp, api.cows.getCowsFiles, {
      token: farmer.token,
      params: { country: 'KR', FarmNumber: farmer.farmNumber },
    });
    const file = (id: number, name: string, createdAt: string) => ({
      id,
      cowId: ids.neckOnline,
      healthCaseId: caseId,
      name,
      mimeType: 'image/jpeg',
      sizeBytes: 2048,
      url: `/api/common/common/upload/${id}`,
      createdAt,
    });
    expect(response.json()).toEqual({
      success: true,
      data: [
        file(report, 'lab report.pdf', '2025-05-02T10:30:00Z'),
        file(udder, 'udder.jpg', '2025-05-01T09:00:00Z'),
      ],
    });
  });

  it("refuses another farm's number with 403 and no files", async () => {
    const response = await call(testApp, api.cows.getCowsFiles, {
      token: stranger.token,
      params: { country: 'KR', FarmNumber: farmer.farmNumber },
    });
    expectRefusal(response, 403, 'E_FORBIDDEN', ['udder.jpg']);
  });

  it('refuses a malformed farm number with 400', async () => {
    const response = await call(testApp, api.cows.getCowsFiles, {
      token: farmer.token,
      params: { country: 'KR', FarmNumber: 'F 1' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('FarmNumber');
  });

  it('shows another farm only its own files', async () => {
    const response = await call(testApp, api.cows.getCowsFiles, {
      token: stranger.token,
      params: { country: 'KR', FarmNumber: stranger.farmNumber },
    });
    expect(response.json<{ data: { name: string }[] }>().data.map((file) => file.name)).toEqual([
      'foreign.jpg',
    ]);
  });
});
