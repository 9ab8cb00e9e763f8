import { ERROR_CODES } from '@cowcare/contract/errors';
import { parseStoredStatus } from '@cowcare/domain/cow-status';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import { asCowConflict } from '../cows/cow-checks';
import { SELECT_COW, findActiveCowWearingSensor, type CowRecord } from '../cows/cows-repository';
import { recordStatusChange } from '../cows/status-changes';
import { recordAudit } from '../support/audit-log';

/**
 * Support reads cows across farms; farm handlers never import this, they use `findCowInFarm`, which is
 * held to the caller's farm.
 */
export const findCowOfAnyFarm = async (db: Queryable, cowId: number): Promise<CowRecord> => {
  const [cow] = await db.query<CowRecord>(`${SELECT_COW} WHERE c.id = $1`, [cowId]);
  if (!cow) throw notFound('No such cow');
  return cow;
};

/**
 * Brings a culled cow back to a status (spec §4: restoring goes through support). Its sensor comes back
 * with it, so the restore is refused while another active cow of the farm wears that sensor.
 */
export const restoreCulledCow = (
  db: Database,
  adminId: number,
  cowId: number,
  status: string,
): Promise<CowRecord> =>
  db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM cows WHERE id = $1 FOR UPDATE', [cowId]);
    const cow = await findCowOfAnyFarm(tx, cowId);
    if (parseStoredStatus(cow.status) !== 'culled') {
      throw conflict(ERROR_CODES.conflict, 'This cow is not culled');
    }
    if (cow.sensorId !== null) {
      const wearer = await findActiveCowWearingSensor(tx, cow.farmId, cow.sensorId, cow.id);
      if (wearer) {
        throw conflict(
          ERROR_CODES.conflict,
          `Sensor ${cow.sensorId} is now worn by cow ${wearer.code}; free it first`,
        );
      }
    }
    await tx
      .query('UPDATE cows SET status = $2, culled_at = NULL, updated_at = now() WHERE id = $1', [
        cow.id,
        status,
      ])
      .catch((error: unknown) => {
        throw asCowConflict(error);
      });
    await recordStatusChange(tx, {
      farmId: cow.farmId,
      cowId: cow.id,
      from: cow.status,
      to: status,
      reason: 'restore',
      forced: true,
      actor: { adminId },
    });
    await recordAudit(tx, {
      adminId,
      action: 'restoreCow',
      target: `cow ${cow.id} (${cow.code}, farm ${cow.farmId})`,
      details: { from: cow.status, to: status },
    });
    return findCowOfAnyFarm(tx, cow.id);
  });
