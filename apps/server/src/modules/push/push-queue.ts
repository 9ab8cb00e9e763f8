import { SEVERE_PUSH_CODES } from '@cowcare/domain/push-rules';
import type { Queryable } from '../../db/database';
import type { PushedNotice } from './push-message';

export interface QueuedNotice extends PushedNotice {
  farmId: number;
  /** Stored over an hour ago and never pushed (the server was down): news no more, so it is not sent. */
  stale: boolean;
}

export interface EscalatedNotice extends PushedNotice {
  farmId: number;
  unread: boolean;
}

/** Notices claimed at once: a full batch means there may be more. */
export const PUSH_BATCH = 100;

const NOTICE_COLUMNS = `n.id::int AS id, n.farm_id AS "farmId", n.cow_id AS "cowId", n.code, n.details,
  (SELECT code FROM cows WHERE cows.id = n.cow_id) AS "cowCode"`;

/**
 * Claims the next notices to push. A claim is a stamp, not a lock held while sending: the push services are
 * not called inside a transaction. An instance that dies mid-send leaves a stamp that goes stale after two
 * minutes, and another instance sends those notices again (the tag makes the phone show one).
 */
export const claimDueNotices = (db: Queryable): Promise<QueuedNotice[]> =>
  db.query<QueuedNotice>(
    `UPDATE notices n SET push_claimed_at = now()
      WHERE n.id IN (SELECT id FROM notices
                      WHERE push_due AND (push_claimed_at IS NULL OR push_claimed_at < now() - interval '2 minutes')
                      ORDER BY id LIMIT ${PUSH_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING ${NOTICE_COLUMNS}, n.created_at < now() - interval '1 hour' AS stale`,
  );

/** Pushed (or judged not to be): no longer due; a severe one still unread is looked at again after the delay. */
export const finishPushedNotices = (db: Queryable, ids: readonly number[], escalateAfterMinutes: number) =>
  ids.length === 0
    ? Promise.resolve()
    : db.query(
        `UPDATE notices SET push_due = false, push_claimed_at = NULL,
                escalate_at = CASE WHEN code = ANY($2::int[]) AND read_at IS NULL
                                   THEN now() + make_interval(mins => $3) END
          WHERE id = ANY($1::bigint[])`,
        [ids, SEVERE_PUSH_CODES, escalateAfterMinutes],
      );

/** Severe notices whose delay has passed, each taken once: whoever claims one escalates it, or nobody does. */
export const claimEscalations = (db: Queryable): Promise<EscalatedNotice[]> =>
  db.query<EscalatedNotice>(
    `UPDATE notices n SET escalate_at = NULL
      WHERE n.id IN (SELECT id FROM notices WHERE escalate_at <= now()
                      ORDER BY escalate_at LIMIT ${PUSH_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING ${NOTICE_COLUMNS}, n.read_at IS NULL AS unread`,
  );
