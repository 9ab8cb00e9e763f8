import { detectActivityAlerts } from '@cowcare/domain/activity-alerts';
import { detectAlertLineCrossings } from '@cowcare/domain/alert-line-crossings';
import { detectCalvingAlerts } from '@cowcare/domain/calving-detection';
import { parseStoredStatus, type CowStatus } from '@cowcare/domain/cow-status';
import {
  dailyAverages,
  recentActivity,
  type DailyAverages,
  type RecentActivity,
} from '@cowcare/domain/daily-averages';
import {
  cleanTemperatures,
  detectDrinkingEvents,
  detectLowDrinking,
  drinkingSummary,
  newestOutsideDrinking,
  withoutDrinking,
  type DrinkingSummary,
  type TemperaturePoint,
} from '@cowcare/domain/drinking-detection';
import {
  findEstrus,
  LIVE_ESTRUS_PARAMETERS,
  type EstrusEpisode,
  type EstrusParameters,
} from '@cowcare/domain/estrus-detection';
import { detectTemperatureAlerts } from '@cowcare/domain/fever-detection';
import { sensorKind } from '@cowcare/domain/sensor';
import { storedAveragesOf, type DetectionCow, type DetectionReading } from './detection-inputs';
import { episodeKey, type EpisodeKind } from './episode-keys';

/** A notice a detector asks for: recorded once per farm and key. */
export interface DetectedNotice {
  code: number;
  episodeKey: string;
  /** The episode's first reading, as its key names it. */
  episodeStart: number;
  occurredAt: number;
  details: Record<string, unknown>;
}

/** Her activity as the list shows it: a value and her usual for it, null when she has none yet. */
export interface ListActivity {
  current: number;
  usual: number | null;
}

const listActivity = (
  activity: readonly { time: number; activity: number }[],
  averages: DailyAverages,
  newest: number,
): ListActivity | undefined => {
  const recent: RecentActivity | undefined = recentActivity(activity, averages.activityByHour, newest);
  if (recent) return recent;
  const newestCount = activity.findLast((reading) => reading.time === newest)?.activity;
  return newestCount === undefined ? undefined : { current: newestCount, usual: null };
};

export interface CowDetection {
  notices: DetectedNotice[];
  /** Bolus cows: drinks in the last 24 h and per day over 7 days (`drink_current`, `drink`). */
  drinking: DrinkingSummary | undefined;
  /** A heat is building at her newest reading (`findEstrus`): her next readings may raise it. */
  heatBuilding: boolean;
  /** Her averages from these readings (`daily-averages.ts`), the stored ones where the readings say nothing. */
  averages: DailyAverages;
  /**
   * A bolus's `temp_current`: her newest temperature outside a drink, so a cow that just drank cold water does
   * not read as a cold cow (`newestOutsideDrinking`). Null for a neck collar, whose newest reading the ingest
   * writes as it comes.
   */
  bolusTemperature: number | null;
  /**
   * Her last two hours against her usual at those hours (`current_activity`, `usual_activity`); when none of
   * those hours has a usual yet, her newest count with no usual, so the ingest goes on writing her newest
   * count and the list holds it against her whole-day mean. Undefined without an activity reading.
   */
  recentActivity: ListActivity | undefined;
}

/** Cows in which a heat is expected: the estrus detector speaks for their high activity. */
const CYCLING: ReadonlySet<CowStatus> = new Set([
  'estrusDetection',
  'waitingForSettings',
  'lactation',
  // After an insemination a heat 21 days on is the news that she is not pregnant.
  'pregnancyConfirm',
]);

const iso = (time: number) => new Date(time).toISOString();
const midnight = (date: string | null) => (date === null ? null : Date.parse(`${date}T00:00:00Z`));

const estrusNotices = (cow: DetectionCow, episodes: readonly EstrusEpisode[], from: number, newest: number) =>
  episodes.flatMap((episode): DetectedNotice[] => {
    const details = {
      onset: iso(episode.onset),
      peak: iso(episode.peak),
      windowStart: iso(episode.windowStart),
      windowEnd: iso(episode.windowEnd),
      riseRatio: Math.round(episode.riseRatio * 100) / 100,
      peakRatio: Math.round(episode.peakRatio * 100) / 100,
    };
    const code = episode.confidence === 'detected' ? 101 : 103;
    const notices: DetectedNotice[] = [];
    if (episode.alertAt >= from) {
      notices.push({
        code,
        episodeKey: episodeKey('estrus', cow.id, code, episode.onset),
        episodeStart: episode.onset,
        occurredAt: episode.alertAt,
        details,
      });
    }
    // 102 when the insemination window opens: the first data that reaches it raises it.
    if (code === 101 && episode.windowStart >= from && episode.windowStart <= newest) {
      notices.push({
        code: 102,
        episodeKey: episodeKey('estrus', cow.id, 102, episode.onset),
        episodeStart: episode.onset,
        occurredAt: episode.windowStart,
        details,
      });
    }
    return notices;
  });

const alertNotice = (
  kind: EpisodeKind,
  cow: DetectionCow,
  alert: { code: number; at: number; episodeStart: number },
  details: Record<string, unknown>,
): DetectedNotice => ({
  code: alert.code,
  episodeKey: episodeKey(kind, cow.id, alert.code, alert.episodeStart),
  episodeStart: alert.episodeStart,
  occurredAt: alert.at,
  details: { ...details, episodeStart: iso(alert.episodeStart) },
});

/**
 * Her newest time, and her temperature and activity series. One plain loop: this runs for every cow on every
 * batch over some 1,600 readings, and `flatMap` with one-element arrays cost more than all the detectors.
 */
const splitReadings = (readings: readonly DetectionReading[]) => {
  let newest = -Infinity;
  const temperatures: TemperaturePoint[] = [];
  const activity: { time: number; activity: number }[] = [];
  for (const { time, temperature, activity: count } of readings) {
    if (time > newest) newest = time;
    if (temperature !== null) temperatures.push({ time, temperature });
    if (count !== null) activity.push({ time, activity: count });
  }
  return { newest, temperatures, activity };
};

/**
 * Runs every detector on one cow's recent readings and keeps what happened from `from` on (older alerts were
 * raised when their readings arrived). Which detectors run depends on the cow: estrus for cows that cycle,
 * high activity for those that do not, calving for pregnant cows with an expected date, drinking for boluses,
 * the user's alert lines where the farm drew any.
 */
export const detectForCow = (
  cow: DetectionCow,
  readings: readonly DetectionReading[],
  from: number,
  /** Other estrus parameters than the defaults: for the benchmark's tuning only; the server never passes any. */
  estrusParameters: Partial<EstrusParameters> = {},
): CowDetection => {
  const { newest, temperatures, activity } = splitReadings(readings);
  const status = parseStoredStatus(cow.status);
  const bolus = sensorKind(cow.sensorId) === 'pill';
  const drinks = bolus ? detectDrinkingEvents(temperatures) : [];
  const bodyTemperatures = bolus ? withoutDrinking(temperatures, drinks) : cleanTemperatures(temperatures);
  const cycling = cow.sex === 'female' && status !== undefined && CYCLING.has(status);
  const lastCalving = midnight(cow.lastCalvingDate);
  const notices: DetectedNotice[] = [];
  const recent = <T extends { at: number }>(alerts: readonly T[]) =>
    alerts.filter((alert) => alert.at >= from);

  const { episodes, heatBuilding } = cycling
    ? findEstrus(activity, {
        calvings: lastCalving === null ? [] : [lastCalving],
        parameters: { ...LIVE_ESTRUS_PARAMETERS, ...estrusParameters, lookAhead: false },
      })
    : { episodes: [], heatBuilding: false };
  notices.push(...estrusNotices(cow, episodes, from, newest));

  for (const alert of recent(
    detectActivityAlerts(activity, { highActivity: !cycling, estrusEpisodes: episodes }),
  )) {
    const { ratio, activity: sum, baseline, windowHours } = alert;
    notices.push(alertNotice('activity', cow, alert, { ratio, activity: sum, baseline, windowHours }));
  }

  for (const alert of recent(
    detectTemperatureAlerts(temperatures, { offset: cow.temperatureOffset, bolus, drinkingEvents: drinks }),
  )) {
    const { code, at: _at, episodeStart: _start, heldSince, ...values } = alert;
    notices.push(
      alertNotice(code < 210 ? 'fever' : 'lowtemp', cow, alert, { ...values, heldSince: iso(heldSince) }),
    );
  }

  for (const alert of recent(detectAlertLineCrossings(readings, cow.alertLines, { bolus }))) {
    const { value, line } = alert;
    notices.push(alertNotice('line', cow, alert, { value, line }));
  }

  const expectedCalving = midnight(cow.expectedCalvingDate);
  if (status === 'pregnancy' && expectedCalving !== null) {
    const calving = detectCalvingAlerts(temperatures, {
      expectedCalving,
      serviceDate: midnight(cow.serviceDate),
      bolus,
      drinkingEvents: drinks,
    });
    for (const alert of recent(calving)) {
      const { drop, pairedHours, daysToExpected } = alert;
      notices.push(
        alertNotice('calving', cow, alert, {
          drop,
          pairedHours,
          daysToExpected,
          expectedCalvingDate: cow.expectedCalvingDate,
        }),
      );
    }
  }

  let drinking: DrinkingSummary | undefined;
  if (bolus && temperatures.length > 0) {
    for (const alert of recent(detectLowDrinking(temperatures, { events: drinks }))) {
      const { eventsLast24Hours, dailyMean, hoursSinceLastDrink } = alert;
      notices.push(
        alertNotice('drinking', cow, alert, { eventsLast24Hours, dailyMean, hoursSinceLastDrink }),
      );
    }
    drinking = drinkingSummary(drinks, newest, temperatures[0]?.time ?? newest);
  }
  const averages = dailyAverages({ temperatures: bodyTemperatures, activity }, newest, storedAveragesOf(cow));
  return {
    notices,
    drinking,
    heatBuilding,
    averages,
    recentActivity: listActivity(activity, averages, newest),
    bolusTemperature: bolus ? (newestOutsideDrinking(temperatures, drinks)?.temperature ?? null) : null,
  };
};
