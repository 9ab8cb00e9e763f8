/** Nearest-rank percentile of sorted samples (p in 0..100). */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) throw new Error('no samples');
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
};

export const mean = (samples: readonly number[]): number =>
  samples.reduce((sum, sample) => sum + sample, 0) / samples.length;

export const ms = (value: number): string => value.toFixed(1);
export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
