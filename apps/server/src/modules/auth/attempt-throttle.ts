/**
 * Counts failures per key in a sliding window and blocks a key that reached its limit until the oldest
 * counted failure leaves the window. Kept in memory: one process serves the embedded mode; several
 * instances each count their own share (docs/security.md says what that means and what comes next).
 */
export class AttemptThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recentFailures(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string): void {
    this.failures.set(key, [...this.recentFailures(key), this.now()]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Drops keys whose failures all left the window, so memory stays bounded by recent activity. */
  prune(): void {
    for (const key of this.failures.keys()) {
      if (this.recentFailures(key).length === 0) this.failures.delete(key);
    }
  }

  private recentFailures(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.failures.delete(key);
    else this.failures.set(key, recent);
    return recent;
  }
}
