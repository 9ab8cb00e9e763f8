import type { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { RouteBody } from '@cowcare/contract/route';
import {
  isCulled,
  nextStatusAfter,
  parseStoredStatus,
  type LifecycleEvent,
} from '@cowcare/domain/cow-status';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import type { MarkedRead } from '../notices/mark-notices-read';
import { NOTHING_READ, settleAllFollowUps } from '../notices/settle-follow-ups';
import { findCowInFarm, findCowInFarmForUpdate, type CowRecord } from './cows-repository';
import { applyLifecycleEvent } from './status-changes';

export type ForceChangeRequest = RouteBody<typeof api.cows.changeCowStatus>;

const forceChangeEvent = (status: string | undefined): LifecycleEvent => {
  if (status === undefined) throw badRequest(ERROR_CODES.validation, 'status is required for forceChange');
  const target = parseStoredStatus(status);
  if (!target) throw new Error(`the schema let an unknown status through: ${status}`);
  // Culling has its own action because it also stamps culled_at and frees the sensor.
  if (target === 'culled') {
    throw badRequest(ERROR_CODES.validation, 'status: use the eliminate action to cull a cow');
  }
  return { kind: 'forceChange', status: target };
};

/** The lifecycle event of a force-change action (spec §4). */
export const eventOfAction = (request: ForceChangeRequest): LifecycleEvent => {
  if (request.action === 'forceChange') return forceChangeEvent(request.status);
  if (request.status !== undefined) {
    throw badRequest(
      ERROR_CODES.validation,
      `status is only sent with forceChange, not with ${request.action}`,
    );
  }
  return { kind: request.action };
};

/**
 * A force-change on a locked cow of the caller's farm, recorded with who and when. A move to the status the
 * cow is already in is refused, so the history only holds real changes. Culling her or moving her to
 * fattening marks her reminders read (`read`): a cow that is bred no more has nothing left to be reminded of.
 */
export const changeCowStatus = (
  db: Database,
  user: AuthUser,
  cowId: number,
  request: ForceChangeRequest,
): Promise<{ cow: CowRecord; read: MarkedRead }> => {
  const event = eventOfAction(request);
  return db.transaction(async (tx) => {
    const cow = await findCowInFarmForUpdate(tx, user.farmId, cowId);
    if (!cow) throw notFound('No such cow in this farm');
    const current = parseStoredStatus(cow.status);
    if (current !== 'culled' && current === nextStatusAfter(event)) {
      throw conflict(ERROR_CODES.conflict, `The cow is already in status ${cow.status}`);
    }
    await applyLifecycleEvent(tx, cow, event, { userId: user.userId });
    const changed = await findCowInFarm(tx, user.farmId, cow.id);
    if (!changed) throw new Error(`cow ${cow.id} vanished during a status change`);
    const next = nextStatusAfter(event);
    const bredNoMore = isCulled(next) || next === 'fattening';
    const read = bredNoMore ? await settleAllFollowUps(tx, user.farmId, cow.id) : NOTHING_READ;
    return { cow: changed, read };
  });
};
