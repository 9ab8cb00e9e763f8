// Leave-cows-out cross-validation of the estrus detector's parameters (issue 38): the cows are dealt into
// folds; for each fold the parameters are chosen on the other folds' cows only and scored on this fold's, so
// the held-out score says how the choice does on cows it never saw — which is what the other half of the
// study, not in the repository, will do to it. The gap between the score on the cows a choice was made on and
// on the cows it was not is the measure of fitting the file.

/** What a configuration scores on a set of cows; counts, so folds can be pooled. */
export interface CowSetScore {
  readonly referenceCount: number;
  readonly found: number;
  readonly detected: number;
  readonly truePositives: number;
  readonly recall: number;
  readonly precision: number;
}

export interface FoldResult<Score extends CowSetScore> {
  readonly fold: number;
  readonly cows: readonly string[];
  /** The index of the configuration chosen on the other folds. */
  readonly chosen: number;
  /** Its score on the other folds (where it was chosen) and on this one (held out). */
  readonly tuned: Score;
  readonly heldOut: Score;
}

/** Cows in number order dealt round-robin into `count` folds: fixed, and blind to what the cows did. */
export function foldsByCow(cows: readonly string[], count: number): string[][] {
  const sorted = [...cows].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return Array.from({ length: count }, (_, fold) => sorted.filter((_, index) => index % count === fold));
}

/**
 * The better of two scores for choosing: the higher of min(recall, precision) — both goals must hold, so the
 * weaker one counts — then the higher F1. NaN (no alerts) is worst.
 */
export function compareForChoice(a: CowSetScore, b: CowSetScore): number {
  const key = (score: CowSetScore) => {
    const worst = Math.min(score.recall, score.precision);
    const f1 = (2 * score.recall * score.precision) / (score.recall + score.precision);
    return [Number.isNaN(worst) ? -1 : worst, Number.isNaN(f1) ? -1 : f1];
  };
  const [aWorst = -1, aF1 = -1] = key(a);
  const [bWorst = -1, bF1 = -1] = key(b);
  const EPSILON = 1e-9;
  if (Math.abs(aWorst - bWorst) > EPSILON) return aWorst - bWorst;
  if (Math.abs(aF1 - bF1) > EPSILON) return aF1 - bF1;
  return 0;
}

/**
 * The configuration that scores best (`scoreOn`); among equals, the earliest (the caller lists the previous
 * default first, so a parameter moves only when the data say so).
 */
export function choose<Score extends CowSetScore>(
  candidates: number,
  scoreOn: (candidate: number) => Score,
): number {
  let best = 0;
  let bestScore = scoreOn(0);
  for (let candidate = 1; candidate < candidates; candidate += 1) {
    const score = scoreOn(candidate);
    if (compareForChoice(score, bestScore) > 0) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * For each fold: the configuration chosen on the other folds' cows, and its score there and on the fold.
 * `score(candidate, cows)` scores a configuration's alerts against the reference on those cows only.
 */
export function crossValidate<Score extends CowSetScore>(
  folds: readonly (readonly string[])[],
  candidates: number,
  score: (candidate: number, cows: ReadonlySet<string>) => Score,
): FoldResult<Score>[] {
  return folds.map((cows, fold) => {
    const others = new Set(folds.flatMap((other, index) => (index === fold ? [] : other)));
    const chosen = choose(candidates, (candidate) => score(candidate, others));
    return {
      fold: fold + 1,
      cows,
      chosen,
      tuned: score(chosen, others),
      heldOut: score(chosen, new Set(cows)),
    };
  });
}
