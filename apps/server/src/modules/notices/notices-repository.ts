import type { Queryable } from '../../db/database';

/** A stored notice with its cow's code, as the notice lists read it. */
export interface NoticeRow {
  id: number;
  cowId: number | null;
  cowCode: string | null;
  sensorId: number | null;
  code: number;
  /** ISO-8601, UTC. */
  occurredAt: string;
  details: Record<string, unknown>;
  read: boolean;
  /** The still from her camera (issue 37), on the notices that take one; null on the others. */
  snapshot: {
    state: 'pending' | 'taken' | 'failed';
    camera: string;
    takenAt: string | null;
    failure: 'offline' | 'unauthorized' | null;
  } | null;
}

/**
 * A still claimed by an instance that then stopped stays 'pending'; after this long it is read as failed, so
 * the notice does not promise a picture forever.
 */
const SNAPSHOT_PENDING_LIMIT = "interval '2 minutes'";

export interface NoticeQuery {
  /** Only these codes (`include`) or every code but these (`exclude`). */
  codes: { include: readonly number[] } | { exclude: readonly number[] };
  /** Only unread notices that happened after this time. */
  unreadSince?: Date;
  limit: number;
}

/**
 * The farm's notices, newest first. Rows come back as one JSON document (like the cow list): a large farm's
 * history decodes far faster from one string than row by row.
 */
export const listNotices = async (
  db: Queryable,
  farmId: number,
  query: NoticeQuery,
): Promise<NoticeRow[]> => {
  const codeFilter = 'include' in query.codes ? 'n.code = ANY($2::int[])' : 'NOT (n.code = ANY($2::int[]))';
  const codes = 'include' in query.codes ? query.codes.include : query.codes.exclude;
  const unread = query.unreadSince ? 'AND n.read_at IS NULL AND n.occurred_at > $4' : '';
  const [row] = await db.query<{ notices: string }>(
    `SELECT coalesce(json_agg(notice ORDER BY notice."occurredAt" DESC, notice.id DESC), '[]')::text AS notices
       FROM (SELECT n.id::int AS id, n.cow_id AS "cowId", c.code AS "cowCode", n.sensor_id AS "sensorId", n.code,
                    to_char(n.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
                    n.details, n.read_at IS NOT NULL AS read,
                    CASE WHEN s.notice_id IS NOT NULL THEN json_build_object(
                      'state', CASE WHEN s.state = 'pending' AND s.claimed_at < now() - ${SNAPSHOT_PENDING_LIMIT}
                                    THEN 'failed' ELSE s.state END,
                      'camera', s.camera_name,
                      'takenAt', to_char(s.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'failure', CASE WHEN s.state = 'pending' AND s.claimed_at < now() - ${SNAPSHOT_PENDING_LIMIT}
                                      THEN 'offline' ELSE s.failure END
                    ) END AS snapshot
               FROM notices n
               LEFT JOIN cows c ON c.id = n.cow_id AND c.farm_id = n.farm_id
               LEFT JOIN notice_snapshots s ON s.notice_id = n.id
              WHERE n.farm_id = $1 AND ${codeFilter} ${unread}
              ORDER BY n.occurred_at DESC, n.id DESC
              LIMIT $3) notice`,
    [farmId, codes, query.limit, ...(query.unreadSince ? [query.unreadSince.toISOString()] : [])],
  );
  return row ? (JSON.parse(row.notices) as NoticeRow[]) : [];
};

/** How many notices of each code happened after `since`. */
export const countNoticesByCode = async (
  db: Queryable,
  farmId: number,
  since: Date,
): Promise<Map<number, number>> => {
  const rows = await db.query<{ code: number; count: number }>(
    `SELECT code, count(*)::int AS count FROM notices WHERE farm_id = $1 AND occurred_at > $2 GROUP BY code`,
    [farmId, since.toISOString()],
  );
  return new Map(rows.map((row) => [row.code, row.count]));
};
