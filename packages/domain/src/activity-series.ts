// A cow's activity as collars deliver it: one count per block (10 minutes for CowCare's own sensors,
// 2 hours for SCR Heatime exports, anything in between for other gateways), sometimes late, duplicated
// or missing. Detectors want a regular grid: slot i is `start + i × cadence`, and a missing block is a
// hole (NaN), never a zero — a collar that did not report says nothing about how much the cow moved.

/** One activity reading: `time` in epoch milliseconds, `activity` the collar's count for that block. */
export interface ActivityPoint {
  readonly time: number;
  readonly activity: number;
}

/** Readings placed on a regular grid; `values[i]` is the block starting at `start + i × cadenceMs`, NaN when missing. */
export interface RegularActivitySeries {
  readonly start: number;
  readonly cadenceMs: number;
  readonly values: readonly number[];
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The block length of a series: the most common gap between consecutive distinct reading times, rounded to
 * the minute (ties go to the shorter gap). The mode, not the minimum or the mean, so that missing blocks
 * (longer gaps) and the odd early or late reading (shorter gaps) do not change it. Null with fewer than two
 * distinct times.
 */
export function inferCadenceMs(points: readonly ActivityPoint[]): number | null {
  const times = sortedFiniteTimes(points);
  const counts = new Map<number, number>();
  // Readings come in long runs of one gap: a run is rounded and counted once, not once per reading.
  let runGap = 0;
  let runLength = 0;
  for (let index = 1; index < times.length; index += 1) {
    const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
    if (gap === runGap) {
      runLength += 1;
    } else {
      countGap(counts, runGap, runLength);
      runGap = gap;
      runLength = 1;
    }
  }
  countGap(counts, runGap, runLength);
  return mostCommonGap(counts);
}

function countGap(counts: Map<number, number>, gapMs: number, occurrences: number): void {
  const gap = Math.round(gapMs / MINUTE_MS) * MINUTE_MS;
  // A repeated time gives a gap of 0, which is not counted: as if the times were made distinct first.
  if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + occurrences);
}

/** The gap counted most often; of equally common gaps the shortest, whatever order they were counted in. */
function mostCommonGap(counts: ReadonlyMap<number, number>): number | null {
  let best: number | null = null;
  let bestCount = 0;
  for (const [gap, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== null && gap < best)) {
      best = gap;
      bestCount = count;
    }
  }
  return best;
}

/** The finite reading times, ascending. */
function sortedFiniteTimes(points: readonly ActivityPoint[]): Float64Array {
  const times = new Float64Array(points.length);
  let length = 0;
  let sorted = true;
  for (const { time } of points) {
    if (!Number.isFinite(time)) continue;
    if (length > 0 && time < (times[length - 1] ?? 0)) sorted = false;
    times[length] = time;
    length += 1;
  }
  const finite = times.subarray(0, length);
  // Readings mostly arrive in order; sorting only when they did not saves most of the work.
  return sorted ? finite : finite.sort();
}

/**
 * Places readings on the grid that starts at the earliest reading. A reading goes to the nearest slot, so
 * clock jitter of less than half a block is absorbed; of two readings in one slot the earlier one is kept
 * (a re-sent block is a duplicate, not extra activity). Readings with a non-finite time or activity are
 * dropped; negative activity is dropped too (no collar counts below zero). Null when no cadence can be
 * inferred and none is given.
 */
export function toRegularSeries(
  points: readonly ActivityPoint[],
  cadenceMs: number | null = inferCadenceMs(points),
): RegularActivitySeries | null {
  const usable = usablePointsByTime(points);
  const first = usable[0];
  const last = usable[usable.length - 1];
  if (cadenceMs === null || !(cadenceMs > 0) || first === undefined || last === undefined) return null;
  const values = new Array<number>(Math.round((last.time - first.time) / cadenceMs) + 1).fill(Number.NaN);
  for (const point of usable) {
    const slot = Math.round((point.time - first.time) / cadenceMs);
    if (Number.isNaN(values[slot])) values[slot] = point.activity;
  }
  return { start: first.time, cadenceMs, values };
}

const isUsable = (point: ActivityPoint) =>
  Number.isFinite(point.time) && Number.isFinite(point.activity) && point.activity >= 0;

/** Usable readings by time (stable for equal times): the readings themselves when they already are. */
function usablePointsByTime(points: readonly ActivityPoint[]): readonly ActivityPoint[] {
  let previous = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (!isUsable(point) || point.time < previous) {
      return points.filter(isUsable).sort((a, b) => a.time - b.time);
    }
    previous = point.time;
  }
  return points;
}

/** How many blocks of the cadence make up a duration, at least one. */
export function blocksIn(durationMs: number, cadenceMs: number): number {
  return Math.max(1, Math.round(durationMs / cadenceMs));
}

/**
 * Activity per block over the trailing hour at every block: the mean of the hour's present blocks, NaN when
 * fewer than `minPresent` of them are. At blocks of an hour or more, the block itself. Same-clock baselines
 * are taken over these: at 10-minute blocks counts come in bursts (a cow walks, then lies down), and a
 * baseline that leaves out a block's highest day leaves out a burst, so it sits too low.
 */
export function trailingHourRate(values: Float64Array, hourBlocks: number, minPresent: number): Float64Array {
  if (hourBlocks === 1) return values;
  const rates = new Float64Array(values.length);
  let sum = 0;
  let present = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? Number.NaN;
    if (!Number.isNaN(value)) {
      sum += value;
      present += 1;
    }
    const leaving = index - hourBlocks;
    const left = leaving >= 0 ? (values[leaving] ?? Number.NaN) : Number.NaN;
    if (!Number.isNaN(left)) {
      sum -= left;
      present -= 1;
    }
    rates[index] = present >= minPresent ? sum / present : Number.NaN;
  }
  return rates;
}

/** A series in blocks of at least a detector's block length, and the time each block was complete. */
export interface ActivityBlocks extends RegularActivitySeries {
  /**
   * For block i: the time of the reading that completed it (the first reading in or after its last slot).
   * A detector that raises something on block i raises it then: it could not know earlier.
   */
  readonly completedAt: readonly number[];
  /** The cadence of the readings the blocks were made of: a block's last reading is `readingCadenceMs` before its end. */
  readonly readingCadenceMs: number;
}

/**
 * Blocks of `blockMs` for a detector whose thresholds were set on blocks of that length. Finer readings are
 * binned into clock blocks (aligned to whole multiples of `blockMs` of the series' clock), each the block's
 * activity: the mean of its present readings, scaled to the block; NaN when fewer than `minCoverage` of its
 * slots are present. The newest block is left out until a reading completes it. A series whose cadence is
 * already `blockMs` or longer is returned as it is, each block complete when it was read.
 */
export function toClockBlocks(
  series: RegularActivitySeries,
  blockMs: number,
  minCoverage: number,
): ActivityBlocks | null {
  const { start, cadenceMs, values } = series;
  if (cadenceMs >= blockMs) {
    const completedAt = values.map((_, index) => start + index * cadenceMs);
    return { ...series, completedAt, readingCadenceMs: cadenceMs };
  }
  const firstBlock = Math.floor(start / blockMs) * blockMs;
  // Slot k of the grid (any integer k, also before the first reading) is at start + k × cadence.
  const firstSlotFrom = (time: number) => Math.ceil((time - start) / cadenceMs);
  const slotsPerBlock = blockMs / cadenceMs;
  const nextReadingAt = new Float64Array(values.length); // the first present slot at or after each slot
  let nextReading = Number.NaN;
  for (let slot = values.length - 1; slot >= 0; slot -= 1) {
    if (!Number.isNaN(values[slot] ?? Number.NaN)) nextReading = start + slot * cadenceMs;
    nextReadingAt[slot] = nextReading;
  }
  const blockValues: number[] = [];
  const completedAt: number[] = [];
  for (let block = firstBlock; ; block += blockMs) {
    const from = firstSlotFrom(block);
    const to = firstSlotFrom(block + blockMs); // exclusive
    if (to > values.length) break; // the newest block, not complete yet
    let sum = 0;
    let present = 0;
    for (let slot = Math.max(0, from); slot < to; slot += 1) {
      const value = values[slot] ?? Number.NaN;
      if (!Number.isNaN(value)) {
        sum += value;
        present += 1;
      }
    }
    const enough = present > 0 && present >= minCoverage * (to - from);
    blockValues.push(enough ? (sum / present) * slotsPerBlock : Number.NaN);
    completedAt.push(nextReadingAt[to - 1] ?? Number.NaN);
  }
  if (blockValues.length === 0) return null;
  return {
    start: firstBlock,
    cadenceMs: blockMs,
    values: blockValues,
    completedAt,
    readingCadenceMs: cadenceMs,
  };
}
