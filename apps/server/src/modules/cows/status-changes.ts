import { ERROR_CODES } from '@cowcare/contract/errors';
import {
  canApplyLifecycleEvent,
  nextStatusAfter,
  parityAfter,
  parseStoredStatus,
  storedStatusValue,
  type LifecycleEvent,
} from '@cowcare/domain/cow-status';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { CowRecord } from './cows-repository';

export interface StatusChangeActor {
  userId?: number;
  adminId?: number;
}

/** The `reason` column of cow_status_changes. */
export type StatusChangeReason =
  | 'created'
  | 'fertilization'
  | 'pregnancy'
  | 'calving'
  | 'end-lactation'
  | 'convert-to-fattening'
  | 'eliminate'
  | 'force'
  | 'restore';

const REASONS: Record<LifecycleEvent['kind'], StatusChangeReason> = {
  fertilization: 'fertilization',
  pregnancyResult: 'pregnancy',
  calving: 'calving',
  endLactation: 'end-lactation',
  convertToFattening: 'convert-to-fattening',
  eliminate: 'eliminate',
  forceChange: 'force',
};

const FORCED: ReadonlySet<LifecycleEvent['kind']> = new Set([
  'endLactation',
  'convertToFattening',
  'eliminate',
  'forceChange',
]);

export interface StatusChange {
  farmId: number;
  cowId: number;
  from: string | null;
  to: string;
  reason: StatusChangeReason;
  forced: boolean;
  actor: StatusChangeActor;
}

/** One row of a cow's status history: who moved it from what to what, and why. */
export const recordStatusChange = async (tx: Queryable, change: StatusChange): Promise<void> => {
  await tx.query(
    `INSERT INTO cow_status_changes
       (farm_id, cow_id, from_status, to_status, reason, forced, changed_by_user_id, changed_by_admin_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      change.farmId,
      change.cowId,
      change.from,
      change.to,
      change.reason,
      change.forced,
      change.actor.userId ?? null,
      change.actor.adminId ?? null,
    ],
  );
};

/** How a lifecycle event is written in the history; the demo herd writes its past the same way. */
export const statusChangeReasonOf = (event: LifecycleEvent): StatusChangeReason => REASONS[event.kind];
export const isForcedEvent = (event: LifecycleEvent): boolean => FORCED.has(event.kind);

const refusal = (status: string): AppError =>
  parseStoredStatus(status) === 'culled'
    ? new AppError(
        409,
        ERROR_CODES.conflict,
        'A culled cow takes no further change; customer service can restore it',
      )
    : new AppError(409, ERROR_CODES.conflict, `A cow in status ${status} cannot take this change`);

/**
 * Moves a cow through the lifecycle of architecture §7 inside the caller's transaction (the cow row should
 * be locked by `findCowInFarmForUpdate`): checks the event is allowed, updates status and parity, and
 * records who changed what and when in the cow's history. Returns the new stored status.
 */
export const applyLifecycleEvent = async (
  tx: Queryable,
  cow: CowRecord,
  event: LifecycleEvent,
  actor: StatusChangeActor,
): Promise<string> => {
  const current = parseStoredStatus(cow.status);
  if (!current || !canApplyLifecycleEvent(current, event)) throw refusal(cow.status);
  const next = storedStatusValue(nextStatusAfter(event));
  await tx.query(
    `UPDATE cows SET status = $2, parity = $3, updated_at = now(),
            culled_at = CASE WHEN $4 THEN now() ELSE culled_at END
      WHERE id = $1`,
    [cow.id, next, parityAfter(event, cow.parity), event.kind === 'eliminate'],
  );
  await recordStatusChange(tx, {
    farmId: cow.farmId,
    cowId: cow.id,
    from: cow.status,
    to: next,
    reason: statusChangeReasonOf(event),
    forced: isForcedEvent(event),
    actor,
  });
  return next;
};

/**
 * SQL for the last moment the cow of alias `cow` was moved into the stored status given as parameter
 * `$statusParameter` (null if never): the day a cow went to fattening is the day she left the breeding herd,
 * for the KPIs and for the exchange file alike.
 */
export const lastMoveIntoStatusSql = (cow: string, statusParameter: number): string =>
  `(SELECT max(s.changed_at) FROM cow_status_changes s
     WHERE s.cow_id = ${cow}.id AND s.farm_id = ${cow}.farm_id AND s.to_status = $${statusParameter})`;
