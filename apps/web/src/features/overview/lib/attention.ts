import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Notice } from '@cowcare/contract/routes/notices';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import {
  FEVER_LEVELS,
  isFeverLevel,
  temperatureDeviation,
  temperatureLevelOf,
  type TemperatureLevel,
} from '@cowcare/domain/cow-filter';
import { inseminatedIn } from '@cowcare/domain/heat-states';
import { noticeGroupOfCode, type NoticeGroup } from '@cowcare/domain/notice-codes';
import { isNoticeDone } from '../../../lib/follow-ups';
import { localDay } from '../../../lib/heat-states';

/** Why a cow is on the attention list, most urgent first (the list sorts by this order). */
const ATTENTION_REASONS = [
  'calving',
  'fever',
  'lowTemperature',
  'heat',
  'lowActivity',
  'lowDrinking',
  'highActivity',
  'followUp',
  'offline',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** How far back an alert keeps a cow on the list: a farmer's day, so the morning round sees the night's. */
const ATTENTION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The alert groups that put a cow on the list. Sensor notices (701-703) are not among them: whether a
 * sensor is offline is read from its state now, so a sensor that came back is not listed; reproduction
 * reminders have their own list.
 */
const REASON_BY_GROUP: Partial<Record<NoticeGroup, AttentionReason>> = {
  estrus: 'heat',
  fever: 'fever',
  lowTemperature: 'lowTemperature',
  activity: 'lowActivity',
  drinking: 'lowDrinking',
  calving: 'calving',
  healthFollowUp: 'followUp',
};
/** Unusually high activity (303) and activity above the user's alert line (304); the rest of the group is low. */
const HIGH_ACTIVITY_CODES: ReadonlySet<number> = new Set([303, 304]);

/** A heat's notice whose cow was inseminated in that heat: the heat needs nothing more. */
const heatInseminated = (notice: Notice, cow: Cow): boolean => {
  const onset = notice.details.onset;
  return (
    noticeGroupOfCode(notice.noticecode) === 'estrus' &&
    typeof onset === 'string' &&
    inseminatedIn(cow.lastFertilization, Date.parse(onset), localDay)
  );
};

const reasonOf = (code: number): AttentionReason | undefined => {
  if (HIGH_ACTIVITY_CODES.has(code)) return 'highActivity';
  const group = noticeGroupOfCode(code);
  return group && REASON_BY_GROUP[group];
};

export interface AttentionCow {
  cow: Cow;
  /** Most urgent first. */
  reasons: AttentionReason[];
  /** Her temperature band now, by the cow list's rule; undefined without readings. */
  temperature: TemperatureLevel | undefined;
}

/**
 * The cows a farmer should look at: a fever now (the cow list's bands), a sensor offline now, or an alert
 * of the detectors in the last 24 hours (heat, fever, low temperature, activity, drinking, calving, a
 * treatment follow-up). The list's own "low" bands are not reasons: half a degree under her average, or her
 * last two hours a fifth under her usual (decision 0013), is a moment a healthy cow has now and then; the
 * detectors' alerts say when a difference held long enough to matter.
 * An alert whose work is done is not a reason: a heat she was inseminated in, a calving alert once she
 * calved.
 */
export function cowsNeedingAttention(
  cows: readonly Cow[],
  notices: readonly Notice[],
  now: number,
): AttentionCow[] {
  const alerted = new Map<number, Set<AttentionReason>>();
  const byId = new Map(cows.map((cow) => [cow.id, cow]));
  for (const notice of notices) {
    const reason = reasonOf(notice.noticecode);
    const age = now - Date.parse(notice.time);
    if (!reason || notice.cowid === null || !(age <= ATTENTION_WINDOW_MS)) continue;
    const cow = byId.get(notice.cowid);
    if (cow && (isNoticeDone(notice, cow) || heatInseminated(notice, cow))) continue;
    const reasons = alerted.get(notice.cowid) ?? new Set<AttentionReason>();
    reasons.add(reason);
    alerted.set(notice.cowid, reasons);
  }
  const attention: AttentionCow[] = [];
  for (const cow of cows) {
    if (isCulledStoredValue(cow.status)) continue;
    const deviation = temperatureDeviation(cow.temp_current, cow.temp_avg, cow.tempadd);
    const temperature = deviation === undefined ? undefined : temperatureLevelOf(deviation);
    const reasons = new Set(alerted.get(cow.id));
    if (isFeverLevel(temperature)) reasons.add('fever');
    if (cow.sensor !== null && cow.sensorzt === 0) reasons.add('offline');
    if (reasons.size === 0) continue;
    attention.push({ cow, reasons: ATTENTION_REASONS.filter((reason) => reasons.has(reason)), temperature });
  }
  return attention.sort(mostUrgentFirst);
}

const urgency = (item: AttentionCow) => ATTENTION_REASONS.indexOf(item.reasons[0] ?? 'offline');
const feverBand = (item: AttentionCow) =>
  isFeverLevel(item.temperature) ? FEVER_LEVELS.indexOf(item.temperature) : -1;

function mostUrgentFirst(a: AttentionCow, b: AttentionCow): number {
  return (
    urgency(a) - urgency(b) ||
    feverBand(b) - feverBand(a) ||
    b.reasons.length - a.reasons.length ||
    a.cow.code.localeCompare(b.cow.code)
  );
}

/** Cows with a heat detected (101) in the last 24 hours: each heat once, however many notices it raised. */
export function heatsInLastDay(notices: readonly Notice[], now: number): number {
  const cows = new Set<number>();
  for (const notice of notices) {
    if (notice.noticecode !== 101 || notice.cowid === null) continue;
    if (now - Date.parse(notice.time) <= ATTENTION_WINDOW_MS) cows.add(notice.cowid);
  }
  return cows.size;
}
