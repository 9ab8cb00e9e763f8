import type { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { RouteBody } from '@cowcare/contract/route';
import { addDays, daysBetween, latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import { parseStoredStatus } from '@cowcare/domain/cow-status';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import { EXPECTED_DATE_MAX_DAYS, requireNotBeforeBirth } from '../reproduction/record-dates';
import {
  asCowConflict,
  requireBirthdayNotInFuture,
  requireCodeFree,
  requireRealDate,
  requireSensorFree,
} from './cow-checks';
import {
  findCowInFarm,
  findCowInFarmForUpdate,
  updateCowColumns,
  type CowColumnChanges,
  type CowRecord,
} from './cows-repository';
import { claimSensors } from '../gateways/sensor-inventory';

export type CowEdit = RouteBody<typeof api.cows.updateCow>;

const STATUS_NOT_EDITABLE =
  'The status is not edited here: it follows the reproduction records, or use a force-change action ' +
  '(eliminate, convert to fattening, end lactation, change status) with the boss password';

/** A date set by hand is kept as manual; null forgets it, so the next automatic computation fills it. */
const manualDate = (value: string | null | undefined): { date?: string | null; manual?: boolean } =>
  value === undefined ? {} : { date: value, manual: value !== null };

const sensorChanges = (cow: CowRecord, sensor: number | null | undefined): CowColumnChanges =>
  // A new (or removed) sensor has not reported yet, so the cow reads offline until it does.
  sensor === undefined || sensor === cow.sensorId ? {} : { sensorId: sensor, sensorOnline: false };

const columnChanges = (cow: CowRecord, edit: CowEdit): CowColumnChanges => {
  const pregnancyCheck = manualDate(edit.pregnancyTest);
  const expectedCalving = manualDate(edit.expectedDelivery);
  const expectedEstrus = manualDate(edit.expectedEstrus);
  return {
    code: edit.code,
    ...sensorChanges(cow, edit.sensor),
    birthday: edit.birthday,
    parity: edit.parity,
    sex: edit.sex,
    sireCode: edit.sireCode,
    temperatureOffset: edit.tempadd,
    pregnancyCheckDate: pregnancyCheck.date,
    pregnancyCheckManual: pregnancyCheck.manual,
    expectedCalvingDate: expectedCalving.date,
    expectedCalvingManual: expectedCalving.manual,
    expectedEstrusDate: expectedEstrus.date,
    expectedEstrusManual: expectedEstrus.manual,
  };
};

/**
 * A client that sends the whole cow back sends its status too; the same status is no edit, so only a
 * different one is refused.
 */
const requireStatusUnchanged = (cow: CowRecord, status: unknown): void => {
  if (status === undefined) return;
  const same = typeof status === 'string' && parseStoredStatus(status) === parseStoredStatus(cow.status);
  if (!same) throw conflict(ERROR_CODES.conflict, STATUS_NOT_EDITABLE);
};

/** A date typed on the cow lies between her birth and a year from today (the horizon of expected dates). */
const requirePlausibleCowDate = (
  field: string,
  value: string | null | undefined,
  birthday: string | null,
  now: Date,
) => {
  requireRealDate(field, value);
  if (typeof value !== 'string') return;
  requireNotBeforeBirth(field, value, birthday);
  const latest = addDays(latestTodayAnywhere(now), EXPECTED_DATE_MAX_DAYS);
  if (daysBetween(latest, value) > 0) {
    throw badRequest(ERROR_CODES.validation, `${field} must not be after ${latest}`);
  }
};

const requireValidEdit = (cow: CowRecord, edit: CowEdit, now: Date): void => {
  requireBirthdayNotInFuture(edit.birthday, now);
  const birthday = edit.birthday === undefined ? cow.birthday : edit.birthday;
  requirePlausibleCowDate('pregnancyTest', edit.pregnancyTest, birthday, now);
  requirePlausibleCowDate('expectedDelivery', edit.expectedDelivery, birthday, now);
  requirePlausibleCowDate('expectedEstrus', edit.expectedEstrus, birthday, now);
};

/** Edits a cow of the caller's farm; every check and the write happen on the locked row. */
export const updateCow = (
  db: Database,
  user: AuthUser,
  cowId: number,
  edit: CowEdit,
  now = new Date(),
): Promise<CowRecord> =>
  db.transaction(async (tx) => {
    const cow = await findCowInFarmForUpdate(tx, user.farmId, cowId);
    if (!cow) throw notFound('No such cow in this farm');
    requireStatusUnchanged(cow, edit.status);
    if (parseStoredStatus(cow.status) === 'culled') {
      throw conflict(
        ERROR_CODES.conflict,
        'A culled cow takes no further change; customer service can restore it',
      );
    }
    requireValidEdit(cow, edit, now);
    if (edit.code !== undefined && edit.code !== cow.code) {
      await requireCodeFree(tx, user.farmId, edit.code, cow.id);
    }
    if (edit.sensor) await requireSensorFree(tx, user.farmId, edit.sensor, cow.id);
    // A cow's sensor joins the farm's inventory; one registered by another farm is refused (409).
    if (edit.sensor) await claimSensors(tx, user.farmId, [edit.sensor]);
    await updateCowColumns(tx, user.farmId, cow.id, columnChanges(cow, edit)).catch((error: unknown) => {
      throw asCowConflict(error);
    });
    const updated = await findCowInFarm(tx, user.farmId, cow.id);
    if (!updated) throw new Error(`cow ${cow.id} vanished during its update`);
    return updated;
  });
