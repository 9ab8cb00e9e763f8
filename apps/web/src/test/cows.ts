import type { Cow } from '@cowcare/contract/cow-schemas';
import { ok, type FakeHandler } from './fake-api';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';

let nextId = 1000;

/** A cow as the server sends it: online neck sensor, normal readings (no tempadd of her own), in estrus detection. */
export function makeCow(overrides: Partial<Cow> = {}): Cow {
  nextId += 1;
  const id = overrides.id ?? nextId;
  return {
    id,
    code: `C${id}`,
    sensor: 40000 + id,
    sensorKind: 'neck',
    sensorzt: 1,
    status: '발정탐지',
    parity: 1,
    birthday: '2021-03-04',
    mage: 50,
    sex: 'female',
    damId: null,
    sireCode: null,
    drink: 9,
    drink_current: 8,
    fever: 0.1,
    temp_current: 38.55,
    temp_avg: 38.45,
    tempadd: null,
    activity: 5,
    activity_current: 10.5,
    activity_avg: 10,
    lastReadingAt: '2025-06-01T08:00:00Z',
    readed: 1,
    typeid: null,
    typename: null,
    city: 'Hongseong',
    country: 'KR',
    lastEstrus: null,
    lastFertilization: null,
    recentChildbirth: null,
    pregnancyTest: null,
    pregnancyTestAuto: true,
    expectedDelivery: null,
    expectedDeliveryAuto: true,
    expectedEstrus: null,
    expectedEstrusAuto: true,
    culledAt: null,
    ...overrides,
  };
}

/** Temperatures that give an exact deviation with the default offset (0, decision 0013): average 38.5. */
export const withFever = (deviation: number): Partial<Cow> => ({
  temp_avg: 38.5,
  tempadd: null,
  temp_current: Math.round((38.5 + DEFAULT_TEMPERATURE_OFFSET_CELSIUS + deviation) * 100) / 100,
});

/** Activity readings that give an exact percent deviation from an average of 10. */
export const withActivity = (percent: number): Partial<Cow> => ({
  activity_avg: 10,
  activity_current: 10 + percent / 10,
});

/** The demo user's farm as the cow page reads it, with this one cow in it and nothing else recorded. */
export const cowPageHandlers = (cow: Cow): Record<string, FakeHandler> => ({
  'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
  'GET common/common/lgs/lgs': () => ok([]),
  [`GET common/common/getDataById/cowinfo/${cow.id}`]: () => ok(cow),
  'GET common/common/getCowsData/KR/F-100': () => ok([cow]),
  'POST gpko/line': () => ok([]),
  'POST gpko/hotdataynew': () => ok([]),
  'POST news/news/gpko/num': () =>
    ok({ date: '2025-06-01', expected: 144, received: 0, filled: 0, missing: 144, lastReadingAt: null }),
  [`POST news/news/gpko/uplow/${cow.sensor}`]: () =>
    ok({ sensor: cow.sensor, tempUp: null, tempLow: null, activityUp: null, activityLow: null }),
  'GET common/common/getNoticeData/KR/F-100/010-1234-5678': () => ok({ list: [], all: [] }),
  'GET common/common/getNoticeDatab/KR/F-100/010-1234-5678': () => ok({ listb: [], allb: [] }),
});
