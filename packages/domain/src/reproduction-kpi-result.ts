// One KPI's answer: the value with what it is made of and the cows behind each side, so a tap on the number
// can list them (issue 40). Rates are fractions (0.5 = 50 %), day KPIs are means in days.

export interface KpiResult {
  /** numerator / denominator; null when the denominator is 0 (nothing to judge yet). */
  readonly value: number | null;
  readonly numerator: number;
  readonly denominator: number;
  /** Cows counted in the numerator (for a mean: the cows averaged). */
  readonly numeratorCowIds: readonly number[];
  /** Cows that make up the denominator. */
  readonly denominatorCowIds: readonly number[];
}

const sortedUnique = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

export function kpiResult(
  numerator: number,
  denominator: number,
  numeratorCowIds: Iterable<number>,
  denominatorCowIds: Iterable<number>,
): KpiResult {
  return {
    value: denominator === 0 ? null : numerator / denominator,
    numerator,
    denominator,
    numeratorCowIds: sortedUnique(numeratorCowIds),
    denominatorCowIds: sortedUnique(denominatorCowIds),
  };
}

/** A mean of day counts, one per cow event: sum over count. */
export function meanDaysResult(samples: readonly { cowId: number; days: number }[]): KpiResult {
  const ids = samples.map((sample) => sample.cowId);
  return kpiResult(
    samples.reduce((sum, sample) => sum + sample.days, 0),
    samples.length,
    ids,
    ids,
  );
}

/** A share of items: those passing `hit` over all of them. */
export function shareResult<T extends { cowId: number }>(
  items: readonly T[],
  hit: (item: T) => boolean,
): KpiResult {
  const hits = items.filter(hit);
  return kpiResult(
    hits.length,
    items.length,
    hits.map((item) => item.cowId),
    items.map((item) => item.cowId),
  );
}
