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

const REASONS: Record<LifecycleEvent['kind'], string> = {
  fertilization: 'fertilization',
  pregnancyResult: 'pregnancy',
  calving: 'calving',
  endLactation: 'end-lactation',
  convertToFattening: 'convert-to-fattening',
  eliminate: 'eliminate',
  forceChange: 'force',
};

const FORCED: ReadonlySet<LifecycleEvent['kind']> = new Set(['endLactation', 'convertToFattening', 'eliminate', 'forceChange']);

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
  if (!current || !canApplyLifecycleEvent(current, event)) {
    throw new AppError(409, ERROR_CODES.conflict, `A cow in status ${cow.status} cannot take this change`);
  }
  const next = storedStatusValue(nextStatusAfter(event));
  await tx.query(
    `UPDATE cows SET status = $2, parity = $3, updated_at = now(),
            culled_at = CASE WHEN $4 THEN now() ELSE culled_at END
      WHERE id = $1`,
    [cow.id, next, parityAfter(event, cow.parity), event.kind === 'eliminate'],
  );
  await tx.query(
    `INSERT INTO cow_status_changes (farm_id, cow_id, from_status, to_status, reason, forced, changed_by_user_id, changed_by_admin_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [cow.farmId, cow.id, cow.status, next, REASONS[event.kind], FORCED.has(event.kind), actor.userId ?? null, actor.adminId ?? null],
  );
  return next;
};
