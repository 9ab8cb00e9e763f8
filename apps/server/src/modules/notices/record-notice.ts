import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { Queryable } from '../../db/database';

export interface NewNotice {
  farmId: number;
  cowId: number | null;
  sensorId: number | null;
  /** A code of architecture §6 (101 … 1102). */
  code: number;
  /**
   * Names the episode (e.g. `offline:sensor:40001:2026-11-22T04:10Z`). A second notice with the same key
   * in the same farm is never stored, even when two server instances detect the episode at once.
   */
  episodeKey: string;
  occurredAt: Date | string;
  /** The values that triggered the notice. */
  details: Record<string, unknown>;
}

export interface NoticeRecord {
  id: number;
  farmId: number;
  cowId: number | null;
  sensorId: number | null;
  code: number;
  episodeKey: string;
  /** ISO-8601, UTC. */
  occurredAt: string;
  details: Record<string, unknown>;
  /** Her code as it is now (null for a farm's notice): a live notice names her even when the client has
   * not loaded her (a cow outside the list's filter, a list not yet fetched). */
  cowCode: string | null;
}

/**
 * Stores the notice of an episode, or nothing when the episode already has one (undefined then). Run it in
 * the transaction that makes the change it reports, and publish `noticeMessage(record)` after the commit.
 */
export const recordNotice = async (tx: Queryable, notice: NewNotice): Promise<NoticeRecord | undefined> => {
  const occurredAt = notice.occurredAt instanceof Date ? notice.occurredAt.toISOString() : notice.occurredAt;
  const [row] = await tx.query<NoticeRecord>(
    `WITH stored AS (
       INSERT INTO notices (farm_id, cow_id, sensor_id, code, episode_key, occurred_at, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (farm_id, episode_key) DO NOTHING
       RETURNING id, farm_id, cow_id, sensor_id, code, episode_key, occurred_at, details
     )
     SELECT stored.id::int AS id, stored.farm_id AS "farmId", stored.cow_id AS "cowId",
            stored.sensor_id AS "sensorId", stored.code, stored.episode_key AS "episodeKey",
            to_char(stored.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
            stored.details, cows.code AS "cowCode"
       FROM stored LEFT JOIN cows ON cows.id = stored.cow_id`,
    [
      notice.farmId,
      notice.cowId,
      notice.sensorId,
      notice.code,
      notice.episodeKey,
      occurredAt,
      JSON.stringify(notice.details),
    ],
  );
  return row;
};

/** The `notice` socket message of a stored notice, with the spec's field names. */
export const noticeMessage = (notice: NoticeRecord): ServerSocketMessage => ({
  type: 'notice',
  data: {
    id: notice.id,
    cowid: notice.cowId,
    sensor: notice.sensorId,
    noticecode: notice.code,
    time: notice.occurredAt,
    details: notice.details,
    ...(notice.cowCode === null ? {} : { code: notice.cowCode }),
  },
});
