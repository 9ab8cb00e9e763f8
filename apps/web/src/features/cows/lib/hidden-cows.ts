import { createCowFilter, withAllOptionsChecked } from '@cowcare/domain/cow-filter';
import { SENSOR_STATES } from '@cowcare/domain/sensor';
import type { CowRow } from '../../../lib/cow-rows';
import type { FilterGroups } from './list-prefs';

/** The cows the filter groups hide from the list, by why: so a cow just added never vanishes silently. */
export interface HiddenCows {
  total: number;
  /** Hidden only because their sensor is offline (the spec's default leaves offline sensors out). */
  offline: number;
  /** Hidden only by the sensor state, and have no sensor at all (a cow just added). */
  noSensor: number;
  /** Hidden by another group (status, temperature, activity, sensor type). */
  other: number;
}

/**
 * Counts the cows that match the search but not the filter groups. A cow that would show with every sensor
 * state checked is counted as offline or without a sensor; any other as hidden by the other filters.
 */
export function hiddenByFilters(rows: readonly CowRow[], groups: FilterGroups, keyword: string): HiddenCows {
  const passes = createCowFilter({ ...groups, keyword: '' });
  const passesAnySensorState = createCowFilter({ ...groups, sensorStates: SENSOR_STATES, keyword: '' });
  const matchesSearch = createCowFilter(withAllOptionsChecked({ ...groups, keyword }));
  const hidden: HiddenCows = { total: 0, offline: 0, noSensor: 0, other: 0 };
  for (const row of rows) {
    if (!matchesSearch(row) || passes(row)) continue;
    hidden.total += 1;
    if (!passesAnySensorState(row)) hidden.other += 1;
    else if (row.cow.sensor === null) hidden.noSensor += 1;
    else hidden.offline += 1;
  }
  return hidden;
}

/** The groups that show the hidden cows: every sensor state, or every option when other groups hide some. */
export function groupsShowingHidden(groups: FilterGroups, hidden: HiddenCows): FilterGroups {
  if (hidden.other > 0) {
    const all = withAllOptionsChecked({ ...groups, keyword: '' });
    return {
      statuses: all.statuses,
      temperatureLevels: all.temperatureLevels,
      activityLevels: all.activityLevels,
      sensorStates: all.sensorStates,
      sensorKinds: all.sensorKinds,
    };
  }
  return { ...groups, sensorStates: [...SENSOR_STATES] };
}
