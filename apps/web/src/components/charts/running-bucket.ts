/**
 * A bucket of a summed series (activity per 6 hours, per day) that is still running at `now` holds only the
 * readings so far, so its bar reads as a fall that is not one. Finds it, and how much of it has passed.
 */
export interface RunningBucket {
  index: number;
  /** Hours of the bucket gone by, one decimal, and its length in hours. */
  elapsedHours: number;
  totalHours: number;
}

const HOUR_MS = 3_600_000;

export function runningBucket(
  starts: readonly number[],
  sizeMs: number,
  now: number = Date.now(),
): RunningBucket | undefined {
  const index = starts.findIndex((start) => start <= now && now < start + sizeMs);
  const start = starts[index];
  if (start === undefined) return undefined;
  return {
    index,
    elapsedHours: Math.round(((now - start) / HOUR_MS) * 10) / 10,
    totalHours: Math.round(sizeMs / HOUR_MS),
  };
}
