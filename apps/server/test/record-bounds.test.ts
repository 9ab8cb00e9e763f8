// Dates a farmer types by hand: nonsense is refused with a message naming the field and the range, nothing
// of a refused call is stored, and whatever is accepted, at the very edges of what is accepted, reads back
// through every read of the cow, checked against the contract's own answer schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { successEnvelope, type RouteDefinition } from '@cowcare/contract/route';
import { EARLIEST_RECORD_DAY } from '@cowcare/contract/schemas';
import { addDays } from '@cowcare/domain/calendar-date';
import {
  EXPECTED_DATE_MAX_DAYS,
  PLANNED_FERTILIZATION_MAX_DAYS_AHEAD,
} from '../src/modules/reproduction/record-dates';
import { createContractAjv } from '../src/http/contract-ajv';
import { addCow, todayUtc } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { ok } from './reproduction-fixtures';

let testApp: TestApp;
let user: TestUser;
let codeSequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  user = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

const newCow = async (body: Record<string, unknown> = {}) => {
  codeSequence += 1;
  return addCow(testApp, user, { code: `C${700_000 + codeSequence}`, ...body });
};

/** Every read that shows a cow's records, each answer checked against its route's schema in the contract. */
const answerSchemaCheck = createContractAjv({ allErrors: true });
const readsOf = (cowId: number): [RouteDefinition, Record<string, unknown>][] => [
  [api.cows.getCowInfo, { params: { id: cowId } }],
  [api.cows.cowHistory, { params: { id: cowId } }],
  [api.cows.cowFamily, { params: { id: cowId } }],
  [api.health.listHealthCases, { params: { cowId } }],
  [api.cows.getCowsData, { params: { country: user.country, FarmNumber: user.farmNumber } }],
];

const expectCowReadable = async (cowId: number) => {
  for (const [route, options] of readsOf(cowId)) {
    const response = await call(testApp, route, { token: user.token, ...options });
    expect(response.statusCode, `${route.path}: ${response.body.slice(0, 300)}`).toBe(200);
    const valid = answerSchemaCheck.validate(successEnvelope(route.data), response.json());
    expect(answerSchemaCheck.errors ?? [], route.path).toEqual([]);
    expect(valid).toBe(true);
  }
};

const historyOf = async (cowId: number) =>
  (await call(testApp, api.cows.cowHistory, { token: user.token, params: { id: cowId } })).body;

describe('dates out of range are refused, and nothing of the call is stored', () => {
  const refusals: [string, RouteDefinition, (cowId: number) => Record<string, unknown>, string][] = [
    [
      'an estrus in the year 1000',
      api.reproduction.addEstrus,
      (cowId) => ({ cowId, estrusAt: '1000-06-15T10:00:00Z' }),
      'body.estrusAt must be on or after 1990-01-01',
    ],
    [
      'an estrus on 0001-01-01',
      api.reproduction.addEstrus,
      (cowId) => ({ cowId, estrusAt: '0001-01-01T00:00:00Z' }),
      'body.estrusAt must be on or after 1990-01-01',
    ],
    [
      'a fertilization planned for 9999-12-31',
      api.reproduction.addFertilization,
      (cowId) => ({ cowId, plannedAt: '9999-12-31T23:00:00Z', method: 'natural' }),
      'body.plannedAt must be on or before 2099-12-31',
    ],
    [
      'a fertilization planned for 2090',
      api.reproduction.addFertilization,
      (cowId) => ({ cowId, plannedAt: '2090-01-01T00:00:00Z', method: 'natural' }),
      `plannedAt must not be more than ${PLANNED_FERTILIZATION_MAX_DAYS_AHEAD} days ahead`,
    ],
    [
      'a diagnosis in the year 1000',
      api.reproduction.addPregnancy,
      (cowId) => ({
        cowId,
        diagnosedAt: '1000-01-01T00:00:00Z',
        diagnosisMethod: 'rectal',
        result: 'unpregnant',
      }),
      'body.diagnosedAt must be on or after 1990-01-01',
    ],
    [
      'a calving in the year 1000',
      api.reproduction.addCalving,
      (cowId) => ({ cowId, calvedAt: '1000-01-01T00:00:00Z', method: 'normal', result: 'abort' }),
      'body.calvedAt must be on or after 1990-01-01',
    ],
    [
      'a diagnosis on 0001-01-01',
      api.health.addHealthCase,
      (cowId) => ({ cowId, diagnosedOn: '0001-01-01', diagnosisText: 'lame' }),
      'body.diagnosedOn must be on or after 1990-01-01',
    ],
    [
      'a next estrus typed for 2099',
      api.reproduction.addEstrus,
      (cowId) => ({ cowId, estrusAt: `${todayUtc()}T00:00:00Z`, nextExpectedEstrus: '2099-01-01' }),
      `nextExpectedEstrus must be on or after ${todayUtc()} and within ${EXPECTED_DATE_MAX_DAYS} days of it`,
    ],
    [
      'an estrus before her birthday',
      api.reproduction.addEstrus,
      (cowId) => ({ cowId, estrusAt: '2020-01-01T06:00:00Z' }),
      "estrusAt must not be before the cow's birthday (2021-03-01)",
    ],
  ];

  it.each(refusals)('%s', async (_what, route, body, message) => {
    const cow = await newCow({ birthday: '2021-03-01' });
    const before = await historyOf(cow.id);
    const response = await call(testApp, route, { token: user.token, body: body(cow.id) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(message);
    expect(await historyOf(cow.id)).toBe(before);
    await expectCowReadable(cow.id);
  });

  it.each([
    [{ birthday: '0001-01-01' }, 'body.birthday must be on or after 1990-01-01'],
    [{ expectedDelivery: '9999-12-31' }, 'body.expectedDelivery must be on or before 2099-12-31'],
    [{ expectedEstrus: '2090-01-01' }, 'expectedEstrus must not be after'],
  ])('editing a cow with %o is refused', async (edit, message) => {
    const cow = await newCow();
    const response = await call(testApp, api.cows.updateCow, {
      token: user.token,
      params: { id: cow.id },
      body: edit,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain(message);
    await expectCowReadable(cow.id);
  });

  it.each(['0001-01-01', '0000-01-01', '9999-12-31', '9999-12-31T23:59:59+14:00', '1989-12-31'])(
    'a chart of the day %s is refused with 400',
    async (timedate) => {
      const sensor = 40_000 + codeSequence + 500;
      await newCow({ sensor });
      const response = await call(testApp, api.charts.temperatureDaily, {
        token: user.token,
        body: { id: sensor, city: 'Hoengseong', country: user.country, timedate },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ msg: string }>().msg).toContain('body.timedate must name a day from 1990-01-01');
    },
  );
});

describe('what is accepted at the edges reads back', () => {
  it('records on the earliest day of a cow born on it, and expected dates a year later', async () => {
    const cow = await newCow({ birthday: EARLIEST_RECORD_DAY });
    const yearOn = addDays(EARLIEST_RECORD_DAY, EXPECTED_DATE_MAX_DAYS);
    const at = `${EARLIEST_RECORD_DAY}T00:00:00+14:00`;
    const token = user.token;
    await ok(testApp, api.reproduction.addEstrus, {
      token,
      body: { cowId: cow.id, estrusAt: at, nextExpectedEstrus: yearOn },
    });
    await ok(testApp, api.reproduction.addFertilization, {
      token,
      body: { cowId: cow.id, plannedAt: at, method: 'embryo-transfer', pregnancyCheckDate: yearOn },
    });
    await ok(testApp, api.reproduction.addPregnancy, {
      token,
      body: {
        cowId: cow.id,
        diagnosedAt: at,
        diagnosisMethod: 'rectal',
        result: 'pregnant',
        expectedCalving: yearOn,
      },
    });
    await ok(testApp, api.reproduction.addCalving, {
      token,
      body: {
        cowId: cow.id,
        calvedAt: at,
        method: 'normal',
        result: 'abort',
        expectedEstrusAfterCalving: yearOn,
      },
    });
    await ok(testApp, api.health.addHealthCase, {
      token,
      body: {
        cowId: cow.id,
        diagnosedOn: EARLIEST_RECORD_DAY,
        prescribedOn: EARLIEST_RECORD_DAY,
        diagnosisText: 'lame',
      },
    });
    await expectCowReadable(cow.id);
  });

  it('a fertilization planned as far ahead as allowed, and every date typed on the cow at its limit', async () => {
    const cow = await newCow({ birthday: '2024-01-01' });
    const farthestPlan = `${addDays(todayUtc(), PLANNED_FERTILIZATION_MAX_DAYS_AHEAD - 1)}T12:00:00Z`;
    await ok(testApp, api.reproduction.addFertilization, {
      token: user.token,
      body: {
        cowId: cow.id,
        plannedAt: farthestPlan,
        method: 'embryo-transfer',
        pregnancyCheckMethod: 'external',
      },
    });
    const latest = addDays(todayUtc(), EXPECTED_DATE_MAX_DAYS);
    await ok(testApp, api.cows.updateCow, {
      token: user.token,
      params: { id: cow.id },
      body: { pregnancyTest: latest, expectedDelivery: latest, expectedEstrus: '2024-01-01' },
    });
    await expectCowReadable(cow.id);
  });

  it('a memo keeps its lines and tabs, but no other control character is stored', async () => {
    const cow = await newCow();
    const estrusAt = `${todayUtc()}T00:00:00Z`;
    const kept = await ok<{ record: { memo: string } }>(testApp, api.reproduction.addEstrus, {
      token: user.token,
      body: { cowId: cow.id, estrusAt, memo: 'first line\n\tsecond line\r\n' },
    });
    expect(kept.record.memo).toBe('first line\n\tsecond line\r\n');
    for (const character of ['\u0000', '\u0001', '\u001b', '\u007f', '\ud800']) {
      const response = await call(testApp, api.reproduction.addEstrus, {
        token: user.token,
        body: { cowId: cow.id, estrusAt, memo: `bad${character}memo` },
      });
      expect(response.statusCode, JSON.stringify(character)).toBe(400);
      expect(response.json<{ msg: string }>().msg).toMatch(/^body\.memo must not contain the character U\+/);
    }
    const city = await call(testApp, api.cows.updateSensorStates, {
      token: user.token,
      body: [{ id: cow.id, city: 'Hoeng\u0000seong', country: user.country }],
    });
    expect(city.json<{ msg: string }>().msg).toBe('body.0.city must not contain the character U+0000');
    await expectCowReadable(cow.id);
  });
});
