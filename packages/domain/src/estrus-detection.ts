// Estrus (heat) from neck-collar activity: notice 101 (heat, with its insemination window) and 103 (suspected).
//
// A cow in heat walks, mounts and is restless: over roughly 8-18 hours her activity rises two- to four-fold
// against what she does at the same time on ordinary days (Løvendahl & Chagunda 2010: 3,674 episodes from
// hourly activity, mean 2.8-fold rise lasting 8.1 h in cows and 9.2 h in heifers; Heatime heats last
// 14.3 ± 4.6 h by SCR's own index, Tippenhauer et al. 2021). The rule compares each cow with herself only —
// herd-wide thresholds fail because collars, barns and cows differ several-fold in their counts — and with
// the same clock hours, because milking, feeding and lighting give every cow a strong daily rhythm.
//
// The rule (architecture §9, refined on real SCR Heatime data; docs/detection.md has the sources and the
// measured results of each refinement):
//  0. Blocks: activity is judged in 2-hour clock blocks, as SCR Heatime counts it and as the rule's levels
//     were set; finer readings are summed into them.
//  1. Baseline: every block against the same clock block on the previous 7 days — their mean without the
//     highest and the lowest day, so one exceptional day (a heat, a regrouping, a collar off) does not move it.
//  2. Rise: activity over the trailing 12 hours ÷ the baseline of the same 12 hours.
//  3. Heat ('detected') when the rise is >= 1.5 (+50 %), held >= 1 hour, and carried by a run of at least
//     6 raised hours (hourly activity >= 1.5× its baseline, pauses under 4 hours allowed): a heat is
//     sustained, one wild block is not a heat. For a cow steadier than the typical one the heat level is
//     lower: three times her own day-to-day spread of the (ln) 12-hour ratio, but never below 1.4 (+40 %).
//     'suspected' for the same at >= 1.4, held 3 hours without reaching the heat level.
//  4. Onset: back-dated to the first raised hour of that run. Insemination window: onset + 13 h to + 24 h.
//  5. An episode lasts while the 12-hour rise stays up; rises less than 10 hours apart are one episode;
//     the first 10 days after a calving are ignored.
//  6. A collar off the cow (12 hours and more of blocks under a quarter of her mean block) is missing, not a
//     still cow, so the day it is back on is no heat (collar-off.ts).
//
// Any regular cadence works (10 minutes to 2 hours were tested): readings finer than 2 hours are summed into
// 2-hour clock blocks, a block is judged when the reading that completes it arrives, durations are converted
// to blocks, and missing blocks are holes that the ratios skip, never zeros.

import {
  blocksIn,
  DAY_MS,
  HOUR_MS,
  toClockBlocks,
  toRegularSeries,
  type ActivityBlocks,
  type ActivityPoint,
  type RegularActivitySeries,
} from './activity-series';
import { DEFAULT_COLLAR_OFF_PARAMETERS, withoutCollarOff, type CollarOffParameters } from './collar-off';

export type EstrusConfidence = 'detected' | 'suspected';

/** One heat. Times are epoch ms and name readings (block starts), like the input. */
export interface EstrusEpisode {
  /** Start of the first block of the first raised hour: at >= 1.5× (>= 1.4× for an episode that stayed suspected). */
  readonly onset: number;
  /** Start of the last block of the last raised hour. */
  readonly end: number;
  /** Start of the block that ends the hour with the highest activity ratio. */
  readonly peak: number;
  /** Activity of that hour ÷ its same-clock baseline: 2-4 in a typical heat. */
  readonly peakRatio: number;
  /** Highest trailing-12-hour ratio of the episode: the statistic the confidence is judged on. */
  readonly riseRatio: number;
  /** Insemination window, onset + 13 h … onset + 24 h. */
  readonly windowStart: number;
  readonly windowEnd: number;
  readonly confidence: EstrusConfidence;
  /** The reading at which the rule first held at the episode's confidence: when a live system raises its notice. */
  readonly alertAt: number;
}

export interface EstrusParameters {
  /**
   * Hours of the blocks activity is judged in; finer readings are summed into clock blocks this long. 2: the
   * levels below (a raised block at 1.4-1.5× its baseline, held, six raised hours) were set on 2-hour blocks,
   * and how often noise reaches them depends on the block: a 10-minute count or an hour is far noisier. SCR
   * Heatime, the reference system, counts in 2-hour blocks too. Judging every 10-minute reading instead gave
   * the same activity different answers (on the development data split into 10-minute blocks: recall
   * 0.77-0.87 against 0.94 on the blocks themselves; docs/detection.md). The cost: onsets are known to the
   * block, and a heat is raised at the reading that completes its block, up to 2 hours after a finer rule
   * might — hours before the insemination window opens.
   */
  readonly blockHours: number;
  /**
   * Trailing window over which activity is summed (§9). Twelve hours covers most of a heat (8-18 h) while
   * averaging out the hour-to-hour noise of a single collar.
   */
  readonly windowHours: number;
  /** Days of history the same-clock baseline is drawn from (§9): long enough to be stable, short enough to follow a changing cow. */
  readonly baselineDays: number;
  /** Fewer past days than this and there is no baseline (or, looking ahead, the following days complete it). */
  readonly minBaselineDays: number;
  /**
   * How the baseline days are combined: 'trimmed' (default) is their mean without the highest and the lowest
   * day (from 4 days on), 'mean' is §9, 'median' was tried. A week can hold one exceptional day either way —
   * a heat (they come every ~21 days), a regrouping or a hoof-trimming day, a collar off or a sick day — and
   * the plain mean lets it lift or sink the baseline for a week. The median is robust too but sits below the
   * mean for right-skewed activity counts, which lowers the effective threshold (measured: more false alerts).
   */
  readonly baselineCenter: 'trimmed' | 'mean' | 'median';
  /** Heat: the 12-hour rise reaches +50 % (§9; a typical heat is a 2-4-fold hourly rise, Løvendahl & Chagunda 2010). */
  readonly alertRatio: number;
  /**
   * The heat level judged against the cow's own day-to-day spread of the 12-hour ratio, as on-line detectors
   * judge a sensor reading against the cow's own expected variation (de Mol 2000, de Mol & Ouweltjes
   * 2001; Kiddy 1977 found activity to vary little from day to day within a cow): where the spread is known,
   * the heat level is e^(alertSpreads × spread), kept within [`minAlertRatio`, `maxAlertRatio`]; where it is
   * not (the first days of a record), `alertRatio`. The spread is the root mean square of ln(12-hour ratio) at
   * the same clock time on the previous `baselineDays` days, pooled over the clock times of the last day.
   * 3: a rise of three of her own spreads, the usual control limit; and the §9 +50 % is three spreads of the
   * typical cow (the development herd's median spread is 0.13, ln 1.5 / 0.13 = 3.1), so a cow of typical
   * spread keeps +50 % and only a steadier one is judged lower — her moderate heat counts. Infinity turns it
   * off (`alertRatio` everywhere).
   */
  readonly alertSpreads: number;
  /** The lowest heat level a steady cow is given: +40 %, §9's "weaker rise"; lower let routine rises through (measured). */
  readonly minAlertRatio: number;
  /**
   * The highest heat level a noisy cow is given: +50 %, the §9 level. Raising it for noisy cows ("a noisy cow
   * needs more") was measured and not adopted: it lost the inseminated heat of a heifer with a new collar.
   */
  readonly maxAlertRatio: number;
  /**
   * Suspected (notice 103): a weaker rise, +40 %, held and sustained the same way. A design choice, not a
   * published value: about three times the ordinary day-to-day spread of a cow's 12-hour activity (the 16th-84th
   * percentiles of the 12-hour ratio are 0.85-1.11 on the development data), so it is rarely noise.
   */
  readonly suspectedRatio: number;
  /** A heat-level rise must hold this long (§9) before it is reported. */
  readonly holdHours: number;
  /**
   * A suspected-level rise must hold this long without reaching the heat level before it is reported: a clear
   * heat passes +40 % on its way to +50 %, and should be announced once, as a heat.
   */
  readonly suspectedHoldHours: number;
  /**
   * Raised hours (hourly activity at the episode's ratio) the rise must be carried by, in one run. Raised
   * activity in a heat lasts 8-9 h on average (Løvendahl & Chagunda 2010; Heatime heats 14.3 ± 4.6 h); a
   * single wild 2-hour block can lift a 12-hour sum by 50 % on its own. Waiting for 6 raised hours costs no
   * insemination timing: the window opens 13 h after the onset. 0 turns the check off (the plain §9 rule).
   */
  readonly minRiseHours: number;
  /**
   * Raised hours separated by a quiet stretch this long are different events: a burst at feeding time is not
   * the start of a heat that begins five hours later. Bounds the run of `minRiseHours` and the back-dated
   * onset. Infinity turns it off (§9: onset at the first raised hour of the 12-hour window).
   */
  readonly quietGapHours: number;
  /** Rises less than this apart (previous end to next onset) are one heat (§9): activity dips inside a heat, cows lie down. */
  readonly mergeGapHours: number;
  /**
   * Days after a calving in which nothing is reported (§9): calving and the first days of lactation change
   * activity for reasons other than heat, and the first ovulation after calving is usually silent.
   */
  readonly postCalvingDays: number;
  /**
   * Insemination window, hours after onset: 13-24 h gave the highest pregnancy per AI in 3,420 Heatime-monitored
   * cows (34 % at 13-18 h, 32 % at 19-24 h, 23-30 % earlier, 27 % later; Tippenhauer, Plenio, Heuwieser,
   * Borchardt, FU Berlin) and ends some hours before ovulation, which follows the onset of raised pedometer
   * activity by about 29 h (Roelofs et al. 2005).
   */
  readonly windowStartHours: number;
  readonly windowEndHours: number;
  /** Share of a window's blocks (12-hour window, or the hour) that must be present for its ratio to count. */
  readonly minCoverage: number;
  /**
   * Retrospective analysis (a file, not a live stream): while a cow has fewer than `minBaselineDays` days of
   * past, her baseline is completed from the following days, so a heat in the first days of a record is not
   * lost. The live check (`estrusAlertAtLatest`) never looks ahead.
   */
  readonly lookAhead: boolean;
  /**
   * Stretches of a collar that is not on the cow (12 hours and more of blocks below a quarter of her mean
   * block) are taken out, as if never reported, so a collar put back on does not look like a heat against the
   * week it lay in a drawer (`collar-off.ts`). Null keeps every block (the plain §9 rule).
   */
  readonly collarOff: CollarOffParameters | null;
}

export const DEFAULT_ESTRUS_PARAMETERS: EstrusParameters = {
  blockHours: 2,
  windowHours: 12,
  baselineDays: 7,
  minBaselineDays: 2,
  baselineCenter: 'trimmed',
  alertRatio: 1.5,
  alertSpreads: 3,
  minAlertRatio: 1.4,
  maxAlertRatio: 1.5,
  suspectedRatio: 1.4,
  holdHours: 1,
  suspectedHoldHours: 3,
  minRiseHours: 6,
  quietGapHours: 4,
  mergeGapHours: 10,
  postCalvingDays: 10,
  windowStartHours: 13,
  windowEndHours: 24,
  minCoverage: 0.5,
  lookAhead: true,
  collarOff: DEFAULT_COLLAR_OFF_PARAMETERS,
};

/**
 * The live check's parameters: what the server runs on every new reading (`detect-cow.ts`) and
 * `estrusAlertAtLatest`. It cannot look ahead, so a cow's first days have only the days before them: it judges
 * from the first full day of her record (`minBaselineDays` 1), at the level a cow of unknown spread gets (+50 %),
 * rather than stay silent for two days. A heat is a two- to four-fold rise (Løvendahl & Chagunda 2010), well
 * clear of one day's noise; and a new collar is put on a cow that may be in heat the next day. Chosen by
 * leave-cows-out cross-validation (bench/estrus/RESULTS.md): in every fold the held-out score of the live
 * check with 1 day was at least that with 2. The retrospective analysis keeps 2 days, completed from the
 * following days, which is better still when the following days are known.
 */
export const LIVE_ESTRUS_PARAMETERS: EstrusParameters = {
  ...DEFAULT_ESTRUS_PARAMETERS,
  minBaselineDays: 1,
  lookAhead: false,
};

/**
 * The plain starting rule of architecture §9, with none of the refinements: mean baseline from whatever
 * past days exist, no sustained-rise check, onset at the first raised hour of the 12-hour window, no
 * look-ahead. Kept for the benchmark's comparison.
 */
export const ARCHITECTURE_ESTRUS_PARAMETERS: EstrusParameters = {
  ...DEFAULT_ESTRUS_PARAMETERS,
  minBaselineDays: 1,
  baselineCenter: 'mean',
  alertSpreads: Number.POSITIVE_INFINITY,
  minRiseHours: 0,
  quietGapHours: Number.POSITIVE_INFINITY,
  lookAhead: false,
  collarOff: null,
};

export interface EstrusOptions {
  /** Calving times (epoch ms) of this cow; the `postCalvingDays` after each are ignored. */
  readonly calvings?: readonly number[];
  readonly parameters?: Partial<EstrusParameters>;
  /** The block length; inferred from the readings when absent. */
  readonly cadenceMs?: number;
}

/** What happened at a reading: a new episode, or a suspected one that has now reached the heat threshold. */
export interface EstrusAlert {
  readonly kind: 'started' | 'confirmed';
  /** The episode as known at that reading (its end and peak may still move). */
  readonly episode: EstrusEpisode;
}

type Level = 0 | 1 | 2; // none, suspected, detected

interface Draft {
  onsetIndex: number;
  onsetLevel: Level;
  endIndex: number;
  peakIndex: number;
  peakRatio: number;
  riseRatio: number;
  level: Level;
  alertIndex: number;
}

interface Run {
  readonly episodes: Draft[];
  readonly alerts: { index: number; kind: EstrusAlert['kind']; snapshot: Draft }[];
  /** See `EstrusFindings.heatBuilding`. */
  readonly heatBuilding: boolean;
}

// The per-block arrays below are computed once per series, so a pass costs O(blocks) whatever the window:
// the server runs it on every new reading of every cow (issue 4, alert latency).

/** Σ of `values[from, to)`, in index order. */
function sumOf(values: Float64Array, from: number, to: number): number {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += values[index] ?? 0;
  return sum;
}

/** Sorts the first `count` values in place; insertion sort, as the count is a handful of days. */
function sortPrefix(values: Float64Array, count: number): void {
  for (let index = 1; index < count; index += 1) {
    const value = values[index] ?? 0;
    let slot = index;
    while (slot > 0 && (values[slot - 1] ?? 0) > value) {
      values[slot] = values[slot - 1] ?? 0;
      slot -= 1;
    }
    values[slot] = value;
  }
}

/** Whether a baseline of `count` days is taken from their sorted values: all but the plain mean are. */
const fromSortedDays = (how: EstrusParameters['baselineCenter'], count: number) =>
  how === 'median' || (how === 'trimmed' && count >= 4);

/** The baseline from the first `count` values of `sorted`, which are in ascending order. */
function centerOfSorted(
  sorted: Float64Array,
  count: number,
  how: EstrusParameters['baselineCenter'],
): number {
  if (how === 'trimmed') return sumOf(sorted, 1, count - 1) / (count - 2);
  const middle = count >> 1;
  return count % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/**
 * The baseline of one block from its same clock block on the previous days, in day order (yesterday first),
 * completed from the following days when looking ahead; `days` is scratch space.
 */
function baselineInDayOrder(
  values: Float64Array,
  index: number,
  dayBlocks: number,
  p: EstrusParameters,
  days: Float64Array,
): number {
  let count = 0;
  // The loops stay inside the array: reading outside it is a slow path in V8.
  for (let back = 1, at = index - dayBlocks; back <= p.baselineDays && at >= 0; back += 1, at -= dayBlocks) {
    const value = values[at] ?? Number.NaN;
    if (!Number.isNaN(value)) days[count++] = value;
  }
  if (count < p.minBaselineDays && p.lookAhead) {
    for (
      let ahead = 1, at = index + dayBlocks;
      ahead <= p.baselineDays && count < p.baselineDays && at < values.length;
      ahead += 1, at += dayBlocks
    ) {
      const value = values[at] ?? Number.NaN;
      if (!Number.isNaN(value)) days[count++] = value;
    }
  }
  if (count < p.minBaselineDays) return Number.NaN;
  if (!fromSortedDays(p.baselineCenter, count)) return sumOf(days, 0, count) / count;
  sortPrefix(days, count);
  return centerOfSorted(days, count, p.baselineCenter);
}

/** Present values in ascending order; `count` of them are in use. */
interface SortedValues {
  readonly values: Float64Array;
  count: number;
}

function insertSorted(sorted: SortedValues, value: number): void {
  let slot = sorted.count;
  while (slot > 0 && (sorted.values[slot - 1] ?? 0) > value) {
    sorted.values[slot] = sorted.values[slot - 1] ?? 0;
    slot -= 1;
  }
  sorted.values[slot] = value;
  sorted.count += 1;
}

function removeSorted(sorted: SortedValues, value: number): void {
  let slot = 0;
  while (slot < sorted.count && sorted.values[slot] !== value) slot += 1;
  sorted.count -= 1;
  for (; slot < sorted.count; slot += 1) sorted.values[slot] = sorted.values[slot + 1] ?? 0;
}

/**
 * Step 1: every block's same clock block on the previous days (completed from the following days when
 * looking ahead). Walked one clock block at a time, day after day, with that block's values of the past week
 * kept sorted: a day's step adds one value and drops one, where sorting the week afresh for every block was
 * most of the detector's time. Sums run over the sorted values in the same order either way, so the baseline
 * is the same to the last bit.
 */
function sameClockBaseline(values: Float64Array, dayBlocks: number, p: EstrusParameters): Float64Array {
  const { baselineDays, minBaselineDays, baselineCenter } = p;
  const length = values.length;
  const baseline = new Float64Array(length);
  const days = new Float64Array(Math.max(1, baselineDays));
  const week: SortedValues = { values: new Float64Array(baselineDays + 1), count: 0 };
  for (let slot = 0; slot < Math.min(dayBlocks, length); slot += 1) {
    week.count = 0;
    for (let index = slot; index < length; index += dayBlocks) {
      baseline[index] =
        week.count >= minBaselineDays && fromSortedDays(baselineCenter, week.count)
          ? centerOfSorted(week.values, week.count, baselineCenter)
          : baselineInDayOrder(values, index, dayBlocks, p, days);
      // On to the next day: this block joins the week, the one `baselineDays` back leaves it.
      const joining = values[index] ?? Number.NaN;
      if (!Number.isNaN(joining)) insertSorted(week, joining);
      const leaving = index - baselineDays * dayBlocks;
      const left = leaving >= 0 ? (values[leaving] ?? Number.NaN) : Number.NaN;
      if (!Number.isNaN(left)) removeSorted(week, left);
    }
  }
  return baseline;
}

/** Blocks present in both series: the only ones a ratio counts. */
function presentInBoth(numerator: Float64Array, denominator: Float64Array): Uint8Array {
  const usable = new Uint8Array(numerator.length);
  for (let index = 0; index < numerator.length; index += 1) {
    const both =
      !Number.isNaN(numerator[index] ?? Number.NaN) && !Number.isNaN(denominator[index] ?? Number.NaN);
    usable[index] = both ? 1 : 0;
  }
  return usable;
}

/**
 * Σ numerator ÷ Σ denominator over the trailing `count` blocks, counting only `usable` blocks; NaN when fewer
 * than `minPresent` count or the denominator is not positive. Running sums.
 */
function trailingRatio(
  numerator: Float64Array,
  denominator: Float64Array,
  usable: Uint8Array,
  count: number,
  minPresent: number,
): Float64Array {
  const ratios = new Float64Array(numerator.length);
  let top = 0;
  let bottom = 0;
  let present = 0;
  for (let index = 0; index < numerator.length; index += 1) {
    if (usable[index] === 1) {
      top += numerator[index] ?? 0;
      bottom += denominator[index] ?? 0;
      present += 1;
    }
    const leaving = index - count;
    if (leaving >= 0 && usable[leaving] === 1) {
      top -= numerator[leaving] ?? 0;
      bottom -= denominator[leaving] ?? 0;
      present -= 1;
    }
    ratios[index] = present >= minPresent && bottom > 0 ? top / bottom : Number.NaN;
  }
  return ratios;
}

/** Blocks in the `postCalvingDays` after a given calving: nothing is reported there. */
function postCalvingMask(
  series: RegularActivitySeries,
  calvings: readonly number[],
  p: EstrusParameters,
): Uint8Array {
  const { start, cadenceMs, values } = series;
  const ignored = new Uint8Array(values.length);
  for (const calving of calvings) {
    const until = calving + p.postCalvingDays * DAY_MS;
    const first = Math.max(0, Math.floor((calving - start) / cadenceMs));
    for (let index = first; index < values.length && start + index * cadenceMs < until; index += 1) {
      if (start + index * cadenceMs >= calving) ignored[index] = 1;
    }
  }
  return ignored;
}

/**
 * The raised hours (hourly ratio >= a ratio) of a series, indexed so that the run going on at any block is
 * found in constant time rather than by walking back over the window from every block.
 */
interface RaisedHours {
  /** Raised hours in blocks [0, i). */
  readonly raisedBefore: Int32Array;
  /** The k-th raised hour, oldest first. */
  readonly raisedBlocks: Int32Array;
  /**
   * Where a walk back from block i stops: at the `quietGapBlocks`-th consecutive present hour below the ratio
   * (missing hours are skipped); -1 when it never does.
   */
  readonly stopAt: Int32Array;
}

/** The next present hour after `block`; every quiet hour counted so far is present, so one is found. */
function nextPresent(blockRatio: Float64Array, block: number): number {
  let next = block + 1;
  while (Number.isNaN(blockRatio[next] ?? 0)) next += 1;
  return next;
}

function raisedHours(blockRatio: Float64Array, ratios: Float64Array, quietGapBlocks: number): RaisedHours {
  const length = blockRatio.length;
  const raisedBefore = new Int32Array(length + 1);
  const raisedBlocks = new Int32Array(length);
  const stopAt = new Int32Array(length);
  let lastRaised = -1;
  let quiet = 0; // present hours below the ratio since the last raised one
  let quietStop = -1; // once `quiet` reaches the gap: the quiet hour a walk back from here stops at
  for (let index = 0; index < length; index += 1) {
    const value = blockRatio[index] ?? Number.NaN;
    const raisedSoFar = raisedBefore[index] ?? 0;
    raisedBefore[index + 1] = raisedSoFar;
    if (value >= (ratios[index] ?? Number.NaN)) {
      raisedBlocks[raisedSoFar] = index;
      raisedBefore[index + 1] = raisedSoFar + 1;
      lastRaised = index;
      quiet = 0;
    } else if (!Number.isNaN(value)) {
      quiet += 1;
      // The stop is the oldest of the last `quietGapBlocks` quiet hours: it moves on one present hour a step.
      if (quiet === quietGapBlocks) quietStop = nextPresent(blockRatio, lastRaised);
      else if (quiet > quietGapBlocks) quietStop = nextPresent(blockRatio, quietStop);
    }
    // A walk that meets a raised or a missing hour goes on exactly as a walk from the hour before it.
    if (quiet >= quietGapBlocks) stopAt[index] = quietStop;
    else if (quiet === 0 || Number.isNaN(value)) stopAt[index] = index > 0 ? (stopAt[index - 1] ?? -1) : -1;
    else stopAt[index] = lastRaised < 0 ? -1 : (stopAt[lastRaised] ?? -1);
  }
  return { raisedBefore, raisedBlocks, stopAt };
}

/**
 * The cow's own day-to-day spread of the 12-hour ratio behind every block (NaN where it is not known): for each
 * clock block, the mean square of ln(12-hour ratio) at that clock time on the previous `baselineDays` days
 * (at least 3 of them); pooled over the clock blocks of the last day (at least half of them known); its root.
 * Nothing is trimmed: an exceptional day (a heat, a sick day) can only raise the spread, and so only keep the
 * fixed heat level. Running sums, one clock block at a time day after day, then over the day: linear in the
 * number of blocks.
 */
function ratioSpread(rise: Float64Array, dayBlocks: number, p: EstrusParameters): Float64Array {
  const length = rise.length;
  const perClock = new Float64Array(length).fill(Number.NaN);
  const minDays = Math.max(3, p.minBaselineDays);
  const logSquares = rise.map((value) => (value > 0 ? Math.log(value) ** 2 : Number.NaN));
  const squareOf = (index: number) => (index >= 0 ? (logSquares[index] ?? Number.NaN) : Number.NaN);
  for (let slot = 0; slot < Math.min(dayBlocks, length); slot += 1) {
    let squares = 0;
    let days = 0;
    for (let index = slot; index < length; index += dayBlocks) {
      if (days >= minDays) perClock[index] = squares / days;
      // On to the next day: this block joins the week, the one `baselineDays` back leaves it.
      const joining = squareOf(index);
      if (!Number.isNaN(joining)) {
        squares += joining;
        days += 1;
      }
      const left = squareOf(index - p.baselineDays * dayBlocks);
      if (!Number.isNaN(left)) {
        squares -= left;
        days -= 1;
      }
    }
  }
  const spread = new Float64Array(length);
  const minPresent = Math.max(1, Math.ceil(p.minCoverage * dayBlocks));
  let sum = 0;
  let present = 0;
  for (let index = 0; index < length; index += 1) {
    const joining = perClock[index] ?? Number.NaN;
    if (!Number.isNaN(joining)) {
      sum += joining;
      present += 1;
    }
    const left = index >= dayBlocks ? (perClock[index - dayBlocks] ?? Number.NaN) : Number.NaN;
    if (!Number.isNaN(left)) {
      sum -= left;
      present -= 1;
    }
    spread[index] = present >= minPresent ? Math.sqrt(Math.max(0, sum) / present) : Number.NaN;
  }
  return spread;
}

/** The heat and the suspected level of every block: fixed, or from the cow's own spread (`alertSpreads`). */
function levelRatios(
  rise: Float64Array,
  dayBlocks: number,
  p: EstrusParameters,
): { heat: Float64Array; suspected: Float64Array } {
  const heat = new Float64Array(rise.length).fill(p.alertRatio);
  if (Number.isFinite(p.alertSpreads)) {
    const spread = ratioSpread(rise, dayBlocks, p);
    for (let index = 0; index < rise.length; index += 1) {
      const own = Math.exp(p.alertSpreads * (spread[index] ?? Number.NaN));
      if (!Number.isNaN(own)) heat[index] = Math.min(p.maxAlertRatio, Math.max(p.minAlertRatio, own));
    }
  }
  const suspected = heat.map((ratio) => Math.min(p.suspectedRatio, ratio));
  return { heat, suspected };
}

/**
 * The state machine shared by the whole-series detector and the live check; one pass, oldest block first.
 * Blocks are `blockHours` or longer (`toClockBlocks`): an "hour" of the rule is never shorter than a block.
 */
function run(series: ActivityBlocks, calvings: readonly number[], p: EstrusParameters): Run {
  const { start, cadenceMs } = series;
  const values = p.collarOff ? withoutCollarOff(series, p.collarOff) : new Float64Array(series.values);
  const day = blocksIn(DAY_MS, cadenceMs);
  const windowBlocks = blocksIn(p.windowHours * HOUR_MS, cadenceMs);
  const hoursPerBlock = cadenceMs / HOUR_MS;
  const quietGapBlocks = Number.isFinite(p.quietGapHours)
    ? blocksIn(p.quietGapHours * HOUR_MS, cadenceMs)
    : Number.POSITIVE_INFINITY;
  const time = (index: number) => start + index * cadenceMs;
  const ignoredMask = postCalvingMask(series, calvings, p);
  const ignored = (index: number) => ignoredMask[index] === 1;

  // 1. The same clock block on the previous days.
  const baseline = sameClockBaseline(values, day, p);
  // 2. The rise over the trailing window, and each block's own ratio.
  const usable = presentInBoth(values, baseline);
  const minWindowBlocks = Math.max(1, Math.ceil(p.minCoverage * windowBlocks));
  const rise = trailingRatio(values, baseline, usable, windowBlocks, minWindowBlocks);
  const blockRatio = trailingRatio(values, baseline, usable, 1, 1);
  // The heat and the suspected level of each block.
  const levels = levelRatios(rise, day, p);
  const ratiosFor = (level: Level) => (level === 2 ? levels.heat : levels.suspected);
  const ratioAt = (index: number, level: Level) => ratiosFor(level)[index] ?? Number.NaN;

  // Built on first use: a cow whose rise never reaches a level never needs its raised hours.
  const raisedByLevel: (RaisedHours | undefined)[] = [];
  const raisedAt = (level: Level): RaisedHours => {
    const known = raisedByLevel[level];
    if (known !== undefined) return known;
    const raised = raisedHours(blockRatio, ratiosFor(level), quietGapBlocks);
    raisedByLevel[level] = raised;
    return raised;
  };

  /**
   * The run of raised hours (hourly ratio at `level`) that is going on at `index`: raised hours within the
   * trailing window, going back from `index`, until a quiet stretch of `quietGapHours`. Null when the last
   * raised hour is already that long ago. `first` is its first raised hour.
   */
  const currentRun = (index: number, level: Level): { hours: number; first: number } | null => {
    const { raisedBefore, raisedBlocks, stopAt } = raisedAt(level);
    const from = Math.max(index - windowBlocks + 1, 0, stopAt[index] ?? -1);
    const raisedFrom = raisedBefore[from] ?? 0;
    const raised = (raisedBefore[index + 1] ?? 0) - raisedFrom;
    if (raised === 0) return null;
    return { hours: raised * hoursPerBlock, first: raisedBlocks[raisedFrom] ?? index };
  };

  // Not a closure made in levelAt: the server runs under tsx, which names every closure it creates, and
  // that cost per block was a third of the detector's time.
  const sustained = (index: number, level: Level) => (currentRun(index, level)?.hours ?? 0) >= p.minRiseHours;
  const levelAt = (index: number): Level => {
    if (ignored(index)) return 0;
    const windowRise = rise[index] ?? Number.NaN;
    if (windowRise >= ratioAt(index, 2) && sustained(index, 2)) return 2;
    if (windowRise >= ratioAt(index, 1) && sustained(index, 1)) return 1;
    return 0;
  };

  /** Back-dates the onset of an alert at `index` to the start of the run of raised hours behind it. */
  const findOnset = (index: number, level: Level): { index: number; level: Level } => {
    const heat = currentRun(index, 2);
    if (heat !== null) return { index: heat.first, level: 2 };
    if (level === 2) return { index, level: 2 };
    return { index: currentRun(index, 1)?.first ?? index, level: 1 };
  };

  // 3-5. Episodes.
  const episodes: Draft[] = [];
  const alerts: Run['alerts'] = [];
  let active: Draft | null = null;
  let heldSuspected = 0; // consecutive blocks at >= suspected
  let heldDetected = 0; // consecutive blocks at heat level
  const follow = (draft: Draft, index: number) => {
    const ratio = blockRatio[index] ?? Number.NaN;
    if (ratio > draft.peakRatio) {
      draft.peakRatio = ratio;
      draft.peakIndex = index;
    }
    if (ratio >= ratioAt(index, draft.onsetLevel)) {
      draft.endIndex = Math.max(draft.endIndex, index);
    }
    const windowRise = rise[index] ?? Number.NaN;
    if (windowRise > draft.riseRatio || Number.isNaN(draft.riseRatio)) draft.riseRatio = windowRise;
  };
  for (let index = 0; index < values.length; index += 1) {
    const level = levelAt(index);
    heldSuspected = level >= 1 ? heldSuspected + 1 : 0;
    heldDetected = level === 2 ? heldDetected + 1 : 0;
    const heldLevel: Level =
      heldDetected * hoursPerBlock >= p.holdHours
        ? 2
        : heldSuspected * hoursPerBlock >= p.suspectedHoldHours
          ? 1
          : 0;
    let event: EstrusAlert['kind'] | null = null;

    if (heldLevel > 0 && active === null) {
      const onset = findOnset(index, heldLevel);
      const previous = episodes[episodes.length - 1];
      if (previous && time(onset.index) - time(previous.endIndex) < p.mergeGapHours * HOUR_MS) {
        active = previous; // the same heat, resumed: no new alert
        for (let block = Math.max(onset.index, previous.endIndex + 1); block < index; block += 1) {
          follow(previous, block);
        }
      } else {
        active = {
          onsetIndex: onset.index,
          onsetLevel: onset.level,
          endIndex: onset.index,
          peakIndex: onset.index,
          peakRatio: Number.NEGATIVE_INFINITY,
          riseRatio: Number.NaN,
          level: heldLevel,
          alertIndex: index,
        };
        episodes.push(active);
        for (let block = onset.index; block < index; block += 1) follow(active, block);
        event = 'started';
      }
    }

    if (active !== null) {
      if (heldLevel === 2 && active.level < 2) {
        active.level = 2;
        active.alertIndex = index;
        if (active.onsetLevel < 2) {
          const onset = findOnset(index, 2);
          if (onset.level === 2 && onset.index >= active.onsetIndex) {
            active.onsetIndex = onset.index;
            active.onsetLevel = 2;
          }
        }
        event = 'confirmed';
      }
      follow(active, index);
      if (event !== null) alerts.push({ index, kind: event, snapshot: { ...active } });
      // The episode lasts while the trailing rise stays up: no second alert for the tail of the same heat.
      if (ignored(index) || !((rise[index] ?? Number.NaN) >= ratioAt(index, 1))) active = null;
    }
  }
  const last = values.length - 1;
  const buildingHours = Math.max(1, p.minRiseHours / 2);
  const heatBuilding = last >= 0 && !ignored(last) && (currentRun(last, 1)?.hours ?? 0) >= buildingHours;
  return { episodes, alerts, heatBuilding };
}

function toEpisode(draft: Draft, series: ActivityBlocks, p: EstrusParameters): EstrusEpisode {
  const time = (index: number) => series.start + index * series.cadenceMs;
  const onset = time(draft.onsetIndex);
  return {
    onset,
    // The last raised reading: the end of its block less one reading.
    end: Math.max(time(draft.endIndex) + series.cadenceMs - series.readingCadenceMs, onset),
    peak: time(draft.peakIndex),
    peakRatio: draft.peakRatio,
    riseRatio: draft.riseRatio,
    windowStart: onset + p.windowStartHours * HOUR_MS,
    windowEnd: onset + p.windowEndHours * HOUR_MS,
    confidence: draft.level === 2 ? 'detected' : 'suspected',
    alertAt: series.completedAt[draft.alertIndex] ?? time(draft.alertIndex),
  };
}

function prepare(
  points: readonly ActivityPoint[],
  options: EstrusOptions,
  base: EstrusParameters = DEFAULT_ESTRUS_PARAMETERS,
): { series: ActivityBlocks; parameters: EstrusParameters; newestReading: number } | null {
  const parameters = { ...base, ...options.parameters };
  const readings = toRegularSeries(points, options.cadenceMs);
  if (readings === null) return null;
  const series = toClockBlocks(readings, parameters.blockHours * HOUR_MS, parameters.minCoverage);
  const newestReading = readings.start + (readings.values.length - 1) * readings.cadenceMs;
  return series === null ? null : { series, parameters, newestReading };
}

export interface EstrusFindings {
  readonly episodes: EstrusEpisode[];
  /**
   * The newest reading is in a run of raised hours (at the suspected level) at least half as long as a heat
   * needs: a heat may be building, and her next readings may start or confirm it. A live system can look at
   * them first; whether they do is still the rule's to say.
   */
  readonly heatBuilding: boolean;
}

/**
 * Every estrus episode in one cow's activity series, oldest first, and whether a heat is building at its
 * newest reading. One episode per heat: rises less than `mergeGapHours` apart are merged, and a suspected
 * episode that later reaches the heat threshold becomes 'detected' rather than a second episode.
 */
export function findEstrus(points: readonly ActivityPoint[], options: EstrusOptions = {}): EstrusFindings {
  const prepared = prepare(points, options);
  if (prepared === null) return { episodes: [], heatBuilding: false };
  const { series, parameters } = prepared;
  const { episodes, heatBuilding } = run(series, options.calvings ?? [], parameters);
  return { episodes: episodes.map((draft) => toEpisode(draft, series, parameters)), heatBuilding };
}

/** Every estrus episode in one cow's activity series, oldest first (`findEstrus`). */
export function detectEstrusEpisodes(
  points: readonly ActivityPoint[],
  options: EstrusOptions = {},
): EstrusEpisode[] {
  return findEstrus(points, options).episodes;
}

/**
 * The live check: given a cow's recent readings (at least `baselineDays` + 2 days of them), says whether an
 * episode starts — or a suspected one is confirmed as a heat — at the newest reading. Run on every new
 * reading, it answers each episode at most once 'started' and at most once 'confirmed', so the caller sends
 * one notice per episode: 101 on a heat that starts or is confirmed, 103 on a suspected start. Its
 * parameters are `LIVE_ESTRUS_PARAMETERS` changed by `options.parameters`; it never looks ahead, whatever they
 * say. The answer is about the newest reading only, so a late, older reading
 * raises nothing retroactively. Two server instances that may both run it for one reading should key the
 * notice on the cow and `episode.onset` (stable from the first answer on, unless a suspected onset is moved
 * to the heat's when it is confirmed).
 */
export function estrusAlertAtLatest(
  points: readonly ActivityPoint[],
  options: EstrusOptions = {},
): EstrusAlert | null {
  const prepared = prepare(points, options, LIVE_ESTRUS_PARAMETERS);
  if (prepared === null) return null;
  const parameters = { ...prepared.parameters, lookAhead: false };
  const { series, newestReading } = prepared;
  const last = series.values.length - 1;
  const { alerts } = run(series, options.calvings ?? [], parameters);
  const alert = alerts[alerts.length - 1];
  // The newest block, completed by this reading (an earlier reading's answer is not repeated).
  if (alert === undefined || alert.index !== last || series.completedAt[last] !== newestReading) return null;
  return { kind: alert.kind, episode: toEpisode(alert.snapshot, series, parameters) };
}
