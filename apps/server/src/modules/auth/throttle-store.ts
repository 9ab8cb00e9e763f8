import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';

/** A count of failures: at most `limit` for `key` within `windowMs`. */
export interface ThrottleRule {
  counter: string;
  key: string;
  limit: number;
  windowMs: number;
  /** Counted, but never a reason to refuse (an account's failures from an address it logged in from). */
  countOnly?: boolean;
}

/** An attempt, counted as a failure from the moment it began. */
export interface CountedAttempt {
  /** Its rows: removed again when the attempt passes or is refused. */
  ids: number[];
  /** Seconds until each rule's key may try again (0: within its limit), in the order of the rules. */
  retryAfterSeconds: number[];
}

/** The longest window of any rule: failures older than this count for nothing. */
export const LONGEST_WINDOW_MS = 60 * 60_000;
/** An address an account has not logged in from for this long is a stranger's again. */
export const TRUSTED_FOR_MS = 90 * 24 * 60 * 60_000;

/**
 * What is stored for a key. Keys come from the network (an MQTT username may be 64 KiB of anything), so one
 * that a text column or an index entry could not hold is stored as its SHA-256.
 */
export const storedKey = (key: string): string =>
  key.length <= 200 && !/[\p{Cc}\p{Cs}]/u.test(key)
    ? key
    : `sha256:${createHash('sha256').update(key).digest('hex')}`;

/** First key of the throttle's two-key advisory locks (the jobs use 4499, migrations one key). */
const THROTTLE_LOCK_NAMESPACE = 4500;

/**
 * Counts an attempt against every rule before its secret is checked, and tells whether earlier attempts
 * already use up a rule's limit. Counting first, under a lock per key, is what makes a limit hold for attempts
 * sent in parallel: each counts after the ones before it have been counted, so of any number that arrive at
 * once only `limit` are let through to their check (docs/security.md).
 */
export const beginAttempt = (
  db: Database,
  rules: readonly ThrottleRule[],
  now: number,
): Promise<CountedAttempt> =>
  db.transaction(async (tx) => {
    const keys = rules.map((rule) => storedKey(rule.key));
    // Every attempt takes its keys' locks in one order, so two attempts never deadlock on them.
    const lockNames = [...new Set(rules.map((rule, index) => `${rule.counter}:${keys[index]}`))].sort();
    for (const name of lockNames) {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [THROTTLE_LOCK_NAMESPACE, name]);
    }
    const rows = await tx.query<{ id: string; endsAtMs: number | null }>(
      `WITH rule AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[])
                  WITH ORDINALITY AS rule(counter, key, rule_limit, window_ms, position)
       ), counted AS (
         INSERT INTO throttle_failures (counter, key, failed_at)
         SELECT counter, key, $5 FROM rule RETURNING id, counter, key
       )
       SELECT counted.id,
              (extract(epoch FROM (
                 SELECT earlier.failed_at FROM throttle_failures AS earlier
                  WHERE earlier.counter = rule.counter AND earlier.key = rule.key
                    AND earlier.failed_at > $5::timestamptz - make_interval(secs => rule.window_ms / 1000.0)
                  ORDER BY earlier.failed_at DESC OFFSET rule.rule_limit - 1 LIMIT 1
               )) * 1000 + rule.window_ms)::float8 AS "endsAtMs"
         FROM counted JOIN rule USING (counter, key)
        ORDER BY rule.position`,
      [
        rules.map((rule) => rule.counter),
        keys,
        rules.map((rule) => rule.limit),
        rules.map((rule) => rule.windowMs),
        new Date(now),
      ],
    );
    return {
      ids: rows.map((row) => Number(row.id)),
      retryAfterSeconds: rows.map(({ endsAtMs }) =>
        endsAtMs === null ? 0 : Math.max(1, Math.ceil((endsAtMs - now) / 1000)),
      ),
    };
  });

/** The attempt was not a failure after all (it passed, or it was refused unchecked). */
export const uncountAttempt = async (db: Queryable, attempt: CountedAttempt): Promise<void> => {
  await db.query('DELETE FROM throttle_failures WHERE id = ANY($1::bigint[])', [attempt.ids]);
};

/** Forgets every failure of one key (the account-and-address count after a good login). */
export const resetCount = async (db: Queryable, counter: string, key: string): Promise<void> => {
  await db.query('DELETE FROM throttle_failures WHERE counter = $1 AND key = $2', [counter, storedKey(key)]);
};

export const isTrustedAddress = async (
  db: Queryable,
  policy: string,
  account: string,
  address: string,
  now: number,
): Promise<boolean> => {
  const rows = await db.query(
    `SELECT 1 FROM throttle_trusted_addresses
      WHERE policy = $1 AND account = $2 AND address = $3 AND last_success_at > $4`,
    [policy, storedKey(account), storedKey(address), new Date(now - TRUSTED_FOR_MS)],
  );
  return rows.length > 0;
};

export const trustAddress = async (
  db: Queryable,
  policy: string,
  account: string,
  address: string,
  now: number,
): Promise<void> => {
  await db.query(
    `INSERT INTO throttle_trusted_addresses (policy, account, address, last_success_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (policy, account, address) DO UPDATE SET last_success_at = EXCLUDED.last_success_at`,
    [policy, storedKey(account), storedKey(address), new Date(now)],
  );
};

/** Drops failures that count for nothing any more and addresses trusted too long ago. */
export const pruneThrottles = async (db: Queryable, now: number): Promise<void> => {
  await db.query('DELETE FROM throttle_failures WHERE failed_at <= $1', [new Date(now - LONGEST_WINDOW_MS)]);
  await db.query('DELETE FROM throttle_trusted_addresses WHERE last_success_at <= $1', [
    new Date(now - TRUSTED_FOR_MS),
  ]);
};
