import { FOLLOW_UP_NOTICE_CODES, isFollowUpDone, type LatestRecordDays } from '@cowcare/domain/follow-ups';
import type { Queryable } from '../../db/database';
import { markReadInTransaction, type MarkedRead } from './mark-notices-read';

interface OpenFollowUp {
  id: number;
  code: number;
  details: Record<string, unknown>;
  day: string;
}

export const NOTHING_READ: MarkedRead = { updated: 0, ids: [], cowsRead: [] };

/**
 * Marks read the cow's unread reminders whose event she now has on record (the domain's rule,
 * `isFollowUpDone`): a pregnancy check due once the diagnosis is recorded, an expected heat once it was seen
 * or she was inseminated, an expected (or overdue) calving once she calved. Run it in the transaction that
 * changed her records; tell the farm's sessions after the commit.
 */
export const settleFollowUps = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
  latest: LatestRecordDays,
): Promise<MarkedRead> => {
  const open = await tx.query<OpenFollowUp>(
    `SELECT id::int AS id, code, details, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
       FROM notices
      WHERE farm_id = $1 AND cow_id = $2 AND read_at IS NULL AND code = ANY($3::int[])`,
    [farmId, cowId, FOLLOW_UP_NOTICE_CODES],
  );
  const done = open.filter((notice) => isFollowUpDone(notice, latest)).map((notice) => notice.id);
  return done.length === 0 ? NOTHING_READ : markReadInTransaction(tx, farmId, done);
};

/** Marks every unread reminder of a cow read: a culled cow has nothing left to be reminded of. */
export const settleAllFollowUps = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
): Promise<MarkedRead> => {
  const open = await tx.query<{ id: number }>(
    `SELECT id::int AS id FROM notices
      WHERE farm_id = $1 AND cow_id = $2 AND read_at IS NULL AND code = ANY($3::int[])`,
    [farmId, cowId, FOLLOW_UP_NOTICE_CODES],
  );
  return open.length === 0
    ? NOTHING_READ
    : markReadInTransaction(
        tx,
        farmId,
        open.map(({ id }) => id),
      );
};
