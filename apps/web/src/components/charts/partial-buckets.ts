/**
 * A bucket of a summed series (activity per day or per 6 hours) read for only part of its time sums less
 * than the cow moved: the day a sensor was fitted, or hours it was away. Judged against the fullest bucket
 * of the same chart rather than a fixed 144 readings a day, so a sensor at any cadence has whole days; a
 * reading or two missed still leaves a bucket whole.
 */
const WHOLE_SHARE = 0.9;

/** A bucket read only in part: its row, and its readings against the fullest bucket's, for the caption. */
export interface PartialBucket {
  index: number;
  readings: number;
  fullest: number;
}

/** The buckets with readings, but fewer than `WHOLE_SHARE` of the fullest one's; `skip` is not judged. */
export function partialBuckets(counts: readonly number[], skip?: number): PartialBucket[] {
  const judged = counts.filter((_, index) => index !== skip);
  const fullest = Math.max(0, ...judged);
  return counts.flatMap((readings, index) =>
    index !== skip && readings > 0 && readings < WHOLE_SHARE * fullest ? [{ index, readings, fullest }] : [],
  );
}

/** Whether the row at `index` is one of the `partial` buckets. */
export const isPartialRow = (partial: readonly PartialBucket[], index: number): boolean =>
  partial.some((bucket) => bucket.index === index);
