// The cow list filter of spec §4/§5. A cow is shown only if it passes every group; a group with nothing
// selected hides every cow. Filtering runs on every keystroke over whole herds, so options are compiled once
// into flags and sets and the per-cow check allocates nothing (except lower-casing the code for a keyword
// with letters).

import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from './constants';
import { parseStoredStatus, type CowStatus } from './cow-status';
import {
  SENSOR_KINDS,
  SENSOR_STATES,
  sensorKind,
  sensorStateOf,
  type SensorKind,
  type SensorState,
} from './sensor';

/** The status group's options in the spec's order; culled cows never appear in the list. */
export const FILTERABLE_COW_STATUSES = [
  'estrusDetection',
  'pregnancyConfirm',
  'pregnancy',
  'fattening',
  'waitingForSettings',
  'lactation',
] as const satisfies readonly CowStatus[];
export type FilterableCowStatus = (typeof FILTERABLE_COW_STATUSES)[number];

/** In the spec's option order (which is not the band order). */
export const TEMPERATURE_LEVELS = ['normal', 'slight', 'low', 'moderate', 'severe'] as const;
export type TemperatureLevel = (typeof TEMPERATURE_LEVELS)[number];

export const ACTIVITY_LEVELS = ['normal', 'low', 'high'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/** The values the options carry in saved filters (spec §4). They identify an option; they are not bounds. */
export const TEMPERATURE_OPTION_VALUES: Readonly<Record<TemperatureLevel, number>> = {
  normal: 0,
  slight: 0.6,
  low: -0.5,
  moderate: 1.1,
  severe: 1.6,
};
export const ACTIVITY_OPTION_VALUES: Readonly<Record<ActivityLevel, number>> = {
  normal: 0,
  low: -6,
  high: 6,
};

/**
 * Lower bounds (inclusive) of the deviation bands in °C; below the normal bound is low. Normal starts at the
 * spec's own option value for low, −0.5, not at 0: a healthy cow centres on 0 and swings a few tenths either
 * way over a day, so an edge at 0 called half a healthy herd "Low" (decision 0013).
 */
export const TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS = {
  normal: -0.5,
  slight: 0.5,
  moderate: 1,
  severe: 1.5,
} as const;
/** Activity percent deviation at or above which a cow is high. */
export const ACTIVITY_HIGH_THRESHOLD_PERCENT = 10;
/**
 * Below this percent deviation she is low: clearly less active than her usual at that hour, as a cow falling
 * ill is (decision 0013); a few percent under her usual is noise.
 */
export const ACTIVITY_LOW_THRESHOLD_PERCENT = -20;

export function temperatureLevelFromOptionValue(value: number): TemperatureLevel | undefined {
  return TEMPERATURE_LEVELS.find((level) => TEMPERATURE_OPTION_VALUES[level] === value);
}

export function activityLevelFromOptionValue(value: number): ActivityLevel | undefined {
  return ACTIVITY_LEVELS.find((level) => ACTIVITY_OPTION_VALUES[level] === value);
}

// Inputs have a few decimals, but float subtraction leaves noise (39.85 − 39.35 is not exactly 0.5) that
// would put a cow on a band edge into the wrong band. Six decimals is far below sensor resolution. `+ 0`
// turns −0 into 0 so noise around zero reads as exactly zero.
function withoutFloatNoise(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}

// A body temperature at or below 0 °C cannot be a reading, so it counts as missing rather than producing a
// huge deviation.
function isTemperatureReading(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * current − (average + offset); offset is the cow's tempadd, DEFAULT_TEMPERATURE_OFFSET_CELSIUS (0, decision
 * 0013) when she has none. Undefined when a value is missing.
 */
export function temperatureDeviation(
  current: number | null | undefined,
  average: number | null | undefined,
  offset?: number | null,
): number | undefined {
  if (!isTemperatureReading(current) || !isTemperatureReading(average)) return undefined;
  const effectiveOffset =
    typeof offset === 'number' && Number.isFinite(offset) ? offset : DEFAULT_TEMPERATURE_OFFSET_CELSIUS;
  return withoutFloatNoise(current - (average + effectiveOffset));
}

export function temperatureLevelOf(deviation: number): TemperatureLevel {
  if (deviation < TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.normal) return 'low';
  if (deviation < TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.slight) return 'normal';
  if (deviation < TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.moderate) return 'slight';
  if (deviation < TEMPERATURE_BAND_LOWER_BOUNDS_CELSIUS.severe) return 'moderate';
  return 'severe';
}

/** The bands that are a fever: slight, moderate and severe, mildest first. */
export const FEVER_LEVELS = ['slight', 'moderate', 'severe'] as const satisfies readonly TemperatureLevel[];
export type FeverLevel = (typeof FEVER_LEVELS)[number];

export const isFeverLevel = (level: TemperatureLevel | undefined): level is FeverLevel =>
  (FEVER_LEVELS as readonly (TemperatureLevel | undefined)[]).includes(level);

/**
 * (current − average) / average × 100. Undefined without a positive average (no baseline to compare with)
 * or without a non-negative current value; a current value of 0 is a real reading (a resting cow).
 */
export function activityDeviationPercent(
  current: number | null | undefined,
  average: number | null | undefined,
): number | undefined {
  if (typeof current !== 'number' || !Number.isFinite(current) || current < 0) return undefined;
  if (typeof average !== 'number' || !Number.isFinite(average) || average <= 0) return undefined;
  return withoutFloatNoise(((current - average) / average) * 100);
}

export function activityLevelOf(deviationPercent: number): ActivityLevel {
  if (deviationPercent < ACTIVITY_LOW_THRESHOLD_PERCENT) return 'low';
  return deviationPercent < ACTIVITY_HIGH_THRESHOLD_PERCENT ? 'normal' : 'high';
}

export interface CowFilterOptions {
  readonly statuses: readonly FilterableCowStatus[];
  readonly temperatureLevels: readonly TemperatureLevel[];
  readonly activityLevels: readonly ActivityLevel[];
  readonly sensorStates: readonly SensorState[];
  readonly sensorKinds: readonly SensorKind[];
  /** Matched against the cow code; empty matches every cow. */
  readonly keyword: string;
}

const EVERY_OPTION: Omit<CowFilterOptions, 'keyword'> = {
  statuses: FILTERABLE_COW_STATUSES,
  temperatureLevels: TEMPERATURE_LEVELS,
  activityLevels: ACTIVITY_LEVELS,
  sensorStates: SENSOR_STATES,
  sensorKinds: SENSOR_KINDS,
};

/** Everything checked except sensor state zt (offline), as spec §4 says. */
export const DEFAULT_COW_FILTER_OPTIONS: CowFilterOptions = Object.freeze<CowFilterOptions>({
  ...EVERY_OPTION,
  sensorStates: ['zts'],
  keyword: '',
});

/** The check-all action: every option of every group, keyword kept. */
export function withAllOptionsChecked(options: CowFilterOptions): CowFilterOptions {
  return { ...EVERY_OPTION, keyword: options.keyword };
}

/** The clear-all action: no option selected (so no cow is shown), keyword kept. */
export function withAllOptionsCleared(options: CowFilterOptions): CowFilterOptions {
  return {
    statuses: [],
    temperatureLevels: [],
    activityLevels: [],
    sensorStates: [],
    sensorKinds: [],
    keyword: options.keyword,
  };
}

export interface FilterableCow {
  readonly code: string;
  readonly sensorId: number;
  /** Wire flag: 1 online, 0 offline. */
  readonly sensorzt: number;
  /** The stored (Korean) status value. */
  readonly storedStatus: string;
  readonly currentTemperature?: number | null;
  readonly averageTemperature?: number | null;
  /** The cow's tempadd; the default (0 °C, decision 0013) when null or absent. */
  readonly temperatureOffset?: number | null;
  readonly currentActivity?: number | null;
  readonly averageActivity?: number | null;
}

function selectsEvery<T>(selected: ReadonlySet<T>, all: readonly T[]): boolean {
  return all.every((option) => selected.has(option));
}

/**
 * Compiles options into a predicate. A cow whose value for a group cannot be classified (no temperature or
 * activity reading, an unknown stored status, a sensorzt other than 0/1) passes that group only when the
 * group selects every option: with everything checked the group is not narrowing, and a new cow without
 * readings must still be visible; once the user narrows ("show fevers"), such a cow cannot be claimed to
 * match. This generalises the spec's "all three activity options checked means no activity filtering".
 */
export function createCowFilter(options: CowFilterOptions): (cow: FilterableCow) => boolean {
  const statuses = new Set<CowStatus>(options.statuses);
  const temperatureLevels = new Set(options.temperatureLevels);
  const activityLevels = new Set(options.activityLevels);
  const sensorStates = new Set(options.sensorStates);
  const sensorKinds = new Set(options.sensorKinds);
  if (
    statuses.size === 0 ||
    temperatureLevels.size === 0 ||
    activityLevels.size === 0 ||
    sensorStates.size === 0 ||
    sensorKinds.size === 0
  ) {
    return () => false;
  }
  const everyStatus = selectsEvery<CowStatus>(statuses, FILTERABLE_COW_STATUSES);
  const everyTemperatureLevel = selectsEvery(temperatureLevels, TEMPERATURE_LEVELS);
  const everyActivityLevel = selectsEvery(activityLevels, ACTIVITY_LEVELS);
  const everySensorState = selectsEvery(sensorStates, SENSOR_STATES);
  const everySensorKind = selectsEvery(sensorKinds, SENSOR_KINDS);
  // Case-insensitive so 'c12' finds 'C12'; a keyword without cased letters skips lower-casing every code.
  const keyword = options.keyword.trim().toLowerCase();
  const keywordHasCasedLetters = keyword !== keyword.toUpperCase();

  return (cow) => {
    if (!everySensorKind && !sensorKinds.has(sensorKind(cow.sensorId))) return false;
    if (!everySensorState) {
      const state = sensorStateOf(cow.sensorzt);
      if (state === undefined || !sensorStates.has(state)) return false;
    }
    // Culled is not an option of the status group, so a culled cow never passes it.
    const status = parseStoredStatus(cow.storedStatus);
    if (status === undefined ? !everyStatus : !statuses.has(status)) return false;
    if (!everyTemperatureLevel) {
      const deviation = temperatureDeviation(
        cow.currentTemperature,
        cow.averageTemperature,
        cow.temperatureOffset,
      );
      if (deviation === undefined || !temperatureLevels.has(temperatureLevelOf(deviation))) return false;
    }
    if (!everyActivityLevel) {
      const deviation = activityDeviationPercent(cow.currentActivity, cow.averageActivity);
      if (deviation === undefined || !activityLevels.has(activityLevelOf(deviation))) return false;
    }
    if (keyword === '') return true;
    return (keywordHasCasedLetters ? cow.code.toLowerCase() : cow.code).includes(keyword);
  };
}

export function cowMatchesFilter(cow: FilterableCow, options: CowFilterOptions): boolean {
  return createCowFilter(options)(cow);
}

/** Keeps input order. */
export function filterCows<T extends FilterableCow>(cows: readonly T[], options: CowFilterOptions): T[] {
  const matches = createCowFilter(options);
  const shown: T[] = [];
  for (const cow of cows) {
    if (matches(cow)) shown.push(cow);
  }
  return shown;
}
