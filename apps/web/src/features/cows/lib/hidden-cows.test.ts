import { describe, expect, it } from 'vitest';
import { DEFAULT_COW_FILTER_OPTIONS } from '@cowcare/domain/cow-filter';
import { toCowRows } from '../../../lib/cow-rows';
import { makeCow, withFever } from '../../../test/cows';
import { groupsShowingHidden, hiddenByFilters } from './hidden-cows';
import type { FilterGroups } from './list-prefs';

const { keyword: _unused, ...defaults } = DEFAULT_COW_FILTER_OPTIONS;
const defaultGroups: FilterGroups = defaults;

const herd = toCowRows([
  makeCow({ code: 'C1' }),
  makeCow({ code: 'C2', sensorzt: 0 }),
  makeCow({ code: 'C3', sensorzt: 0 }),
  makeCow({ code: 'C4', sensor: null, sensorKind: null, sensorzt: 0 }),
  makeCow({ code: 'C5', ...withFever(1.2) }),
]);

describe('the cows the filters hide', () => {
  it('counts offline cows and cows without a sensor under the default filter', () => {
    expect(hiddenByFilters(herd, defaultGroups, '')).toEqual({ total: 3, offline: 2, noSensor: 1, other: 0 });
  });

  it('counts only the cows that match the search', () => {
    expect(hiddenByFilters(herd, defaultGroups, 'C4')).toEqual({
      total: 1,
      offline: 0,
      noSensor: 1,
      other: 0,
    });
  });

  it('counts a cow another group hides as hidden by other filters', () => {
    const feversOnly: FilterGroups = {
      ...defaultGroups,
      temperatureLevels: ['moderate'],
      sensorStates: ['zts', 'zt'],
    };
    expect(hiddenByFilters(herd, feversOnly, '')).toEqual({ total: 4, offline: 0, noSensor: 0, other: 4 });
  });

  it('shows the hidden cows by checking the sensor states, or everything when other groups hide some', () => {
    const shown = groupsShowingHidden(defaultGroups, { total: 3, offline: 2, noSensor: 1, other: 0 });
    expect(shown).toEqual({ ...defaultGroups, sensorStates: ['zts', 'zt'] });
    expect(hiddenByFilters(herd, shown, '').total).toBe(0);
    const narrowed: FilterGroups = { ...defaultGroups, statuses: ['pregnancy'] };
    const all = groupsShowingHidden(narrowed, hiddenByFilters(herd, narrowed, ''));
    expect(hiddenByFilters(herd, all, '').total).toBe(0);
  });
});
