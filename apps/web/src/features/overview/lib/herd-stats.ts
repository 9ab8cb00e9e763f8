import type { Cow } from '@cowcare/contract/cow-schemas';
import {
  ACTIVITY_LEVELS,
  activityDeviationPercent,
  activityLevelOf,
  isFeverLevel,
  TEMPERATURE_LEVELS,
  temperatureDeviation,
  temperatureLevelOf,
  type ActivityLevel,
  type TemperatureLevel,
} from '@cowcare/domain/cow-filter';
import {
  COW_STATUSES,
  isCulledStoredValue,
  parseStoredStatus,
  type CowStatus,
} from '@cowcare/domain/cow-status';
import { sensorKind } from '@cowcare/domain/sensor';
import { noticeGroupOfCode, parseNoticeGroupWireValue, type NoticeGroup } from '@cowcare/domain/notice-codes';

/** Temperature bands in the order a farmer reads them, coldest first. */
export const TEMPERATURE_BAND_ORDER: readonly TemperatureLevel[] = [
  'low',
  'normal',
  'slight',
  'moderate',
  'severe',
];
export const ACTIVITY_BAND_ORDER: readonly ActivityLevel[] = ['low', 'normal', 'high'];

/**
 * Drinking events in the last 24 hours (`drink_current`), in bands a farmer reads at a glance: none at
 * all, few, and around the ~9 a day a cow usually drinks (architecture §9), or more.
 */
export const DRINK_BANDS = [
  { band: '0', upTo: 0 },
  { band: '1–4', upTo: 4 },
  { band: '5–8', upTo: 8 },
  { band: '9–12', upTo: 12 },
  { band: '13+', upTo: Infinity },
] as const;
export type DrinkBand = (typeof DRINK_BANDS)[number]['band'];

export const drinkBandOf = (events: number): DrinkBand =>
  DRINK_BANDS.find(({ upTo }) => events <= upTo)?.band ?? '13+';

export interface HerdStats {
  /** Cows that are not culled. */
  total: number;
  temperature: Record<TemperatureLevel | 'none', number>;
  activity: Record<ActivityLevel | 'none', number>;
  /** 'none': a bolus without a value; 'noBolus': a neck collar or no sensor, which cannot see drinks. */
  drinking: Record<DrinkBand | 'none' | 'noBolus', number>;
  status: Record<CowStatus, number>;
  sensors: { online: number; offline: number; none: number };
  /** Cows in a fever band (slight, moderate or severe). */
  fevers: number;
}

const drinkingBandOf = (cow: Cow): DrinkBand | 'none' | 'noBolus' => {
  if (cow.drink_current !== null) return drinkBandOf(cow.drink_current);
  const kind = cow.sensor === null ? undefined : (cow.sensorKind ?? sensorKind(cow.sensor));
  return kind === 'pill' ? 'none' : 'noBolus';
};

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/**
 * Herd-wide counts from the cow list, by the domain's band rules (the same ones the list filter uses).
 * Culled cows are left out; a cow without readings counts under 'none'.
 */
export function herdStats(cows: readonly Cow[]): HerdStats {
  const stats: HerdStats = {
    total: 0,
    temperature: zeros([...TEMPERATURE_LEVELS, 'none']),
    activity: zeros([...ACTIVITY_LEVELS, 'none']),
    drinking: zeros([...DRINK_BANDS.map(({ band }) => band), 'none', 'noBolus']),
    status: zeros(COW_STATUSES),
    sensors: { online: 0, offline: 0, none: 0 },
    fevers: 0,
  };
  for (const cow of cows) {
    if (isCulledStoredValue(cow.status)) continue;
    stats.total += 1;
    const fever = temperatureDeviation(cow.temp_current, cow.temp_avg, cow.tempadd);
    const temperature = fever === undefined ? undefined : temperatureLevelOf(fever);
    stats.temperature[temperature ?? 'none'] += 1;
    const percent = activityDeviationPercent(cow.activity_current, cow.activity_avg);
    const activity = percent === undefined ? undefined : activityLevelOf(percent);
    stats.activity[activity ?? 'none'] += 1;
    stats.drinking[drinkingBandOf(cow)] += 1;
    const status = parseStoredStatus(cow.status);
    if (status) stats.status[status] += 1;
    if (cow.sensor === null) stats.sensors.none += 1;
    else if (cow.sensorzt === 1) stats.sensors.online += 1;
    else stats.sensors.offline += 1;
    if (isFeverLevel(temperature)) stats.fevers += 1;
  }
  return stats;
}

/** Today's notice counts (tdcnlist) by group; groups the app does not know are dropped. */
export function todayByGroup(
  tdcnlist: readonly { group: string; count: number }[],
): Map<NoticeGroup, number> {
  const counts = new Map<NoticeGroup, number>();
  for (const { group, count } of tdcnlist) {
    const parsed = parseNoticeGroupWireValue(group) ?? noticeGroupOfCode(Number(group));
    if (parsed) counts.set(parsed, (counts.get(parsed) ?? 0) + count);
  }
  return counts;
}
