import { ERROR_CODES } from '@cowcare/contract/errors';
import { daysBetween, isCalendarDate, latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import type { Queryable } from '../../db/database';
import { badRequest, conflict, invalidField, notFound } from '../../http/app-error';
import { findActiveCowWearingSensor, isCowCodeTaken } from './cows-repository';

export const COW_CODE_TAKEN = 'This cow code is already in the farm';
export const sensorTakenMessage = (sensorId: number, code: string) =>
  `Sensor ${sensorId} is already worn by cow ${code}`;

/** The schema checks the YYYY-MM-DD shape; this refuses days that do not exist (2025-02-30). */
export const requireRealDate = (field: string, value: string | null | undefined): void => {
  if (typeof value === 'string' && !isCalendarDate(value)) {
    throw invalidField(field, `${field} is not a real calendar date`, 'notRealDate');
  }
};

/**
 * A birthday may be today wherever the farm is, so "future" is measured against the latest calendar day on
 * Earth: the server does not know the farm's time zone, and a cow born this morning in Korea must not be
 * refused because it is still yesterday in UTC.
 */
export const requireBirthdayNotInFuture = (birthday: string | null | undefined, now: Date): void => {
  requireRealDate('birthday', birthday);
  if (typeof birthday === 'string' && daysBetween(latestTodayAnywhere(now), birthday) > 0) {
    throw invalidField('birthday', 'birthday must not be in the future', 'future');
  }
};

export const requireCodeFree = async (tx: Queryable, farmId: number, code: string, exceptCowId = 0) => {
  if (await isCowCodeTaken(tx, farmId, code, exceptCowId)) {
    throw conflict(ERROR_CODES.conflict, COW_CODE_TAKEN);
  }
};

export const requireSensorFree = async (tx: Queryable, farmId: number, sensorId: number, exceptCowId = 0) => {
  const wearer = await findActiveCowWearingSensor(tx, farmId, sensorId, exceptCowId);
  if (wearer) throw conflict(ERROR_CODES.conflict, sensorTakenMessage(sensorId, wearer.code));
};

/** A dam is a female cow of the same farm; any other id is simply not found there. */
export const requireDamInFarm = async (tx: Queryable, farmId: number, damId: number): Promise<void> => {
  const [dam] = await tx.query<{ sex: string }>('SELECT sex FROM cows WHERE farm_id = $1 AND id = $2', [
    farmId,
    damId,
  ]);
  if (!dam) throw notFound('damId names no cow of this farm');
  if (dam.sex !== 'female') throw badRequest(ERROR_CODES.validation, 'damId must name a female cow');
};

/**
 * A type given at registration must be of the farm and free: a type with a cost is charged per cow when it
 * is assigned from the type list, and registering straight into it would skip that charge.
 */
export const requireFreeTypeInFarm = async (tx: Queryable, farmId: number, typeId: number): Promise<void> => {
  const [type] = await tx.query<{ cost: number }>(
    'SELECT cost_minor AS cost FROM cow_types WHERE farm_id = $1 AND id = $2',
    [farmId, typeId],
  );
  if (!type) throw notFound('typeid names no cow type of this farm');
  if (type.cost > 0) {
    throw conflict(
      ERROR_CODES.conflict,
      'typeid has a cost: assign it from the cow type list, where it is charged',
    );
  }
};

/** The race the checks above cannot close (two requests at once) ends at the unique indexes. */
export const asCowConflict = (error: unknown): unknown => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return error;
  if (constraint === 'cows_farm_id_code_key') return conflict(ERROR_CODES.conflict, COW_CODE_TAKEN);
  if (constraint === 'cows_active_sensor_key') {
    return conflict(ERROR_CODES.conflict, 'This sensor is already worn by another active cow of the farm');
  }
  return error;
};
