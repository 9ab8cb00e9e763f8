import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { herdSnapshot, insertCow, nextCode, ok } from './reproduction-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let cowCode: string;
let cowId: number;
const recordIds = { estrus: 0, fertilization: 0, pregnancy: 0, calving: 0 };

const validAdds = () => ({
  estrus: { cowId, estrusAt: '2026-03-10T06:00:00+09:00', memo: 'secret memo' },
  fertilization: { cowId, plannedAt: '2026-05-01T10:00:00+09:00', method: 'natural', memo: 'secret memo' },
  pregnancy: {
    cowId,
    diagnosisMethod: 'ultrasonic',
    diagnosedAt: '2026-06-11T09:00:00+09:00',
    result: 'pregnant',
    memo: 'secret memo',
  },
  calving: {
    cowId,
    calvedAt: '2026-02-15T10:00:00+09:00',
    method: 'normal',
    result: 'other',
    memo: 'secret memo',
  },
});

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  cowCode = nextCode();
  cowId = await insertCow(testApp, farmer, { code: cowCode });
  const adds = validAdds();
  const routes = {
    estrus: api.reproduction.addEstrus,
    fertilization: api.reproduction.addFertilization,
    pregnancy: api.reproduction.addPregnancy,
    calving: api.reproduction.addCalving,
  };
  for (const kind of ['estrus', 'fertilization', 'pregnancy', 'calving'] as const) {
    const data = await ok<{ record: { id: number } }>(testApp, routes[kind], {
      token: farmer.token,
      body: adds[kind],
    });
    recordIds[kind] = data.record.id;
  }
});
afterAll(() => testApp.close());

interface RouteCase {
  route: Pick<RouteDefinition, 'method' | 'path'>;
  params?: () => Record<string, number>;
  body?: () => unknown;
}

const cases: [string, RouteCase][] = [
  ['add estrus', { route: api.reproduction.addEstrus, body: () => validAdds().estrus }],
  [
    'update estrus',
    {
      route: api.reproduction.updateEstrus,
      params: () => ({ id: recordIds.estrus }),
      body: () => ({ memo: 'x' }),
    },
  ],
  ['delete estrus', { route: api.reproduction.deleteEstrus, params: () => ({ id: recordIds.estrus }) }],
  ['add fertilization', { route: api.reproduction.addFertilization, body: () => validAdds().fertilization }],
  [
    'update fertilization',
    {
      route: api.reproduction.updateFertilization,
      params: () => ({ id: recordIds.fertilization }),
      body: () => ({ memo: 'x' }),
    },
  ],
  [
    'delete fertilization',
    { route: api.reproduction.deleteFertilization, params: () => ({ id: recordIds.fertilization }) },
  ],
  ['add pregnancy', { route: api.reproduction.addPregnancy, body: () => validAdds().pregnancy }],
  [
    'update pregnancy',
    {
      route: api.reproduction.updatePregnancy,
      params: () => ({ id: recordIds.pregnancy }),
      body: () => ({ result: 'abort' }),
    },
  ],
  [
    'delete pregnancy',
    { route: api.reproduction.deletePregnancy, params: () => ({ id: recordIds.pregnancy }) },
  ],
  ['add calving', { route: api.reproduction.addCalving, body: () => validAdds().calving }],
  [
    'update calving',
    {
      route: api.reproduction.updateCalving,
      params: () => ({ id: recordIds.calving }),
      body: () => ({ memo: 'x' }),
    },
  ],
  ['delete calving', { route: api.reproduction.deleteCalving, params: () => ({ id: recordIds.calving }) }],
];

describe('every reproduction call', () => {
  it.each(cases)('%s needs a token (401)', async (_name, { route, params, body }) => {
    const response = await call(testApp, route, { params: params?.(), body: body?.() });
    expect(response.statusCode).toBe(401);
  });

  it.each(cases)(
    "%s: another farm's user gets 404 with no data, and nothing changes",
    async (_name, { route, params, body }) => {
      const before = await herdSnapshot(testApp);
      const response = await call(testApp, route, {
        token: stranger.token,
        params: params?.(),
        body: body?.(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
      expect(response.body).not.toContain(cowCode);
      expect(response.body).not.toContain('secret memo');
      expect(await herdSnapshot(testApp)).toEqual(before);
    },
  );

  it.each(cases)('%s: an unknown id is 404', async (_name, { route, params, body }) => {
    const unknownParams = params && { id: 2_000_000_000 };
    const unknownBody = body && !params ? { ...(body() as object), cowId: 2_000_000_000 } : body?.();
    const response = await call(testApp, route, {
      token: farmer.token,
      params: unknownParams,
      body: unknownBody,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('bad input is 400 with the field named', () => {
  it.each([
    [
      'addEstrus',
      api.reproduction.addEstrus,
      undefined,
      { cowId: 'one', estrusAt: '2026-03-10T06:00:00Z' },
      'body.cowId',
    ],
    ['updateEstrus', api.reproduction.updateEstrus, { id: 1 }, { estrusAt: 'yesterday' }, 'body.estrusAt'],
    ['deleteEstrus', api.reproduction.deleteEstrus, { id: 0 }, undefined, 'params.id'],
    [
      'addFertilization',
      api.reproduction.addFertilization,
      undefined,
      { cowId: 1, method: 'natural' },
      'body.plannedAt',
    ],
    [
      'updateFertilization',
      api.reproduction.updateFertilization,
      { id: 1 },
      { pregnancyCheckDate: '2026-13-01' },
      'body.pregnancyCheckDate',
    ],
    ['deleteFertilization', api.reproduction.deleteFertilization, { id: 0 }, undefined, 'params.id'],
    [
      'addPregnancy',
      api.reproduction.addPregnancy,
      undefined,
      { cowId: 1, diagnosedAt: '2026-06-11T00:00:00Z', result: 'pregnant' },
      'body.diagnosisMethod',
    ],
    ['updatePregnancy', api.reproduction.updatePregnancy, { id: 1 }, { result: 'twins' }, 'body.result'],
    ['deletePregnancy', api.reproduction.deletePregnancy, { id: 0 }, undefined, 'params.id'],
    [
      'addCalving',
      api.reproduction.addCalving,
      undefined,
      { cowId: 1, calvedAt: '2026-02-15T00:00:00Z', result: 'cow' },
      'body.method',
    ],
    ['updateCalving', api.reproduction.updateCalving, { id: 1 }, { method: 'caesarean' }, 'body.method'],
    ['deleteCalving', api.reproduction.deleteCalving, { id: 0 }, undefined, 'params.id'],
  ] as const)('%s', async (_name, route, params, body, field) => {
    const response = await call(testApp, route, { token: farmer.token, params, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    expect(response.json<{ msg: string }>().msg).toContain(field);
  });
});
