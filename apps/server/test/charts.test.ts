import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { SENSOR_DATA_CALLS } from '@cowcare/contract/routes/charts';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { DAY, HOUR, insertReadings, slots } from './notices-fixtures';

// The chosen day D = 2026-04-10 (UTC). Sensor 40301 reads every 10 minutes of D−1 (38.0 °C, activity 3) and
// of D (38.0 + 0.1 °C per hour of the day, activity 6, one drink at 08:00). Sensor 20302 reads D at 38.8 °C
// and activity 12 except 12:00-12:50, which the charts fill; her cow has a tempadd of her own, 0.45 °C.
const D = Date.UTC(2026, 3, 10);
const CITY = 'Hoengseong';
// Sensor 20303, a pill, reads 38.9 °C on D−1 and D but for nine drinks a day, hh:10-hh:40: 37.4 °C.
const DRINK_HOURS = [0, 3, 6, 8, 10, 12, 15, 18, 21];
const inADrink = (time: number) => {
  const minutes = (time % DAY) / 60_000;
  return DRINK_HOURS.some((hour) => minutes >= hour * 60 + 10 && minutes < hour * 60 + 50);
};

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  const farmId = await farmIdOf(testApp, farmer);
  const complete = await insertCowRow(testApp, farmer, {
    code: 'C301',
    sensorId: 40301,
    averageTemperature: 38.8,
    averageActivity: 12,
  });
  await insertReadings(testApp, farmId, complete, 40301, [
    ...slots(D - DAY, D).map((time) => ({ time, temperature: 38, activity: 3 })),
    ...slots(D, D + DAY).map((time) => ({
      time,
      temperature: Math.round((38 + 0.1 * Math.floor((time - D) / HOUR)) * 100) / 100,
      activity: 6,
      drink: time === D + 8 * HOUR ? 1 : 0,
    })),
  ]);
  const gappy = await insertCowRow(testApp, farmer, {
    code: 'C302',
    sensorId: 20302,
    averageTemperature: 38.8,
    temperatureOffset: 0.45,
    averageActivity: 12,
  });
  await insertReadings(
    testApp,
    farmId,
    gappy,
    20302,
    slots(D, D + DAY)
      .filter((time) => time < D + 12 * HOUR || time >= D + 13 * HOUR)
      .map((time) => ({ time, temperature: 38.8, activity: 12 })),
  );
  const drinking = await insertCowRow(testApp, farmer, {
    code: 'C303',
    sensorId: 20303,
    averageTemperature: 38.9,
    averageActivity: 12,
  });
  await insertReadings(
    testApp,
    farmId,
    drinking,
    20303,
    slots(D - DAY, D + DAY).map((time) => ({
      time,
      temperature: inADrink(time) ? 37.4 : 38.9,
      activity: 12,
    })),
  );
  await insertCowRow(testApp, stranger, { code: 'C901', sensorId: 40901 });
});
afterAll(() => testApp.close());

const body = (extra: Record<string, unknown> = {}) => ({
  id: 40301,
  city: CITY,
  country: 'KR',
  timedate: '2026-04-10',
  ...extra,
});

const chart = async <T>(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  extra: Record<string, unknown> = {},
) => {
  const response = await call(testApp, route, { token: farmer.token, body: body(extra) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
};

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const hourOf = (hour: number, day = '2026-04-10') => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;
const temperatureAt = (hour: number) => Math.round((38 + 0.1 * hour) * 100) / 100;

describe('the sensor-data calls (spec §7): window, resolution and fields', () => {
  it('num: counts of the day', async () => {
    expect(await chart(api.charts.readingCounts)).toEqual({
      date: '2026-04-10',
      expected: 144,
      received: 144,
      filled: 0,
      missing: 0,
      lastReadingAt: '2026-04-10T23:50:00Z',
    });
  });

  it('line: every 10-minute reading of the day', async () => {
    const line = await chart<
      { num: number; timedate: string; temp: number; drink: number; filled: boolean }[]
    >(api.charts.readingsOfDay);
    expect(line).toHaveLength(144);
    expect(line[0]).toEqual({
      num: D / 600_000,
      timedate: '2026-04-10T00:00:00Z',
      temp: 38,
      activity: 6,
      drink: 0,
      filled: false,
    });
    expect(line[48]).toEqual({
      num: D / 600_000 + 48,
      timedate: '2026-04-10T08:00:00Z',
      temp: 38.8,
      activity: 6,
      drink: 1,
      filled: false,
    });
  });

  it('hot: temperature means per hour', async () => {
    expect(await chart(api.charts.temperatureHourly)).toEqual(
      hours.map((hour) => ({ time: hourOf(hour), temp: temperatureAt(hour), count: 6 })),
    );
  });

  it('hotactivity: temperature mean and activity sum per hour', async () => {
    expect(await chart(api.charts.temperatureActivityHourly)).toEqual(
      hours.map((hour) => ({ time: hourOf(hour), temp: temperatureAt(hour), activity: 36 })),
    );
  });

  it('hotdatay: each hour beside the same hour the day before', async () => {
    expect(await chart(api.charts.temperatureAgainstYesterday)).toEqual(
      hours.map((hour) => ({ time: hourOf(hour), temp: temperatureAt(hour), tempYesterday: 38 })),
    );
  });

  it("hotdataynew: each hour's deviation from the cow's average + tempadd, 0 by default (spec §5, decision 0013)", async () => {
    const points = await chart<{ deviation: number; average: number }[]>(api.charts.temperatureDeviation);
    expect(points[0]).toEqual({ time: hourOf(0), temp: 38, average: 38.8, deviation: -0.8 });
    expect(points[23]).toEqual({ time: hourOf(23), temp: 40.3, average: 38.8, deviation: 1.5 });
    // A cow with a tempadd of her own: 38.8 − (38.8 + 0.45).
    const own = await chart<{ deviation: number }[]>(api.charts.temperatureDeviation, { id: 20302 });
    expect(own[0]).toEqual({ time: hourOf(0), temp: 38.8, average: 38.8, deviation: -0.45 });
  });

  it('activityline6: each reading of the 6 hours up to the given time', async () => {
    const points = await chart(api.charts.activityLastSixHours, { timedate: '2026-04-10T12:00:00Z' });
    expect(points).toEqual(
      slots(D + 6 * HOUR, D + 12 * HOUR).map((time) => ({
        time: new Date(time).toISOString().replace('.000Z', 'Z'),
        activity: 6,
      })),
    );
  });

  it('activitylinesix: 6-hour sums over the 7 days ending with the day, with the readings of each', async () => {
    const points = await chart<{ time: string; activity: number | null; count: number }[]>(
      api.charts.activitySixHourly,
    );
    expect(points).toHaveLength(28);
    expect(points[0]).toEqual({ time: '2026-04-04T00:00:00Z', activity: null, count: 0 });
    expect(points.slice(20).map((point) => point.activity)).toEqual([108, 108, 108, 108, 216, 216, 216, 216]);
    expect(points.slice(20).map((point) => point.count)).toEqual([36, 36, 36, 36, 36, 36, 36, 36]);
    expect(points[27]?.time).toBe('2026-04-10T18:00:00Z');
  });

  it('activitylinerds: daily sums over 30 days, with the readings each day had', async () => {
    const points = await chart<{ date: string; activity: number | null; count: number }[]>(
      api.charts.activityDaily,
    );
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ date: '2026-03-12', activity: null, count: 0 });
    expect(points.slice(28)).toEqual([
      { date: '2026-04-09', activity: 432, count: 144 },
      { date: '2026-04-10', activity: 864, count: 144 },
    ]);
  });

  it('templinerds: daily mean, minimum and maximum over 30 days', async () => {
    const points = await chart<unknown[]>(api.charts.temperatureDaily);
    expect(points).toHaveLength(30);
    expect(points.slice(27)).toEqual([
      { date: '2026-04-08', temp: null, min: null, max: null },
      { date: '2026-04-09', temp: 38, min: 38, max: 38 },
      { date: '2026-04-10', temp: 39.15, min: 38, max: 40.3 },
    ]);
  });

  it('templinepynew: 2-hour means over 7 days under data.data, with the average and fever lines', async () => {
    const result = await chart<{ data: { time: string; temp: number | null }[] }>(
      api.charts.temperatureWithAverage,
    );
    // No tempadd of her own: the default 0 (decision 0013); the fever line is 0.5 above.
    expect(result).toMatchObject({ average: 38.8, tempadd: 0, feverLine: 39.3 });
    expect(await chart(api.charts.temperatureWithAverage, { id: 20302 })).toMatchObject({
      average: 38.8,
      tempadd: 0.45,
      feverLine: 39.75,
    });
    expect(result.data).toHaveLength(84);
    expect(result.data.slice(72)).toEqual(
      Array.from({ length: 12 }, (_, index) => ({
        time: hourOf(index * 2),
        temp: Math.round((38.05 + 0.2 * index) * 100) / 100,
      })),
    );
  });

  it("speaks the client's clock when timedate carries an offset", async () => {
    const points = await chart<{ time: string; temp: number }[]>(api.charts.temperatureHourly, {
      timedate: '2026-04-10T09:30:00+09:00',
    });
    // Local midnight of 2026-04-10 at +09:00 is 15:00 UTC the day before.
    expect(points[0]).toEqual({ time: '2026-04-10T00:00:00+09:00', temp: 38, count: 6 });
    expect(points[10]).toEqual({ time: '2026-04-10T10:00:00+09:00', temp: 38.1, count: 6 });
    const recent = await chart<{ time: string }[]>(api.charts.activityLastSixHours, {
      timedate: '2026-04-10T21:00:00+09:00',
    });
    expect(recent[0]?.time).toBe('2026-04-10T15:00:00+09:00');
    expect(recent).toHaveLength(36);
  });

  it('accepts the sensor id as text and the farm number as city', async () => {
    const counts = await chart<{ received: number }>(api.charts.readingCounts, {
      id: '40301',
      city: farmer.farmNumber,
    });
    expect(counts.received).toBe(144);
  });
});

describe("a pill's drinks", () => {
  it('are in her readings, and out of the temperature means charted against her average', async () => {
    const line = await chart<{ temp: number }[]>(api.charts.readingsOfDay, { id: 20303 });
    expect(line.filter((reading) => reading.temp === 37.4)).toHaveLength(9 * 4);
    const hot = await chart<{ temp: number | null }[]>(api.charts.temperatureHourly, { id: 20303 });
    expect(hot.map((hour) => hour.temp)).toEqual(hours.map(() => 38.9));
    const deviation = await chart<{ deviation: number | null }[]>(api.charts.temperatureDeviation, {
      id: 20303,
    });
    expect(deviation.map((hour) => hour.deviation)).toEqual(hours.map(() => 0));
    const daily = await chart<{ temp: number | null; min: number | null }[]>(api.charts.temperatureDaily, {
      id: 20303,
    });
    expect(daily.slice(-2)).toEqual([
      { date: '2026-04-09', temp: 38.9, min: 38.9, max: 38.9 },
      { date: '2026-04-10', temp: 38.9, min: 38.9, max: 38.9 },
    ]);
  });
});

describe('gap filling (spec §4)', () => {
  it("fills a missing hour around the cow's averages at 10-minute steps, the same way every time", async () => {
    const line = await chart<
      { num: number; timedate: string; temp: number; activity: number; filled: boolean }[]
    >(api.charts.readingsOfDay, { id: 20302 });
    expect(line).toHaveLength(144);
    const filled = line.filter((reading) => reading.filled);
    expect(filled.map((reading) => reading.timedate)).toEqual(
      slots(D + 12 * HOUR, D + 13 * HOUR).map((time) => new Date(time).toISOString().replace('.000Z', 'Z')),
    );
    for (const reading of filled) {
      expect(reading.temp).toBeGreaterThanOrEqual(38.6);
      expect(reading.temp).toBeLessThanOrEqual(39);
      expect(reading.activity).toBeGreaterThanOrEqual(10.8);
      expect(reading.activity).toBeLessThanOrEqual(13.2);
    }
    expect(await chart(api.charts.readingsOfDay, { id: 20302 })).toEqual(line);
    expect(await chart(api.charts.readingCounts, { id: 20302 })).toMatchObject({
      received: 138,
      filled: 6,
      missing: 6,
    });
    const hot = await chart<{ count: number }[]>(api.charts.temperatureHourly, { id: 20302 });
    expect(hot[12]?.count).toBe(6);
  });

  it('leaves hours without any reading empty rather than inventing them', async () => {
    const points = await chart<{ temp: number | null; count: number }[]>(api.charts.temperatureHourly, {
      id: 20302,
      timedate: '2026-04-11',
    });
    expect(points.every((point) => point.temp === null && point.count === 0)).toBe(true);
  });
});

describe('input and tenancy', () => {
  const calls = Object.entries(SENSOR_DATA_CALLS);

  it.each(calls)("%s: 'Invalid payload' when id, city or country is missing", async (_name, route) => {
    for (const missing of ['id', 'city', 'country']) {
      const request = body();
      delete (request as Record<string, unknown>)[missing];
      const response = await call(testApp, route, { token: farmer.token, body: request });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'E_VALIDATION',
        msg: 'Invalid payload',
        details: [{ path: `body.${missing}`, message: 'is required' }],
      });
    }
    const empty = await call(testApp, route, { token: farmer.token, body: body({ city: ' ' }) });
    expect(empty.json<{ msg: string }>().msg).toBe('Invalid payload');
  });

  it.each(calls)('%s: needs a token', async (_name, route) => {
    expect((await call(testApp, route, { body: body() })).statusCode).toBe(401);
  });

  it.each(calls)(
    "%s: 403 for another farm's country or city, 404 for another farm's sensor",
    async (_name, route) => {
      const otherCountry = await call(testApp, route, { token: farmer.token, body: body({ country: 'JP' }) });
      expect(otherCountry.statusCode).toBe(403);
      const otherCity = await call(testApp, route, { token: farmer.token, body: body({ city: 'Seoul' }) });
      expect(otherCity.statusCode).toBe(403);
      // Both test farms are in Hoengseong, KR; the farmer's farm number as city is the farmer's scope only.
      const strangerScope = await call(testApp, route, {
        token: stranger.token,
        body: body({ city: farmer.farmNumber }),
      });
      expect(strangerScope.statusCode).toBe(403);
      expect(strangerScope.body).not.toContain('38.8');
      const foreignSensor = await call(testApp, route, { token: farmer.token, body: body({ id: 40901 }) });
      expect(foreignSensor.statusCode).toBe(404);
      expect(foreignSensor.json()).toEqual({ success: false, code: 'E_NOT_FOUND', msg: expect.any(String) });
      const strangerOwnScope = await call(testApp, route, {
        token: stranger.token,
        body: body({ city: CITY, country: stranger.country }),
      });
      expect(strangerOwnScope.statusCode).toBe(404);
      expect(strangerOwnScope.body).not.toContain('38.8');
    },
  );

  it.each([
    ['a month 13', '2026-13-01'],
    ['a time without offset', '2026-04-10T09:00:00'],
    ['words', 'yesterday'],
  ])('400 naming timedate for %s', async (_name, timedate) => {
    const response = await call(testApp, api.charts.readingCounts, {
      token: farmer.token,
      body: body({ timedate }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('timedate');
  });

  it('400 naming id for an id that is not a sensor id', async () => {
    const response = await call(testApp, api.charts.readingCounts, {
      token: farmer.token,
      body: body({ id: 'abc' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('id');
  });
});

describe('uplow: the alert lines of a sensor', () => {
  const save = (datas: unknown, user: TestUser = farmer, id: number | string = 40301) =>
    call(testApp, api.charts.saveSensorBounds, { token: user.token, params: { id }, body: { datas } });

  it('saves, merges, clears and reads the bounds', async () => {
    const saved = await save({ tempUp: 39.5, tempLow: 38 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      data: { sensor: 40301, tempUp: 39.5, tempLow: 38, activityUp: null, activityLow: null },
    });
    expect((await save({ activityUp: 30 })).json<{ data: unknown }>().data).toEqual({
      sensor: 40301,
      tempUp: 39.5,
      tempLow: 38,
      activityUp: 30,
      activityLow: null,
    });
    expect((await save({ tempLow: null })).json<{ data: { tempLow: null } }>().data.tempLow).toBeNull();
    expect((await save({})).json<{ data: unknown }>().data).toEqual({
      sensor: 40301,
      tempUp: 39.5,
      tempLow: null,
      activityUp: 30,
      activityLow: null,
    });
  });

  it('400 when a lower bound is not below its upper one, naming it; nothing saved', async () => {
    const response = await save({ activityLow: 30 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('datas.activityLow');
    expect((await save({})).json<{ data: { activityLow: null } }>().data.activityLow).toBeNull();
  });

  it('compares lines as stored, to 0.01, and keeps temperatures in the readings range; nothing saved', async () => {
    const sameOnceStored = await save({ activityUp: 3e-323, activityLow: -4e-125 });
    expect(sameOnceStored.statusCode, sameOnceStored.body).toBe(400);
    expect(sameOnceStored.json<{ msg: string }>().msg).toContain('datas.activityLow');
    const beyondColumn = await save({ tempLow: 72_619 });
    expect(beyondColumn.statusCode).toBe(400);
    expect(beyondColumn.json<{ msg: string }>().msg).toContain('body.datas.tempLow must be <= 45');
    const rounded = await save({ tempUp: 39.456 });
    expect(rounded.json<{ data: { tempUp: number } }>().data.tempUp).toBe(39.46);
  });

  it('400 without datas, naming it', async () => {
    const response = await call(testApp, api.charts.saveSensorBounds, {
      token: farmer.token,
      params: { id: 40301 },
      body: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('datas');
  });

  it("401 without a token; 404 for another farm's sensor, with nothing saved there", async () => {
    expect(
      (await call(testApp, api.charts.saveSensorBounds, { params: { id: 40301 }, body: { datas: {} } }))
        .statusCode,
    ).toBe(401);
    const response = await save({ tempUp: 41 }, stranger, 40301);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('39.5');
    const [row] = await testApp.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM sensor_alert_bounds WHERE farm_id = $1',
      [await farmIdOf(testApp, stranger)],
    );
    expect(row?.count).toBe(0);
  });
});
