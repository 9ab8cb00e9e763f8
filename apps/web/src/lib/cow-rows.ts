import type { Cow } from '@cowcare/contract/cow-schemas';
import {
  activityDeviationPercent,
  activityLevelOf,
  temperatureDeviation,
  temperatureLevelOf,
  type ActivityLevel,
  type FilterableCow,
  type TemperatureLevel,
} from '@cowcare/domain/cow-filter';
import type { SortableCow } from '@cowcare/domain/cow-sort';
import { isCulledStoredValue, parseStoredStatus, type CowStatus } from '@cowcare/domain/cow-status';
import { sensorKind, type SensorKind } from '@cowcare/domain/sensor';

/**
 * One cow as the list shows, filters and sorts it. Built once per load (not per keystroke), so filtering
 * and sorting 10,000 rows touch plain fields only. The derived values come from the domain rules, the same
 * ones the filter uses, so what a row shows is what the filter decides on.
 */
export interface CowRow extends FilterableCow, SortableCow {
  readonly cow: Cow;
  /** The sort key of the "id" column: the cow code, which is what the farmer reads as the id. */
  readonly id: string;
  readonly status: CowStatus | undefined;
  /** Temperature deviation in °C (current − (average + tempadd)); undefined without readings. */
  readonly fever: number | undefined;
  readonly feverLevel: TemperatureLevel | undefined;
  /** Activity deviation in percent of the average; undefined without readings. */
  readonly activity: number | undefined;
  readonly activityLevel: ActivityLevel | undefined;
  /** Drinking events in the last 24 hours. */
  readonly drink: number | undefined;
  readonly kind: SensorKind | undefined;
}

export function toCowRow(cow: Cow): CowRow {
  const fever = temperatureDeviation(cow.temp_current, cow.temp_avg, cow.tempadd);
  const activity = activityDeviationPercent(cow.activity_current, cow.activity_avg);
  return {
    cow,
    id: cow.code,
    code: cow.code,
    // The domain filter wants a number. A cow without a sensor (NaN) falls on the pill side of the
    // threshold when the sensor-type group narrows; she is offline (sensorzt 0), so the default
    // sensor-state option already hides her.
    sensorId: cow.sensor ?? Number.NaN,
    sensorzt: cow.sensorzt,
    storedStatus: cow.status,
    currentTemperature: cow.temp_current,
    averageTemperature: cow.temp_avg,
    temperatureOffset: cow.tempadd,
    currentActivity: cow.activity_current,
    averageActivity: cow.activity_avg,
    status: parseStoredStatus(cow.status),
    fever,
    feverLevel: fever === undefined ? undefined : temperatureLevelOf(fever),
    activity,
    activityLevel: activity === undefined ? undefined : activityLevelOf(activity),
    drink: cow.drink_current ?? undefined,
    kind: cow.sensor === null ? undefined : (cow.sensorKind ?? sensorKind(cow.sensor)),
  };
}

/** The list never shows culled cows (spec §4: dropped on load). */
export function activeCows(cows: readonly Cow[]): Cow[] {
  return cows.filter((cow) => !isCulledStoredValue(cow.status));
}

export function toCowRows(cows: readonly Cow[]): CowRow[] {
  const rows: CowRow[] = [];
  for (const cow of cows) {
    if (!isCulledStoredValue(cow.status)) rows.push(toCowRow(cow));
  }
  return rows;
}
