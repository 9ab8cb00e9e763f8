// A collar file replayed through the server's own detection, reading by reading, as if each reading had just
// been ingested: the notices a farm would have received, with no look-ahead. The detection is the stage's
// (`detectForCow` on a `CowReadingHistory` trimmed to `DETECTION_HISTORY_HOURS`, alerts from `alertsFrom`);
// only the database is left out, and the two rules the notices table keeps are applied here as it applies
// them (record-detections.ts): one notice per episode key, and none for an episode already noticed under a
// later start.

import type { ActivityPoint } from '@cowcare/domain/activity-series';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import type { EstrusParameters } from '@cowcare/domain/estrus-detection';
import { detectForCow, type DetectedNotice } from './detect-cow';
import type { DetectionCow } from './detection-inputs';
import { alertsFrom, DETECTION_HISTORY_HOURS } from './detection-window';
import { CowReadingHistory } from './reading-history';

/** The estrus notices: 101 heat, 102 insemination window open, 103 suspected heat. */
export const ESTRUS_NOTICE_CODES: ReadonlySet<number> = new Set([101, 102, 103]);

export interface ReplayedCow {
  /** Names the cow in episode keys, as her database id does. */
  readonly id: number;
  readonly points: readonly ActivityPoint[];
  /** Her calvings (midnights, epoch ms); at each reading the latest one before it is her last calving date. */
  readonly calvings: readonly number[];
}

export interface ReplayOptions {
  /** Other estrus parameters than the server's: for the benchmark's tuning only. */
  readonly estrusParameters?: Partial<EstrusParameters>;
}

/** A cow in heat detection, as a farm that has her collar's readings would have her. */
const cycling = (id: number, lastCalving: number | undefined): DetectionCow => ({
  id,
  sensorId: id,
  status: storedStatusValue('estrusDetection'),
  sex: 'female',
  temperatureOffset: null,
  expectedCalvingDate: null,
  serviceDate: null,
  lastCalvingDate: lastCalving === undefined ? null : new Date(lastCalving).toISOString().slice(0, 10),
  currentDrink: null,
  averageDrink: null,
  currentTemperature: null,
  averageTemperature: null,
  averageActivity: null,
  currentActivity: null,
  usualActivity: null,
  activityByHour: null,
  alertLines: { tempUp: null, tempLow: null, activityUp: null, activityLow: null },
});

/**
 * Every estrus notice (101-103) the server would have recorded for this cow, oldest first, had her readings
 * arrived one at a time in the order of their times.
 */
export function replayEstrusNotices(cow: ReplayedCow, options: ReplayOptions = {}): DetectedNotice[] {
  const points = [...cow.points].sort((a, b) => a.time - b.time);
  const calvings = [...cow.calvings].sort((a, b) => a - b);
  const history = new CowReadingHistory(cow.id, 0);
  const recorded: DetectedNotice[] = [];
  const keys = new Set<string>();
  for (const point of points) {
    history.add([{ time: point.time, temperature: null, activity: point.activity }]);
    history.trim(DETECTION_HISTORY_HOURS);
    const newest = history.newest;
    const lastCalving = calvings.findLast((calving) => calving <= newest);
    const { notices } = detectForCow(
      cycling(cow.id, lastCalving),
      history.readings(),
      alertsFrom(point.time, newest),
      options.estrusParameters,
    );
    for (const notice of notices) {
      if (!ESTRUS_NOTICE_CODES.has(notice.code) || keys.has(notice.episodeKey)) continue;
      if (noticedAsLaterStart(recorded, notice, newest)) continue;
      keys.add(notice.episodeKey);
      recorded.push(notice);
    }
  }
  return recorded;
}

/**
 * record-detections.ts `noticedAsLaterStart`: the cow has a notice of this code whose episode began between
 * this one's start and her newest reading (its key names that start, as `episodeStart` does here).
 */
const noticedAsLaterStart = (recorded: readonly DetectedNotice[], notice: DetectedNotice, newest: number) =>
  recorded.some(
    (earlier) =>
      earlier.code === notice.code &&
      earlier.episodeStart > notice.episodeStart &&
      earlier.episodeStart <= newest,
  );
