import type { Config } from '../../config';
import type { Queryable } from '../../db/database';

const KEY = 'min_app_version_code';
/** How stale another instance's copy may be: a minimum version set in the console binds everywhere within it. */
const REFRESH_MS = 30_000;

/**
 * The minimum app version (spec §8's 409): MIN_APP_VERSION_CODE at start, then what support sets in the
 * console, which is stored and read back by every instance.
 */
export class AppVersionSetting {
  private cached: { value: number; at: number } | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly config: Pick<Config, 'minAppVersionCode' | 'latestAppVersion'>,
    private readonly now: () => number = Date.now,
  ) {}

  get latestAppVersion(): string {
    return this.config.latestAppVersion;
  }

  async minVersionCode(): Promise<number> {
    if (this.cached && this.now() - this.cached.at < REFRESH_MS) return this.cached.value;
    const [row] = await this.db.query<{ value: number }>(
      "SELECT (value #>> '{}')::int AS value FROM platform_settings WHERE key = $1",
      [KEY],
    );
    const value = row?.value ?? this.config.minAppVersionCode;
    this.cached = { value, at: this.now() };
    return value;
  }

  async set(tx: Queryable, value: number): Promise<void> {
    await tx.query(
      `INSERT INTO platform_settings (key, value, updated_at) VALUES ($1, to_jsonb($2::int), now())
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [KEY, value],
    );
  }

  /** After the commit: this instance answers by the new value at once. */
  remember(value: number): void {
    this.cached = { value, at: this.now() };
  }
}
