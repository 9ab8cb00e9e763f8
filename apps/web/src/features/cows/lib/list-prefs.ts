import {
  ACTIVITY_LEVELS,
  DEFAULT_COW_FILTER_OPTIONS,
  FILTERABLE_COW_STATUSES,
  TEMPERATURE_LEVELS,
  type CowFilterOptions,
} from '@cowcare/domain/cow-filter';
import { COW_SORT_COLUMNS, isAscendingSortValue, type CowSortColumn } from '@cowcare/domain/cow-sort';
import { SENSOR_KINDS, SENSOR_STATES, parseSensorFilterWireValue } from '@cowcare/domain/sensor';
import { readCowListPrefs, writeCowListPrefs } from '../../../lib/cow-list-storage';

/** Spec §4: a sort value of 0 or 1 is ascending, anything else descending. */
export const ASCENDING = 1;
export const DESCENDING = 2;

export interface CowSort {
  column: CowSortColumn;
  value: number;
}

export const DEFAULT_SORT: CowSort = { column: 'id', value: ASCENDING };

/** The filter groups without the keyword: what is saved. The keyword is typed fresh each visit. */
export type FilterGroups = Omit<CowFilterOptions, 'keyword'>;

export interface CowListPrefs {
  groups: FilterGroups;
  sort: CowSort;
}

const pick = <T extends string>(all: readonly T[], value: unknown): T[] | null =>
  Array.isArray(value) ? all.filter((option) => value.includes(option)) : null;

/**
 * The saved filter and sort, or the defaults: everything checked but the offline sensor state (spec §4).
 * When nothing is saved on this device, the sensor states saved on the server (the user's sensorfilter)
 * are used, so the choice follows the user to a new device.
 */
export function loadListPrefs(serverSensorFilter: string | undefined): CowListPrefs {
  const stored = readCowListPrefs() as { groups?: Record<string, unknown>; sort?: Partial<CowSort> } | null;
  const defaults = DEFAULT_COW_FILTER_OPTIONS;
  const fromServer = serverSensorFilter ? parseSensorFilterWireValue(serverSensorFilter) : [];
  const groups: FilterGroups = {
    statuses: pick(FILTERABLE_COW_STATUSES, stored?.groups?.statuses) ?? defaults.statuses,
    temperatureLevels:
      pick(TEMPERATURE_LEVELS, stored?.groups?.temperatureLevels) ?? defaults.temperatureLevels,
    activityLevels: pick(ACTIVITY_LEVELS, stored?.groups?.activityLevels) ?? defaults.activityLevels,
    sensorStates:
      pick(SENSOR_STATES, stored?.groups?.sensorStates) ??
      (fromServer.length > 0 ? fromServer : defaults.sensorStates),
    sensorKinds: pick(SENSOR_KINDS, stored?.groups?.sensorKinds) ?? defaults.sensorKinds,
  };
  const column = stored?.sort?.column;
  const value = stored?.sort?.value;
  const sort: CowSort =
    typeof column === 'string' &&
    (COW_SORT_COLUMNS as readonly string[]).includes(column) &&
    typeof value === 'number' &&
    Number.isFinite(value)
      ? { column, value }
      : DEFAULT_SORT;
  return { groups, sort };
}

export function saveListPrefs(prefs: CowListPrefs): void {
  writeCowListPrefs({ groups: prefs.groups, sort: prefs.sort });
}

/**
 * The direction a column starts in. Fever starts with the hottest cow: a farmer sorts by it to find the
 * cows that need a look, and ascending put the coolest healthy cows on top.
 */
const FIRST_DIRECTION: Readonly<Record<CowSortColumn, number>> = {
  id: ASCENDING,
  drink: ASCENDING,
  fever: DESCENDING,
  activity: ASCENDING,
};

/** Tapping a column: the same column flips its direction, another column starts in its first direction. */
export function nextSort(current: CowSort, column: CowSortColumn): CowSort {
  if (current.column !== column) return { column, value: FIRST_DIRECTION[column] };
  return { column, value: isAscendingSortValue(current.value) ? DESCENDING : ASCENDING };
}
