import type { Queryable } from '../../db/database';
import { COW_COLUMNS, COW_SOURCES, type CowRecord } from './cows-repository';

// What the ready cow lists (cow-list-cache.ts) read: a cow's list row with the moment it last changed
// (`list_changed_at`, stamped by a trigger on every write, migration 0029), and which cows changed lately.

/** Microseconds, so two writes within a millisecond still differ. */
const stampText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface StampedCow extends CowRecord {
  changedAt: string;
}

export interface ChangeStamp {
  id: number;
  changedAt: string;
}

/** The database's clock (not this server's): the stamps are its times. */
export const databaseNow = async (db: Queryable): Promise<string> => {
  const [row] = await db.query<{ now: string }>(`SELECT ${stampText('clock_timestamp()')} AS now`);
  if (!row) throw new Error('the database did not say what time it is');
  return row.now;
};

/**
 * The farm's cows (or these of them) with their stamps, as one JSON document: decoding 10,000 rows field by
 * field costs more than the query on PGlite, one JSON.parse does not (see listCowsOfFarm).
 */
export const readStampedCows = async (
  db: Queryable,
  farmId: number,
  cowIds?: readonly number[],
): Promise<StampedCow[]> => {
  const onlySome = cowIds ? 'AND c.id = ANY($2::int[])' : '';
  const [row] = await db.query<{ cows: string }>(
    `SELECT coalesce(json_agg(cow), '[]')::text AS cows
       FROM (SELECT ${COW_COLUMNS}, ${stampText('c.list_changed_at')} AS "changedAt"
             ${COW_SOURCES} WHERE c.farm_id = $1 ${onlySome}) cow`,
    cowIds ? [farmId, cowIds] : [farmId],
  );
  return row ? (JSON.parse(row.cows) as StampedCow[]) : [];
};

export interface RecentChanges {
  /** The database's time as the look began: where the next look starts. */
  now: string;
  /** How many cows the farm has: fewer than kept means some were deleted. */
  total: number;
  stamps: ChangeStamp[];
}

/**
 * The farm's cows stamped after `since` less `slackSeconds` (a write is stamped when made and seen when its
 * transaction commits, so a look must reach back over the longest transaction that writes cows), and how
 * many cows it has.
 */
export const recentChanges = async (
  db: Queryable,
  farmId: number,
  since: string,
  slackSeconds: number,
): Promise<RecentChanges> => {
  // One statement: on PGlite's single connection, every statement of a look queues behind other requests'.
  const [row] = await db.query<{ now: string; total: number; stamps: string }>(
    `WITH recent AS (
       SELECT c.id, ${stampText('c.list_changed_at')} AS "changedAt"
         FROM cows c
        WHERE c.farm_id = $1 AND c.list_changed_at > $2::timestamptz - make_interval(secs => $3))
     SELECT ${stampText('statement_timestamp()')} AS now,
            (SELECT count(*)::int FROM cows WHERE farm_id = $1) AS total,
            coalesce((SELECT json_agg(recent) FROM recent), '[]')::text AS stamps`,
    [farmId, since, slackSeconds],
  );
  if (!row) throw new Error('the database answered no row');
  return { now: row.now, total: row.total, stamps: JSON.parse(row.stamps) as ChangeStamp[] };
};
