import { describe, it, expect } from 'vitest';
import {
  ACTIVITY_LEVELS,
  DEFAULT_COW_FILTER_OPTIONS,
  FILTERABLE_COW_STATUSES,
  TEMPERATURE_LEVELS,
  activityDeviationPercent,
  activityLevelFromOptionValue,
  activityLevelOf,
  cowMatchesFilter,
  createCowFilter,
  filterCows,
  temperatureDeviation,
  temperatureLevelFromOptionValue,
  temperatureLevelOf,
  withAllOptionsChecked,
  withAllOptionsCleared,
  type ActivityLevel,
  type CowFilterOptions,
  type FilterableCow,
  type FilterableCowStatus,
  type TemperatureLevel,
} from '../src/cow-filter';
import type { SensorKind, SensorState } from '../src/sensor';

// Deviation 0 °C (normal) and 0 % activity (normal) with the default offset 0 (decision 0013); pregnant,
// online neck sensor.
const baseCow: FilterableCow = {
  code: 'C1001',
  sensorId: 40_001,
  sensorzt: 1,
  storedStatus: '임신',
  currentTemperature: 38.9,
  averageTemperature: 38.9,
  currentActivity: 10,
  averageActivity: 10,
};
const cow = (overrides: Partial<FilterableCow> = {}): FilterableCow => ({ ...baseCow, ...overrides });

const EVERYTHING: CowFilterOptions = withAllOptionsChecked({ ...DEFAULT_COW_FILTER_OPTIONS });
const only = (overrides: Partial<CowFilterOptions>): CowFilterOptions => ({ ...EVERYTHING, ...overrides });

describe('temperatureDeviation', () => {
  it.each([
    // Without a tempadd she adds 0 (decision 0013): the deviation is current − average.
    [38.9, 38.9, undefined, 0],
    [39.4, 38.9, undefined, 0.5],
    [39.399, 38.9, undefined, 0.499],
    [39.9, 38.9, undefined, 1],
    [40.4, 38.9, undefined, 1.5],
    [38.89, 38.9, undefined, -0.01],
    [38.4, 38.9, undefined, -0.5],
    [38.9, 38.9, null, 0],
    [38.9, 38.9, Number.NaN, 0],
    [39.35, 38.9, 0, 0.45],
    [39.35, 38.9, 0.45, 0],
    [39.6, 39, 0.2, 0.4],
    [39, 39, -0.5, 0.5],
  ])('current %s, average %s, offset %s -> %s', (current, average, offset, expected) => {
    expect(temperatureDeviation(current, average, offset)).toBe(expected);
  });

  // Raw float subtraction gives 0.4999999999999929 etc. for these; they sit exactly on the band edge.
  it.each([
    [37.47, 0],
    [37.97, 0.5],
    [38.47, 1],
    [38.97, 1.5],
  ])('removes float noise: %s over 37.02 + 0.45 is exactly %s', (current, expected) => {
    expect(current - (37.02 + 0.45)).not.toBe(expected);
    expect(temperatureDeviation(current, 37.02, 0.45)).toBe(expected);
  });

  it.each([
    [undefined, 38.9],
    [null, 38.9],
    [39, undefined],
    [39, null],
    [Number.NaN, 38.9],
    [Number.POSITIVE_INFINITY, 38.9],
    [0, 38.9],
    [39, 0],
    [-1, 38.9],
  ])('is undefined for a missing reading: current %s, average %s', (current, average) => {
    expect(temperatureDeviation(current, average)).toBeUndefined();
  });
});

describe('temperatureLevelOf', () => {
  it.each<[number, TemperatureLevel]>([
    [-5, 'low'],
    [-0.51, 'low'],
    [-0.5, 'normal'],
    [-0.01, 'normal'],
    [0, 'normal'],
    [0.49, 'normal'],
    [0.5, 'slight'],
    [0.99, 'slight'],
    [1, 'moderate'],
    [1.49, 'moderate'],
    [1.5, 'severe'],
    [4, 'severe'],
  ])('%s -> %s', (deviation, level) => {
    expect(temperatureLevelOf(deviation)).toBe(level);
  });
});

describe('activityDeviationPercent and activityLevelOf', () => {
  it.each([
    [10, 10, 0],
    [11, 10, 10],
    [10.99, 10, 9.9],
    [9.99, 10, -0.1],
    [0, 10, -100],
    [30, 10, 200],
    [3.3, 3, 10],
    [6.6, 6, 10],
    [0.11, 0.1, 10],
  ])('current %s, average %s -> %s %%', (current, average, expected) => {
    expect(activityDeviationPercent(current, average)).toBe(expected);
  });

  it.each([
    [undefined, 10],
    [10, undefined],
    [null, 10],
    [10, null],
    [10, 0],
    [10, -5],
    [-1, 10],
    [Number.NaN, 10],
    [10, Number.POSITIVE_INFINITY],
  ])('is undefined without a baseline or reading: current %s, average %s', (current, average) => {
    expect(activityDeviationPercent(current, average)).toBeUndefined();
  });

  it.each<[number, ActivityLevel]>([
    [-100, 'low'],
    [-20.01, 'low'],
    [-20, 'normal'],
    [-0.01, 'normal'],
    [0, 'normal'],
    [9.99, 'normal'],
    [10, 'high'],
    [250, 'high'],
  ])('%s %% -> %s', (deviation, level) => {
    expect(activityLevelOf(deviation)).toBe(level);
  });
});

describe('option values', () => {
  it.each<[number, TemperatureLevel | undefined]>([
    [0, 'normal'],
    [0.6, 'slight'],
    [-0.5, 'low'],
    [1.1, 'moderate'],
    [1.6, 'severe'],
    [0.5, undefined],
    [1, undefined],
  ])('temperature option value %s -> %s', (value, level) => {
    expect(temperatureLevelFromOptionValue(value)).toBe(level);
  });

  it.each<[number, ActivityLevel | undefined]>([
    [0, 'normal'],
    [-6, 'low'],
    [6, 'high'],
    [10, undefined],
  ])('activity option value %s -> %s', (value, level) => {
    expect(activityLevelFromOptionValue(value)).toBe(level);
  });
});

describe('default, check-all and clear-all options', () => {
  it('checks everything except sensor state zt', () => {
    expect(DEFAULT_COW_FILTER_OPTIONS).toEqual({
      statuses: [
        'estrusDetection',
        'pregnancyConfirm',
        'pregnancy',
        'fattening',
        'waitingForSettings',
        'lactation',
      ],
      temperatureLevels: ['normal', 'slight', 'low', 'moderate', 'severe'],
      activityLevels: ['normal', 'low', 'high'],
      sensorStates: ['zts'],
      sensorKinds: ['neck', 'pill'],
      keyword: '',
    });
  });

  it('by default shows an online cow and hides an offline one', () => {
    expect(cowMatchesFilter(cow({ sensorzt: 1 }), DEFAULT_COW_FILTER_OPTIONS)).toBe(true);
    expect(cowMatchesFilter(cow({ sensorzt: 0 }), DEFAULT_COW_FILTER_OPTIONS)).toBe(false);
  });

  it('check-all selects zt too and keeps the keyword', () => {
    const checked = withAllOptionsChecked({
      ...withAllOptionsCleared(DEFAULT_COW_FILTER_OPTIONS),
      keyword: 'C1',
    });
    expect(checked.sensorStates).toEqual(['zts', 'zt']);
    expect(checked.keyword).toBe('C1');
    expect(cowMatchesFilter(cow({ sensorzt: 0 }), checked)).toBe(true);
  });

  it('clear-all selects nothing, keeps the keyword and hides every cow', () => {
    const cleared = withAllOptionsCleared({ ...EVERYTHING, keyword: 'C1' });
    expect(cleared).toEqual({
      statuses: [],
      temperatureLevels: [],
      activityLevels: [],
      sensorStates: [],
      sensorKinds: [],
      keyword: 'C1',
    });
    expect(cowMatchesFilter(cow(), cleared)).toBe(false);
  });
});

describe('a group with nothing selected hides every cow', () => {
  it.each<keyof Omit<CowFilterOptions, 'keyword'>>([
    'statuses',
    'temperatureLevels',
    'activityLevels',
    'sensorStates',
    'sensorKinds',
  ])('%s empty', (group) => {
    expect(cowMatchesFilter(cow(), EVERYTHING)).toBe(true);
    expect(cowMatchesFilter(cow(), only({ [group]: [] }))).toBe(false);
    expect(
      cowMatchesFilter(cow({ currentTemperature: null, currentActivity: null }), only({ [group]: [] })),
    ).toBe(false);
  });
});

describe('sensor type group', () => {
  it.each<[number, SensorKind[], boolean]>([
    [40_000, ['neck'], true],
    [40_000, ['pill'], false],
    [39_999, ['pill'], true],
    [39_999, ['neck'], false],
    [39_999, ['neck', 'pill'], true],
  ])('sensor %s with %j -> %s', (sensorId, sensorKinds, shown) => {
    expect(cowMatchesFilter(cow({ sensorId }), only({ sensorKinds }))).toBe(shown);
  });
});

describe('sensor state group', () => {
  it.each<[number, SensorState[], boolean]>([
    [1, ['zts'], true],
    [0, ['zts'], false],
    [0, ['zt'], true],
    [1, ['zt'], false],
    [0, ['zts', 'zt'], true],
    [2, ['zts'], false],
    [2, ['zt'], false],
    [2, ['zts', 'zt'], true],
  ])('sensorzt %s with %j -> %s', (sensorzt, sensorStates, shown) => {
    expect(cowMatchesFilter(cow({ sensorzt }), only({ sensorStates }))).toBe(shown);
  });
});

describe('status group', () => {
  it.each<[string, FilterableCowStatus]>([
    ['발정탐지', 'estrusDetection'],
    ['발정감지', 'estrusDetection'],
    ['임신감정', 'pregnancyConfirm'],
    ['임신', 'pregnancy'],
    ['비육', 'fattening'],
    ['설정대기', 'waitingForSettings'],
    ['포유', 'lactation'],
  ])('%s is shown by %s alone and hidden by every other status', (storedStatus, status) => {
    expect(cowMatchesFilter(cow({ storedStatus }), only({ statuses: [status] }))).toBe(true);
    const others = FILTERABLE_COW_STATUSES.filter((candidate) => candidate !== status);
    expect(cowMatchesFilter(cow({ storedStatus }), only({ statuses: others }))).toBe(false);
  });

  it('never shows a culled cow, even with everything checked', () => {
    expect(cowMatchesFilter(cow({ storedStatus: '도태' }), EVERYTHING)).toBe(false);
  });

  it('shows an unrecognised status only while every status is checked', () => {
    expect(cowMatchesFilter(cow({ storedStatus: '' }), EVERYTHING)).toBe(true);
    expect(cowMatchesFilter(cow({ storedStatus: 'pregnant' }), only({ statuses: ['pregnancy'] }))).toBe(
      false,
    );
  });
});

describe('temperature group', () => {
  it.each<[number, TemperatureLevel]>([
    [38.39, 'low'],
    [38.4, 'normal'],
    [38.9, 'normal'],
    [39.39, 'normal'],
    [39.4, 'slight'],
    [39.89, 'slight'],
    [39.9, 'moderate'],
    [40.39, 'moderate'],
    [40.4, 'severe'],
  ])('current %s over average 38.9 is only in %s', (currentTemperature, level) => {
    const subject = cow({ currentTemperature });
    expect(cowMatchesFilter(subject, only({ temperatureLevels: [level] }))).toBe(true);
    const others = TEMPERATURE_LEVELS.filter((candidate) => candidate !== level);
    expect(cowMatchesFilter(subject, only({ temperatureLevels: others }))).toBe(false);
  });

  it('uses the cow offset instead of the default 0 when she has one', () => {
    const subject = cow({ currentTemperature: 39.4, averageTemperature: 38.9, temperatureOffset: 0.45 });
    expect(cowMatchesFilter(subject, only({ temperatureLevels: ['normal'] }))).toBe(true);
    expect(
      cowMatchesFilter({ ...subject, temperatureOffset: null }, only({ temperatureLevels: ['slight'] })),
    ).toBe(true);
  });

  it('shows a cow without temperature readings only while every level is checked', () => {
    const subject = cow({ currentTemperature: undefined });
    expect(cowMatchesFilter(subject, EVERYTHING)).toBe(true);
    expect(
      cowMatchesFilter(subject, only({ temperatureLevels: ['normal', 'slight', 'low', 'moderate'] })),
    ).toBe(false);
  });
});

describe('activity group', () => {
  it.each<[number, ActivityLevel]>([
    [7.99, 'low'],
    [8, 'normal'],
    [9.99, 'normal'],
    [10, 'normal'],
    [10.99, 'normal'],
    [11, 'high'],
  ])('current %s over average 10 is only in %s', (currentActivity, level) => {
    const subject = cow({ currentActivity });
    expect(cowMatchesFilter(subject, only({ activityLevels: [level] }))).toBe(true);
    const others = ACTIVITY_LEVELS.filter((candidate) => candidate !== level);
    expect(cowMatchesFilter(subject, only({ activityLevels: others }))).toBe(false);
  });

  it.each([
    ['no average', { averageActivity: null }],
    ['a zero average', { averageActivity: 0 }],
    ['no current value', { currentActivity: undefined }],
  ])('all three options checked means no activity filtering: %s', (_label, overrides) => {
    const subject = cow(overrides);
    expect(cowMatchesFilter(subject, only({ activityLevels: ['low', 'normal', 'high'] }))).toBe(true);
    expect(cowMatchesFilter(subject, only({ activityLevels: ['low', 'normal'] }))).toBe(false);
  });
});

describe('keyword', () => {
  it.each([
    ['', 'C1001', true],
    ['   ', 'C1001', true],
    ['C10', 'C1001', true],
    ['001', 'C1001', true],
    ['c10', 'C1001', true],
    [' 1001 ', 'C1001', true],
    ['C1001', 'C1001', true],
    ['C10011', 'C1001', false],
    ['C2', 'C1001', false],
    ['x', 'C1001', false],
  ])('keyword %j against code %s -> %s', (keyword, code, shown) => {
    expect(cowMatchesFilter(cow({ code }), only({ keyword }))).toBe(shown);
  });
});

describe('filterCows', () => {
  it('keeps matching cows in input order and passes through the caller type', () => {
    const herd = [
      { ...cow({ code: 'C3' }), id: 3 },
      { ...cow({ code: 'C1', sensorzt: 0 }), id: 1 },
      { ...cow({ code: 'C2', currentTemperature: 41 }), id: 2 },
      { ...cow({ code: 'C4', storedStatus: '도태' }), id: 4 },
      { ...cow({ code: 'C5' }), id: 5 },
    ];
    expect(filterCows(herd, DEFAULT_COW_FILTER_OPTIONS).map((shown) => shown.id)).toEqual([3, 2, 5]);
    expect(filterCows(herd, only({ temperatureLevels: ['severe'] })).map((shown) => shown.id)).toEqual([2]);
    expect(filterCows([], DEFAULT_COW_FILTER_OPTIONS)).toEqual([]);
  });

  it('agrees with a compiled filter', () => {
    const matches = createCowFilter(only({ sensorKinds: ['pill'] }));
    expect([matches(cow({ sensorId: 12 })), matches(cow({ sensorId: 40_012 }))]).toEqual([true, false]);
  });

  it('filters 10,000 cows in well under 8 ms', () => {
    const statuses = ['발정탐지', '임신감정', '임신', '비육', '설정대기', '포유', '발정감지', '도태'];
    const herd: FilterableCow[] = Array.from({ length: 10_000 }, (_, index) => ({
      code: `C${100_000 + index}`,
      sensorId: index % 2 === 0 ? 40_000 + index : index,
      sensorzt: index % 5 === 0 ? 0 : 1,
      storedStatus: statuses[index % statuses.length] ?? '',
      currentTemperature: 38 + (index % 40) / 10,
      averageTemperature: 38.9,
      temperatureOffset: index % 3 === 0 ? null : 0.3,
      currentActivity: index % 30,
      averageActivity: index % 7 === 0 ? null : 12,
    }));
    const narrowed = only({
      temperatureLevels: ['normal', 'slight', 'moderate'],
      activityLevels: ['normal', 'high'],
      sensorStates: ['zts'],
      keyword: '1',
    });
    for (let warmUp = 0; warmUp < 20; warmUp += 1) filterCows(herd, narrowed);
    const durations: number[] = [];
    for (let run = 0; run < 21; run += 1) {
      const started = performance.now();
      filterCows(herd, narrowed);
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    expect(durations[10]).toBeLessThan(8);
    // Pins the synthetic herd's result so a short-circuit that skips the work cannot pass as fast.
    expect(filterCows(herd, narrowed)).toHaveLength(2001);
  });
});
