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
  const times = [
    ...new Set(points.filter((point) => Number.isFinite(point.time)).map((point) => point.time)),
  ].sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (let index = 1; index < times.length; index += 1) {
    const gap = Math.round(((times[index] ?? 0) - (times[index - 1] ?? 0)) / MINUTE_MS) * MINUTE_MS;
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
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
  const usable = points
    .filter((point) => Number.isFinite(point.time) && Number.isFinite(point.activity) && point.activity >= 0)
    .sort((a, b) => a.time - b.time);
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

/** How many blocks of the cadence make up a duration, at least one. */
export function blocksIn(durationMs: number, cadenceMs: number): number {
  return Math.max(1, Math.round(durationMs / cadenceMs));
}
