import { ERROR_CODES } from '@cowcare/contract/errors';
import type { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { storedStatusValue } from '@cowcare/domain/cow-status';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import type { CowRecord } from '../cows/cows-repository';
import { fertilizationBefore } from './fertilization-records';

export type CalfInput = NonNullable<RouteBody<typeof api.reproduction.addCalving>['calf']>;

export interface NewCalf {
  code: string;
  sex: 'female' | 'male';
  sensorId: number | null;
  birthday: string;
}

const codeTaken = (code: string) =>
  conflict(ERROR_CODES.conflict, `calf.code ${code} is already a cow of this farm`);
const sensorTaken = (sensorId: number) =>
  conflict(ERROR_CODES.conflict, `calf.sensor ${sensorId} is already worn by an active cow of this farm`);

const requireCalfFree = async (tx: Queryable, farmId: number, calf: NewCalf): Promise<void> => {
  if (
    (await tx.query('SELECT 1 FROM cows WHERE farm_id = $1 AND code = $2', [farmId, calf.code])).length > 0
  ) {
    throw codeTaken(calf.code);
  }
  if (calf.sensorId === null) return;
  const wearers = await tx.query(
    'SELECT 1 FROM cows WHERE farm_id = $1 AND sensor_id = $2 AND culled_at IS NULL',
    [farmId, calf.sensorId],
  );
  if (wearers.length > 0) throw sensorTaken(calf.sensorId);
};

/** Two requests racing for one code or sensor get past the checks; the unique indexes decide. */
const asCalfConflict = (error: unknown, calf: NewCalf): unknown => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return error;
  if (constraint === 'cows_active_sensor_key' && calf.sensorId !== null) return sensorTaken(calf.sensorId);
  return codeTaken(calf.code);
};

/**
 * Registers a live calf as a new cow of the dam's farm inside the calving's transaction: status 설정대기,
 * dam linked, sire from the fertilization the calving came from, and the 'created' row of its history.
 * (The cows module has its own add-cow command; this one is the calving's, so a failure rolls the calving
 * back with it.)
 */
export const registerCalf = async (
  tx: Queryable,
  user: AuthUser,
  dam: CowRecord,
  calvedAt: string,
  calf: NewCalf,
): Promise<number> => {
  await requireCalfFree(tx, user.farmId, calf);
  const sire = await fertilizationBefore(tx, user.farmId, dam.id, calvedAt);
  const status = storedStatusValue('waitingForSettings');
  const [row] = await tx
    .query<{ id: number }>(
      `INSERT INTO cows (farm_id, code, sensor_id, status, parity, birthday, sex, dam_id, sire_code)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8) RETURNING id`,
      [
        user.farmId,
        calf.code,
        calf.sensorId,
        status,
        calf.birthday,
        calf.sex,
        dam.id,
        sire?.sireCode ?? null,
      ],
    )
    .catch((error: unknown) => {
      throw asCalfConflict(error, calf);
    });
  if (!row) throw new Error('calf insert returned no id');
  await tx.query(
    `INSERT INTO cow_status_changes (farm_id, cow_id, from_status, to_status, reason, forced, changed_by_user_id)
     VALUES ($1, $2, NULL, $3, 'created', false, $4)`,
    [user.farmId, row.id, status, user.userId],
  );
  return row.id;
};
