// Activity alerts other than estrus: 301 low activity, 302 inactive for hours, 303 unusually high activity
// without estrus context.
//
// Like the estrus rule, each compares a cow with herself at the same clock time: every block against the same
// block on the previous 7 days (their mean without the highest and lowest day from 4 days on, so one heat or
// one sick day does not move it; the days are ranked by their activity over the hour up to that time).
// Milking, feeding and lighting give every cow a strong daily rhythm, so "quiet at 3 a.m." means nothing
// until it is compared with her own 3 a.m.
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
  trailingHourRate,
  type ActivityPoint,
  type RegularActivitySeries,
} from './activity-series';
import { DEFAULT_COLLAR_OFF_PARAMETERS, withoutCollarOff, type CollarOffParameters } from './collar-off';

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
  /** 303 leaves out a collar off the cow (`collar-off.ts`); null keeps every block. */
  readonly collarOff: CollarOffParameters | null;
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
  collarOff: DEFAULT_COLLAR_OFF_PARAMETERS,
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
/** From this many days on, a baseline leaves out her highest and her lowest day. */
const TRIM_FROM_DAYS = 4;

/**
 * Each block's same-clock baseline over the previous days; NaN with too few of them. The days left out as the
 * highest and the lowest are chosen by their activity over the hour up to that clock time (`rates`), not by
 * the block alone: at 10-minute blocks a block's highest day is a burst of walking, and leaving bursts out
 * left every baseline too low (and high activity everywhere). Walks one clock time at a time, day after day,
 * keeping her previous days at that clock time ranked as they come and go, rather than gathering and sorting
 * them again for every block (which was most of this detector's time).
 */
function sameClockBaseline(
  values: Float64Array,
  rates: Float64Array,
  cadenceMs: number,
  p: ActivityAlertParameters,
): Float64Array {
  const day = blocksIn(DAY_MS, cadenceMs);
  const days = p.baselineDays >= 1 ? Math.floor(p.baselineDays) : 0;
  const baseline = new Float64Array(values.length);
  const previousDays = new RankedDays(days + 1);
  const rankOf = (index: number) => {
    const rate = rates[index] ?? Number.NaN;
    return Number.isNaN(rate) ? (values[index] ?? Number.NaN) : rate;
  };
  for (let clock = 0; clock < day && clock < values.length; clock += 1) {
    previousDays.clear();
    for (let index = clock; index < values.length; index += day) {
      const found = previousDays.size;
      if (found < p.minBaselineDays) baseline[index] = Number.NaN;
      else if (found < TRIM_FROM_DAYS) baseline[index] = meanAsFound(values, index, day, days);
      else baseline[index] = previousDays.trimmedMean();
      previousDays.add(rankOf(index), values[index] ?? Number.NaN);
      const leaving = index - days * day;
      if (leaving >= 0) previousDays.remove(rankOf(leaving), values[leaving] ?? Number.NaN);
    }
  }
  return baseline;
}

/**
 * The plain mean of the previous days at this clock time, summed from yesterday back: in that order, so that
 * a baseline (and an alert right at a threshold) is the same to the last bit as it always was.
 */
function meanAsFound(values: ArrayLike<number>, index: number, day: number, days: number): number {
  let sum = 0;
  let found = 0;
  for (let back = 1, at = index - day; back <= days && at >= 0; back += 1, at -= day) {
    const value = values[at] ?? Number.NaN;
    if (Number.isNaN(value)) continue;
    sum += value;
    found += 1;
  }
  return sum / found;
}

/**
 * A few days' values kept in ascending order of their rank as they are added and removed; a missing value (NaN)
 * is ignored. Where the rank is the value itself, the order and the sums are those of the values sorted.
 */
class RankedDays {
  private readonly ranks: Float64Array;
  private readonly values: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.ranks = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  add(rank: number, value: number): void {
    if (Number.isNaN(value)) return;
    let at = this.size;
    for (; at > 0 && (this.ranks[at - 1] ?? 0) > rank; at -= 1) {
      this.ranks[at] = this.ranks[at - 1] ?? 0;
      this.values[at] = this.values[at - 1] ?? 0;
    }
    this.ranks[at] = rank;
    this.values[at] = value;
    this.size += 1;
  }

  /** Removes one entry with this rank and value, if there is one. */
  remove(rank: number, value: number): void {
    if (Number.isNaN(value)) return;
    let at = 0;
    while (at < this.size && (this.ranks[at] !== rank || this.values[at] !== value)) at += 1;
    if (at === this.size) return;
    for (; at < this.size - 1; at += 1) {
      this.ranks[at] = this.ranks[at + 1] ?? 0;
      this.values[at] = this.values[at + 1] ?? 0;
    }
    this.size -= 1;
  }

  /** The mean of the values without the lowest- and the highest-ranked day, summed in rank order. */
  trimmedMean(): number {
    let sum = 0;
    for (let at = 1; at < this.size - 1; at += 1) sum += this.values[at] ?? 0;
    return sum / (this.size - 2);
  }
}

/** 1 where a block has both activity and a baseline: the blocks the windows are summed over. */
function usableBlocks(values: ArrayLike<number>, baseline: Float64Array): Uint8Array {
  const usable = new Uint8Array(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const missing = Number.isNaN(values[index] ?? Number.NaN) || Number.isNaN(baseline[index] ?? Number.NaN);
    usable[index] = missing ? 0 : 1;
  }
  return usable;
}

/** Activity and baseline summed over a trailing window of usable blocks, moved along one block at a time. */
class TrailingWindow {
  private top = 0;
  private bottom = 0;
  private present = 0;
  private judged = false;

  constructor(
    private readonly values: ArrayLike<number>,
    private readonly blockBaselines: Float64Array,
    private readonly usable: Uint8Array,
    private readonly blocks: number,
    private readonly minPresent: number,
  ) {}

  /** Moves the window on to end at block `index`; called for every block, in order. */
  advance(index: number): void {
    if (this.usable[index] === 1) {
      this.top += this.values[index] ?? 0;
      this.bottom += this.blockBaselines[index] ?? 0;
      this.present += 1;
    }
    const leaving = index - this.blocks;
    if (leaving >= 0 && this.usable[leaving] === 1) {
      this.top -= this.values[leaving] ?? 0;
      this.bottom -= this.blockBaselines[leaving] ?? 0;
      this.present -= 1;
    }
    this.judged = this.present >= this.minPresent && this.bottom > EPSILON;
  }

  /** Activity ÷ baseline; NaN when the window is not judged (too few blocks, no baseline). */
  get ratio(): number {
    return this.judged ? this.top / this.bottom : Number.NaN;
  }

  // Scaled to the whole window, so a missing block does not read as a quiet one.
  get activity(): number {
    return this.judged ? (this.top * this.blocks) / this.present : Number.NaN;
  }

  get baseline(): number {
    return this.judged ? (this.bottom * this.blocks) / this.present : Number.NaN;
  }
}

/** One rule's episodes as the blocks go by: reported once, when the data shows them begin (see above). */
class EpisodeTracker {
  private state: 'unknown' | 'calm' | 'episode' = 'unknown';
  /** The first block of the current run of blocks in the condition; -1 outside one. */
  runStart = -1;

  constructor(private readonly holdBlocks: number) {}

  /** Takes the next judged block; true when an episode begins there that is to be reported. */
  begins(index: number, holds: boolean, isBack: boolean): boolean {
    if (this.state === 'episode') {
      if (isBack) this.state = 'calm';
      this.runStart = -1;
      return false;
    }
    if (!holds) {
      this.state = 'calm';
      this.runStart = -1;
      return false;
    }
    if (this.runStart < 0) this.runStart = index;
    if (index - this.runStart + 1 < this.holdBlocks) return false;
    const wasCalm = this.state === 'calm';
    this.state = 'episode';
    return wasCalm;
  }
}

/** Her same-clock baseline of every block, from `values`. */
function baselineOf(values: Float64Array, cadenceMs: number, p: ActivityAlertParameters): Float64Array {
  const hourBlocks = blocksIn(HOUR_MS, cadenceMs);
  const hourRates = trailingHourRate(values, hourBlocks, Math.ceil(p.minCoverage * hourBlocks));
  return sameClockBaseline(values, hourRates, cadenceMs, p);
}

/** A trailing window of any length over `values` against `baseline`. */
function windowsOver(
  values: Float64Array,
  baseline: Float64Array,
  cadenceMs: number,
  p: ActivityAlertParameters,
): (hours: number) => TrailingWindow {
  const blocks = (hours: number) => blocksIn(hours * HOUR_MS, cadenceMs);
  const usable = usableBlocks(values, baseline);
  return (hours) =>
    new TrailingWindow(
      values,
      baseline,
      usable,
      blocks(hours),
      Math.max(1, Math.ceil(p.minCoverage * blocks(hours))),
    );
}

/** Whether `kept` misses a block that `values` has; a plain loop, as it runs for every cow detected. */
function anyTakenOut(kept: Float64Array, values: Float64Array): boolean {
  for (let index = 0; index < values.length; index += 1) {
    if (!Number.isNaN(values[index] ?? Number.NaN) && Number.isNaN(kept[index] ?? Number.NaN)) return true;
  }
  return false;
}

/**
 * The three rules over one series, judged block by block. Every window moves on before any rule is judged:
 * 302 also looks at the 24-hour window.
 */
class ActivityRules {
  readonly alerts: ActivityAlert[] = [];
  private readonly low: TrailingWindow;
  private readonly inactive: TrailingWindow;
  private readonly high: TrailingWindow | undefined = undefined;
  private readonly lowEpisodes: EpisodeTracker;
  private readonly inactiveEpisodes = new EpisodeTracker(1);
  private readonly highEpisodes: EpisodeTracker;

  constructor(
    private readonly series: RegularActivitySeries,
    private readonly p: ActivityAlertParameters,
    private readonly options: ActivityAlertOptions,
  ) {
    const values = Float64Array.from(series.values);
    // A collar off the cow (`collar-off.ts`) never sets her baseline. Against the week a collar lay in a
    // drawer the day it is back on is high activity (303), and after a week there the drawer is her normal:
    // 301 and 302 would end, then fire again and again on its noise. Their own windows keep those blocks: a
    // collar off is what they show.
    const worn = p.collarOff ? withoutCollarOff(series, p.collarOff) : values;
    const baseline = baselineOf(worn, series.cadenceMs, p);
    const againstWorn = windowsOver(values, baseline, series.cadenceMs, p);
    this.low = againstWorn(p.lowWindowHours);
    this.inactive = againstWorn(p.inactiveWindowHours);
    if (options.highActivity !== false) {
      const highWindows = anyTakenOut(worn, values)
        ? windowsOver(worn, baseline, series.cadenceMs, p)
        : againstWorn;
      this.high = highWindows(p.highWindowHours);
    }
    this.lowEpisodes = new EpisodeTracker(this.blocks(p.lowHoldHours));
    this.highEpisodes = new EpisodeTracker(this.blocks(p.highHoldHours));
  }

  judge(index: number): void {
    this.low.advance(index);
    this.inactive.advance(index);
    this.high?.advance(index);
    this.judgeLow(index);
    this.judgeInactive(index);
    if (this.high) this.judgeHigh(index, this.high);
  }

  private judgeLow(index: number): void {
    const { p, low } = this;
    const ratio = low.ratio;
    if (Number.isNaN(ratio)) return;
    if (this.lowEpisodes.begins(index, ratio < p.lowRatio, ratio >= p.lowEndRatio)) {
      this.report(301, low, p.lowWindowHours, this.lowEpisodes, index);
    }
  }

  private judgeInactive(index: number): void {
    const { p, inactive } = this;
    const ratio = inactive.ratio;
    if (Number.isNaN(ratio)) return;
    // A window whose baseline is itself quiet (night) is judged calm: it cannot show inactivity.
    const holds = ratio <= p.inactiveRatio + EPSILON && this.normallyActive();
    if (this.inactiveEpisodes.begins(index, holds, ratio >= p.inactiveEndRatio)) {
      this.report(302, inactive, p.inactiveWindowHours, this.inactiveEpisodes, index);
    }
  }

  /** Whether the inactivity window's hours are at least a share of an average such window of her day. */
  private normallyActive(): boolean {
    const { p } = this;
    const normalWindow = (this.low.baseline * p.inactiveWindowHours) / p.lowWindowHours;
    return this.inactive.baseline >= p.inactiveMinBaselineShare * normalWindow;
  }

  private judgeHigh(index: number, high: TrailingWindow): void {
    const { p } = this;
    const ratio = high.ratio;
    if (Number.isNaN(ratio)) return;
    const begins = this.highEpisodes.begins(index, ratio >= p.highRatio - EPSILON, ratio < p.highEndRatio);
    if (begins && !this.nearHeat(this.time(index))) {
      this.report(303, high, p.highWindowHours, this.highEpisodes, index);
    }
  }

  private nearHeat(time: number): boolean {
    const margin = this.p.estrusMarginHours * HOUR_MS;
    return (this.options.estrusEpisodes ?? []).some(
      (episode) => time >= episode.onset - margin && time <= episode.end + margin,
    );
  }

  private report(
    code: ActivityAlertCode,
    window: TrailingWindow,
    windowHours: number,
    episodes: EpisodeTracker,
    index: number,
  ): void {
    this.alerts.push({
      code,
      at: this.time(index),
      episodeStart: this.time(episodes.runStart),
      ratio: Math.round(window.ratio * 100) / 100,
      activity: Math.round(window.activity),
      baseline: Math.round(window.baseline),
      windowHours,
    });
  }

  private blocks(hours: number): number {
    return blocksIn(hours * HOUR_MS, this.series.cadenceMs);
  }

  private time(index: number): number {
    return this.series.start + index * this.series.cadenceMs;
  }
}

/** Every 301/302/303 alert of one cow's activity series, by time. */
export function detectActivityAlerts(
  points: readonly ActivityPoint[],
  options: ActivityAlertOptions = {},
): ActivityAlert[] {
  const p = { ...DEFAULT_ACTIVITY_ALERT_PARAMETERS, ...options.parameters };
  const series = toRegularSeries(points, options.cadenceMs);
  if (series === null) return [];
  const rules = new ActivityRules(series, p, options);
  for (let index = 0; index < series.values.length; index += 1) rules.judge(index);
  return rules.alerts.sort((a, b) => a.at - b.at || a.code - b.code);
}
