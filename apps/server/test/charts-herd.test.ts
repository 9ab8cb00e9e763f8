import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { DAY, HOUR, insertReadings, slots } from './notices-fixtures';

// The chosen day D = 2026-04-10 (UTC). The farmer's herd:
//  - sensor 50101 reads every 10 minutes of D (38.0 + 0.1 °C per hour of the day, activity 6) and of D−1
//    (37 °C, activity 1);
//  - sensor 50102 reads D at 39 °C and activity 12, but only 3 readings in 05:00-05:59 and none in 12:00-12:59;
//  - a culled cow's sensor 50103 and an unworn sensor 50104 read D at 41 °C: not the herd's.
// The stranger's farm is in the same city, and its cow wears a sensor with the same number 50101, which read
// D+1 only (45 °C).
const D = Date.UTC(2026, 3, 10);
const CITY = 'Hoengseong';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
/** A farm of two: a neck collar at 38 °C, and a bolus at 39 °C that drinks (below). */
let drinkingFarmer: TestUser;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  const farmId = await farmIdOf(testApp, farmer);
  const strangerFarmId = await farmIdOf(testApp, stranger);
  const rising = await insertCowRow(testApp, farmer, { code: 'C501', sensorId: 50101 });
  await insertReadings(testApp, farmId, rising, 50101, [
    ...slots(D - DAY, D).map((time) => ({ time, temperature: 37, activity: 1 })),
    ...slots(D, D + DAY).map((time) => ({
      time,
      temperature: Math.round((38 + 0.1 * Math.floor((time - D) / HOUR)) * 100) / 100,
      activity: 6,
    })),
  ]);
  const steady = await insertCowRow(testApp, farmer, { code: 'C502', sensorId: 50102 });
  await insertReadings(
    testApp,
    farmId,
    steady,
    50102,
    slots(D, D + DAY)
      .filter((time) => time < D + 5 * HOUR + 30 * 60_000 || time >= D + 6 * HOUR)
      .filter((time) => time < D + 12 * HOUR || time >= D + 13 * HOUR)
      .map((time) => ({ time, temperature: 39, activity: 12 })),
  );
  const culled = await insertCowRow(testApp, farmer, { code: 'C503', sensorId: 50103, culled: true });
  const hot = slots(D, D + DAY).map((time) => ({ time, temperature: 41, activity: 100 }));
  await insertReadings(testApp, farmId, culled, 50103, hot);
  await insertReadings(testApp, farmId, null, 50104, hot);
  const strangerCow = await insertCowRow(testApp, stranger, { code: 'C901', sensorId: 50101 });
  await insertReadings(
    testApp,
    strangerFarmId,
    strangerCow,
    50101,
    slots(D + DAY, D + 2 * DAY).map((time) => ({ time, temperature: 45, activity: 50 })),
  );
});
afterAll(() => testApp.close());

// The bolus 30201 reads 39 °C but for two drinks: one begun at 23:40 the day before that lasts past midnight,
// one at 06:00. Each falls by over 2 °C and is back at 39 within 40 minutes, as a drink of cold water is. Its
// activity is 12 a reading, the collar's 6.
const DRINKS: Record<number, number> = {
  [D - 20 * 60_000]: 36.8,
  [D - 10 * 60_000]: 37.5,
  [D]: 38,
  [D + 10 * 60_000]: 38.4,
  [D + 6 * HOUR]: 36.5,
  [D + 6 * HOUR + 10 * 60_000]: 37.2,
  [D + 6 * HOUR + 20 * 60_000]: 37.9,
  [D + 6 * HOUR + 30 * 60_000]: 38.5,
};

beforeAll(async () => {
  drinkingFarmer = await createFarmUser(testApp);
  const farmId = await farmIdOf(testApp, drinkingFarmer);
  const collar = await insertCowRow(testApp, drinkingFarmer, { code: 'C601', sensorId: 50201 });
  await insertReadings(
    testApp,
    farmId,
    collar,
    50201,
    slots(D, D + DAY).map((time) => ({ time, temperature: 38, activity: 6 })),
  );
  const bolus = await insertCowRow(testApp, drinkingFarmer, { code: 'C602', sensorId: 30201 });
  await insertReadings(
    testApp,
    farmId,
    bolus,
    30201,
    slots(D - DAY, D + DAY).map((time) => ({ time, temperature: DRINKS[time] ?? 39, activity: 12 })),
  );
});

interface HerdDay {
  sensors: number;
  reported: number;
  hours: { time: string; temp: number | null; activity: number | null; sensors: number }[];
}

const body = (extra: Record<string, unknown> = {}) => ({
  city: CITY,
  country: 'KR',
  timedate: '2026-04-10',
  ...extra,
});

const herdDay = async (extra: Record<string, unknown> = {}, user: TestUser = farmer) => {
  const response = await call(testApp, api.charts.herdHourly, { token: user.token, body: body(extra) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: HerdDay }>().data;
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const risingAt = (hour: number) => round2(38 + 0.1 * hour);
const utcHour = (hour: number, day = '2026-04-10') => `${day}T${String(hour).padStart(2, '0')}:00:00Z`;
const emptyHours = (day: string) =>
  Array.from({ length: 24 }, (_, hour) => ({
    time: utcHour(hour, day),
    temp: null,
    activity: null,
    sensors: 0,
  }));

describe('herdhourly: the herd per hour of a day in one call', () => {
  it('gives each hour the mean over the sensors of active cows, each sensor weighing the same', async () => {
    const day = await herdDay();
    expect(day).toMatchObject({ sensors: 2, reported: 2 });
    expect(day.hours).toEqual(
      Array.from({ length: 24 }, (_, hour) => {
        if (hour === 12) return { time: utcHour(12), temp: risingAt(12), activity: 36, sensors: 1 };
        // Sensor 50102 sent only 3 readings this hour: her activity is still 12 a reading, 72 an hour, so the
        // herd's hour does not fall (a sum would have made it 54 → 36), and she still counts as one sensor.
        return {
          time: utcHour(hour),
          temp: round2((risingAt(hour) + 39) / 2),
          activity: (36 + 72) / 2,
          sensors: 2,
        };
      }),
    );
  });

  it("cuts the hours at the client's offset and answers at it, half hours included", async () => {
    const korea = await herdDay({ timedate: '2026-04-10T09:30:00+09:00' });
    expect(korea.hours).toHaveLength(24);
    // Local midnight is 15:00 UTC the day before, when only sensor 50101 read (37 °C, activity 6 × 1).
    expect(korea.hours[0]).toEqual({ time: '2026-04-10T00:00:00+09:00', temp: 37, activity: 6, sensors: 1 });
    expect(korea.hours[9]).toEqual({
      time: '2026-04-10T09:00:00+09:00',
      temp: 38.5,
      activity: 54,
      sensors: 2,
    });
    const india = await herdDay({ timedate: '2026-04-10T12:00:00+05:30' });
    // 06:00+05:30 is 00:30 UTC: three readings of 38.0 and three of 38.1 from 50101, 39 from 50102.
    expect(india.hours[6]).toEqual({
      time: '2026-04-10T06:00:00+05:30',
      temp: 38.53,
      activity: 54,
      sensors: 2,
    });
  });

  it('counts the sensors that reported in the day; a day without readings is every hour empty', async () => {
    expect(await herdDay({ timedate: '2026-04-09' })).toMatchObject({ sensors: 2, reported: 1 });
    expect(await herdDay({ timedate: '2026-04-11' })).toEqual({
      sensors: 2,
      reported: 0,
      hours: emptyHours('2026-04-11'),
    });
  });

  it("takes a bolus's body temperature: her drinks are left out, one begun before midnight too", async () => {
    const { hours, ...herd } = await herdDay({ country: drinkingFarmer.country }, drinkingFarmer);
    expect(herd).toEqual({ sensors: 2, reported: 2 });
    // The collar's 38 and the bolus's 39 in every hour; with the drinks in, hour 0 would read 38.37 and hour
    // 6 38.01, a herd that seems to cool as it drinks.
    expect(hours.map((hour) => hour.temp)).toEqual(Array.from({ length: 24 }, () => 38.5));
    expect(hours[6]).toMatchObject({ activity: (36 + 72) / 2, sensors: 2 });
    // At +05:30 the day starts at 18:30 UTC the day before: the bolus alone until the collar's first reading
    // at 00:00 UTC (hour 5), her drinks still left out.
    const india = await herdDay({ timedate: '2026-04-10T12:00:00+05:30' }, drinkingFarmer);
    expect(india.hours.map((hour) => hour.temp)).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour < 5 ? 39 : 38.5)),
    );
    expect(india.hours[4]?.sensors).toBe(1);
    // The evening read to find a drink begun before midnight is not the next day's: it has no reading.
    expect(await herdDay({ timedate: '2026-04-11' }, drinkingFarmer)).toEqual({
      sensors: 2,
      reported: 0,
      hours: emptyHours('2026-04-11'),
    });
  });

  it('accepts the farm number as city', async () => {
    expect((await herdDay({ city: farmer.farmNumber })).hours[0]?.sensors).toBe(2);
  });
});

describe('herdhourly: input and tenancy', () => {
  it('needs a token', async () => {
    expect((await call(testApp, api.charts.herdHourly, { body: body() })).statusCode).toBe(401);
  });

  it.each(['city', 'country'])("'Invalid payload' when %s is missing or empty", async (missing) => {
    const request: Record<string, unknown> = body();
    delete request[missing];
    const response = await call(testApp, api.charts.herdHourly, { token: farmer.token, body: request });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'E_VALIDATION',
      msg: 'Invalid payload',
      details: [{ path: `body.${missing}`, message: 'is required' }],
    });
    const blank = await call(testApp, api.charts.herdHourly, {
      token: farmer.token,
      body: body({ [missing]: ' ' }),
    });
    expect(blank.json<{ msg: string }>().msg).toBe('Invalid payload');
  });

  it('400 naming timedate for a day that is neither form', async () => {
    const response = await call(testApp, api.charts.herdHourly, {
      token: farmer.token,
      body: body({ timedate: '2026-04-10T09:00:00' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toContain('timedate');
  });

  it("403 for another farm's country or city, the farmer's farm number included", async () => {
    for (const [user, extra] of [
      [farmer, { country: 'JP' }],
      [farmer, { city: 'Seoul' }],
      [stranger, { city: farmer.farmNumber }],
    ] as const) {
      const response = await call(testApp, api.charts.herdHourly, { token: user.token, body: body(extra) });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('38.5');
    }
  });

  it("gives another farm's user their own herd only, never this farm's readings", async () => {
    const own = await herdDay({ country: stranger.country }, stranger);
    expect(own).toEqual({ sensors: 1, reported: 0, hours: emptyHours('2026-04-10') });
    const next = await herdDay({ timedate: '2026-04-11' }, stranger);
    expect(next.hours[0]).toEqual({ time: utcHour(0, '2026-04-11'), temp: 45, activity: 300, sensors: 1 });
  });
});
