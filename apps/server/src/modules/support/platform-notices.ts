import { randomUUID } from 'node:crypto';
import type { PlatformNoticeTarget } from '@cowcare/contract/routes/support';
import type { Queryable } from '../../db/database';
import type { EventBus } from '../../realtime/bus';
import { noticeMessage, type NoticeRecord } from '../notices/record-notice';

export interface PlatformNotice {
  code: 1101 | 1102;
  target: PlatformNoticeTarget;
  title: string;
  body: string;
}

const targetFilter = (target: PlatformNoticeTarget): { where: string; value: string | number | null } => {
  switch (target.kind) {
    case 'all':
      return { where: '$5::text IS NULL', value: null };
    case 'country':
      return { where: 'f.country = $5::text', value: target.country };
    case 'farm':
      return { where: 'f.id = $5::int', value: target.farmId };
  }
};

/** The target as the audit log says it. */
export const describeTarget = (target: PlatformNoticeTarget): string =>
  target.kind === 'all'
    ? 'all farms'
    : target.kind === 'country'
      ? `farms of ${target.country}`
      : `farm ${target.farmId}`;

/**
 * One notice per targeted farm, in one statement, so a notice to every farm is all or nothing. The episode
 * key is this sending's own: sending the same text again is a second notice, as an agent would expect.
 */
export const insertPlatformNotices = async (
  tx: Queryable,
  notice: PlatformNotice,
): Promise<NoticeRecord[]> => {
  const { where, value } = targetFilter(notice.target);
  return tx.query<NoticeRecord>(
    `INSERT INTO notices (farm_id, cow_id, sensor_id, code, episode_key, occurred_at, details)
     SELECT f.id, NULL, NULL, $1, $2, now(), jsonb_build_object('title', $3::text, 'body', $4::text)
       FROM farms f
      WHERE ${where}
     RETURNING id::int AS id, farm_id AS "farmId", cow_id AS "cowId", sensor_id AS "sensorId", code,
               episode_key AS "episodeKey",
               to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
               details, NULL::text AS "cowCode"`,
    [notice.code, `platform:${notice.code}:${randomUUID()}`, notice.title, notice.body, value],
  );
};

/** After the commit: each farm's open sessions get their notice live. */
export const publishPlatformNotices = async (
  bus: EventBus,
  notices: readonly NoticeRecord[],
): Promise<void> => {
  for (const notice of notices) await bus.publish(notice.farmId, noticeMessage(notice));
};
