import type { Database } from '../../db/database';
import { beginAttempt, resetCount, uncountAttempt, type ThrottleRule } from './throttle-store';

/** What became of a guarded attempt. */
export type Guarded<T> =
  | { outcome: 'passed'; value: T }
  | { outcome: 'failed' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Runs `check` (a password or secret check: a value when it passes, undefined when it fails) unless one of
 * `rules` refuses the attempt. The attempt counts as a failure from before `check` runs, so parallel
 * attempts cannot all slip in under the limit; it stops counting when it passes (then `onPass` runs) or is
 * refused unchecked. The counts live in the database, shared by every instance of an install.
 */
export const guardAttempt = async <T>(
  db: Database,
  rules: readonly ThrottleRule[],
  now: number,
  check: () => Promise<T | undefined>,
  onPass: () => Promise<void>,
): Promise<Guarded<T>> => {
  const attempt = await beginAttempt(db, rules, now);
  const retryAfterSeconds = Math.max(
    0,
    ...attempt.retryAfterSeconds.filter((_, index) => rules[index]?.countOnly !== true),
  );
  if (retryAfterSeconds > 0) {
    await uncountAttempt(db, attempt);
    return { outcome: 'throttled', retryAfterSeconds };
  }
  let value: T | undefined;
  try {
    value = await check();
  } catch (error) {
    // A check that could not run is no failure of the caller's; a row left behind would only count once.
    await uncountAttempt(db, attempt).catch(() => undefined);
    throw error;
  }
  if (value === undefined) return { outcome: 'failed' };
  await uncountAttempt(db, attempt);
  await onPass();
  return { outcome: 'passed', value };
};

/** One count: at most `limit` failures per key within `windowMs` (the boss password's 5 in 15 minutes). */
export class AttemptThrottle {
  constructor(
    private readonly db: Database,
    private readonly counter: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A pass forgets the key's failures. */
  guard<T>(key: string, check: () => Promise<T | undefined>): Promise<Guarded<T>> {
    const rule = { counter: this.counter, key, limit: this.limit, windowMs: this.windowMs };
    return guardAttempt(this.db, [rule], this.now(), check, () => resetCount(this.db, this.counter, key));
  }
}
