// Activity alerts other than estrus: 301 low activity, 302 inactive for hours, 303 unusually high activity
// without estrus context.
//
// Like the estrus rule, each compares a cow with herself at the same clock time: every block against the same
// block on the previous 7 days (their mean without the highest and lowest day from 4 days on, so one heat or
// one sick day does not move it). Milking, feeding and lighting give every cow a strong daily rhythm, so
// "quiet at 3 a.m." means nothing until it is compared with her own 3 a.m.
//  - 301 (architecture §9): activity over the last 24 hours below 70 % of her baseline for those hours, held
//    for 24 hours. Lameness, metabolic disease and pain lower daily activity over days; a single quiet day
//    (bad weather, a regrouping) does not hold that long.
//  - 302: the last 4 hours at or below 10 % of her baseline for those hours — a cow that is down, stuck or
//    whose collar fell off. The hours must normally be active ones (at least a quarter of her average 4 hours),
//    or a quiet night would count. Our thresholds: §9 says "no activity for several hours; tune".
//  - 303: the estrus statistic (12-hour activity against the same 12 hours of the baseline) at +50 % for
//    2 hours in a cow where a heat is not expected (pregnant, fattening, a steer: the caller decides) or
//    outside any detected heat. Pain, a stressor or a pregnant cow returning to heat are worth a look.
// An episode is reported once, when the data shows it begin (a judged block without the condition comes
// first), and lasts until the ratio is clearly back (hysteresis), so a ratio hovering at the threshold does not
// fire again and again.

import {
  blocksIn,
  HOUR_MS,
  DAY_MS,
  toRegularSeries,
  type ActivityPoint,
  type RegularActivitySeries,
} from './activity-series';

export type ActivityAlertCode = 301 | 302 | 303;

export interface ActivityAlertParameters {
  readonly baselineDays: number;
  readonly minBaselineDays: number;
  /** Share of a window's blocks that must be present (with a baseline) for its ratio to count. */
  readonly minCoverage: number;
  readonly lowWindowHours: number;
  readonly lowRatio: number;
  readonly lowHoldHours: number;
  readonly lowEndRatio: number;
  readonly inactiveWindowHours: number;
  readonly inactiveRatio: number;
  readonly inactiveEndRatio: number;
  /** The window's baseline must be at least this share of an average window of her day. */
  readonly inactiveMinBaselineShare: number;
  readonly highWindowHours: number;
  readonly highRatio: number;
  readonly highHoldHours: number;
  readonly highEndRatio: number;
  /** High activity this close to a detected heat belongs to it. */
  readonly estrusMarginHours: number;
}

export const DEFAULT_ACTIVITY_ALERT_PARAMETERS: ActivityAlertParameters = {
  baselineDays: 7,
  minBaselineDays: 3,
  minCoverage: 0.75,
  lowWindowHours: 24,
  lowRatio: 0.7,
  lowHoldHours: 24,
  lowEndRatio: 0.8,
  inactiveWindowHours: 4,
  inactiveRatio: 0.1,
  inactiveEndRatio: 0.25,
  inactiveMinBaselineShare: 0.25,
  highWindowHours: 12,
  highRatio: 1.5,
  highHoldHours: 2,
  highEndRatio: 1.2,
  estrusMarginHours: 12,
};

export interface ActivityAlertOptions {
  /** Check 303. Off for cows in which a heat is expected and the estrus detector speaks instead. */
  readonly highActivity?: boolean;
  /** Detected heats of the cow; 303 stays silent around them. */
  readonly estrusEpisodes?: readonly { readonly onset: number; readonly end: number }[];
  readonly cadenceMs?: number;
  readonly parameters?: Partial<ActivityAlertParameters>;
}

export interface ActivityAlert {
  readonly code: ActivityAlertCode;
  /** The block at which the rule first held: when the notice is raised. */
  readonly at: number;
  /** The first block of the held run; with the cow and code it names the episode. */
  readonly episodeStart: number;
  /** Activity over the window ÷ her baseline for the same blocks. */
  readonly ratio: number;
  readonly activity: number;
  readonly baseline: number;
  readonly windowHours: number;
}

const EPSILON = 1e-9;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Each block's same-clock baseline over the previous days; NaN with too few of them. */
function sameClockBaseline(series: RegularActivitySeries, p: ActivityAlertParameters): number[] {
  const day = blocksIn(DAY_MS, series.cadenceMs);
  return series.values.map((_, index) => {
    const found: number[] = [];
    for (let back = 1; back <= p.baselineDays; back += 1) {
      const value = series.values[index - back * day];
      if (value !== undefined && !Number.isNaN(value)) found.push(value);
    }
    if (found.length < p.minBaselineDays) return Number.NaN;
    if (found.length < 4) return mean(found);
    return mean([...found].sort((a, b) => a - b).slice(1, -1));
  });
}

interface WindowSums {
  readonly ratio: number[];
  readonly activity: number[];
  readonly baseline: number[];
}

/** Activity and baseline summed over the trailing window, over blocks where both are present. */
function trailingSums(
  values: readonly number[],
  baseline: readonly number[],
  blocks: number,
  minPresent: number,
): WindowSums {
  const usable = values.map((value, index) => !Number.isNaN(value) && !Number.isNaN(baseline[index] ?? NaN));
  const sums: WindowSums = { ratio: [], activity: [], baseline: [] };
  let top = 0;
  let bottom = 0;
  let present = 0;
  values.forEach((value, index) => {
    if (usable[index]) {
      top += value;
      bottom += baseline[index] ?? 0;
      present += 1;
    }
    const leaving = index - blocks;
    if (leaving >= 0 && usable[leaving]) {
      top -= values[leaving] ?? 0;
      bottom -= baseline[leaving] ?? 0;
      present -= 1;
    }
    const judged = present >= minPresent && bottom > EPSILON;
    // Scaled to the whole window, so a missing block does not read as a quiet one.
    sums.activity.push(judged ? (top * blocks) / present : Number.NaN);
    sums.baseline.push(judged ? (bottom * blocks) / present : Number.NaN);
    sums.ratio.push(judged ? top / bottom : Number.NaN);
  });
  return sums;
}

interface Rule {
  readonly code: ActivityAlertCode;
  readonly sums: WindowSums;
  readonly windowHours: number;
  readonly holdBlocks: number;
  readonly enters: (index: number) => boolean;
  readonly ends: (index: number) => boolean;
  readonly silent?: (time: number) => boolean;
}

function runRule(rule: Rule, series: RegularActivitySeries, alerts: ActivityAlert[]): void {
  const time = (index: number) => series.start + index * series.cadenceMs;
  let state: 'unknown' | 'calm' | 'episode' = 'unknown';
  let runStart = -1;
  rule.sums.ratio.forEach((ratio, index) => {
    if (Number.isNaN(ratio)) return;
    if (state === 'episode') {
      if (rule.ends(index)) state = 'calm';
      runStart = -1;
      return;
    }
    if (!rule.enters(index)) {
      state = 'calm';
      runStart = -1;
      return;
    }
    if (runStart < 0) runStart = index;
    if (index - runStart + 1 < rule.holdBlocks) return;
    if (state === 'calm' && !rule.silent?.(time(index))) {
      alerts.push({
        code: rule.code,
        at: time(index),
        episodeStart: time(runStart),
        ratio: Math.round(ratio * 100) / 100,
        activity: Math.round(rule.sums.activity[index] ?? 0),
        baseline: Math.round(rule.sums.baseline[index] ?? 0),
        windowHours: rule.windowHours,
      });
    }
    state = 'episode';
  });
}

/** Every 301/302/303 alert of one cow's activity series, by time. */
export function detectActivityAlerts(
  points: readonly ActivityPoint[],
  options: ActivityAlertOptions = {},
): ActivityAlert[] {
  const p = { ...DEFAULT_ACTIVITY_ALERT_PARAMETERS, ...options.parameters };
  const series = toRegularSeries(points, options.cadenceMs);
  if (series === null) return [];
  const baseline = sameClockBaseline(series, p);
  const blocks = (hours: number) => blocksIn(hours * HOUR_MS, series.cadenceMs);
  const sums = (hours: number) =>
    trailingSums(
      series.values,
      baseline,
      blocks(hours),
      Math.max(1, Math.ceil(p.minCoverage * blocks(hours))),
    );
  const low = sums(p.lowWindowHours);
  const inactive = sums(p.inactiveWindowHours);
  const high = sums(p.highWindowHours);
  const ratioAt = (window: WindowSums, index: number) => window.ratio[index] ?? Number.NaN;
  const normalWindow = (index: number) =>
    ((low.baseline[index] ?? Number.NaN) * p.inactiveWindowHours) / p.lowWindowHours;

  const rules: Rule[] = [
    {
      code: 301,
      sums: low,
      windowHours: p.lowWindowHours,
      holdBlocks: blocks(p.lowHoldHours),
      enters: (index) => ratioAt(low, index) < p.lowRatio,
      ends: (index) => ratioAt(low, index) >= p.lowEndRatio,
    },
    {
      code: 302,
      sums: inactive,
      windowHours: p.inactiveWindowHours,
      holdBlocks: 1,
      // A window whose baseline is itself quiet (night) is judged calm: it cannot show inactivity.
      enters: (index) =>
        ratioAt(inactive, index) <= p.inactiveRatio + EPSILON &&
        (inactive.baseline[index] ?? 0) >= p.inactiveMinBaselineShare * normalWindow(index),
      ends: (index) => ratioAt(inactive, index) >= p.inactiveEndRatio,
    },
  ];
  if (options.highActivity !== false) {
    const margin = p.estrusMarginHours * HOUR_MS;
    rules.push({
      code: 303,
      sums: high,
      windowHours: p.highWindowHours,
      holdBlocks: blocks(p.highHoldHours),
      enters: (index) => ratioAt(high, index) >= p.highRatio - EPSILON,
      ends: (index) => ratioAt(high, index) < p.highEndRatio,
      silent: (time) =>
        (options.estrusEpisodes ?? []).some(
          (episode) => time >= episode.onset - margin && time <= episode.end + margin,
        ),
    });
  }
  const alerts: ActivityAlert[] = [];
  for (const rule of rules) runRule(rule, series, alerts);
  return alerts.sort((a, b) => a.at - b.at || a.code - b.code);
}
