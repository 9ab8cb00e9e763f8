import type { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import {
  CALVING_METHOD_CODES,
  CALVING_RESULT_CODES,
  type CalvingResultCode,
} from '@cowcare/contract/routes/reproduction';
import type { RouteBody } from '@cowcare/contract/route';
import { expectedEstrusAfterCalving } from '@cowcare/domain/reproduction-dates';
import type { Database } from '../../db/database';
import { badRequest, conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import { applyLifecycleEvent } from '../cows/status-changes';
import { registerCalf, type CalfInput, type NewCalf } from './calf-registration';
import {
  findCalving,
  insertCalving,
  linkCalf,
  saveCalving,
  type CalvingFields,
  type CalvingRow,
} from './calving-records';
import {
  changeCowRecords,
  cowOfRecord,
  requireCowTakesNewRecords,
  requireRecordOfCow,
} from './cow-record-change';
import {
  dayOf,
  eventAfterChange,
  requireDayNotInFuture,
  requireNotBeforeBirth,
  requireNotInFuture,
  resolveDate,
  type Dated,
} from './record-dates';
import { deleteRecord } from './record-tables';
import { liveCalfSexOf, storedCode } from './reproduction-codes';

type NewCalving = RouteBody<typeof api.reproduction.addCalving>;
type CalvingChange = RouteBody<typeof api.reproduction.updateCalving>;

interface CalvingInput {
  calvedAt: string;
  calvingDay: string;
  method: string;
  result: CalvingResultCode;
  memo: string;
}

/** Expected estrus after calving = the calving day + 60, unless set by hand. */
const calvingFields = async (
  input: CalvingInput,
  current: Dated<string> | undefined,
  estrusChange: string | null | undefined,
): Promise<CalvingFields> => {
  const estrus = await resolveDate(
    current,
    estrusChange,
    () => expectedEstrusAfterCalving(input.calvingDay),
    {
      field: 'expectedEstrusAfterCalving',
      after: input.calvingDay,
    },
  );
  return { ...input, expectedEstrusDate: estrus.date, expectedEstrusManual: estrus.manual };
};

/** Only a live calf of known sex (result cow or bull) can be registered; its sex is the result's. */
const newCalfOf = (result: CalvingResultCode, calvedAt: string, calf: CalfInput, now: Date): NewCalf => {
  const sex = liveCalfSexOf(result);
  if (!sex) {
    throw badRequest(ERROR_CODES.validation, 'calf is registered only for a live calf: result cow or bull');
  }
  if (calf.sex !== undefined && calf.sex !== sex) {
    throw badRequest(ERROR_CODES.validation, `calf.sex must be ${sex} for the result ${result}`);
  }
  const birthday = calf.birthday ?? dayOf(calvedAt);
  requireDayNotInFuture('calf.birthday', birthday, now);
  return { code: calf.code, sex, sensorId: calf.sensor ?? null, birthday };
};

const reread = async (found: Promise<CalvingRow | undefined>): Promise<CalvingRow> => {
  const row = await found;
  if (!row) throw new Error('calving record vanished inside its transaction');
  return row;
};

/**
 * A calving moves the cow to 포유 with parity + 1 and may register the live calf; the record, the move and
 * the calf are written together or not at all.
 */
export const addCalving = (db: Database, user: AuthUser, input: NewCalving, now = new Date()) => {
  requireNotInFuture('calvedAt', input.calvedAt, now);
  const calf = input.calf && newCalfOf(input.result, input.calvedAt, input.calf, now);
  return changeCowRecords(db, user, input.cowId, async ({ tx, cow }) => {
    requireCowTakesNewRecords(cow);
    requireNotBeforeBirth('calvedAt', dayOf(input.calvedAt), cow.birthday);
    const fields = await calvingFields(
      {
        calvedAt: input.calvedAt,
        calvingDay: dayOf(input.calvedAt),
        method: input.method,
        result: input.result,
        memo: input.memo ?? '',
      },
      undefined,
      input.expectedEstrusAfterCalving,
    );
    const id = await insertCalving(tx, { farmId: user.farmId, cowId: cow.id, userId: user.userId }, fields);
    await applyLifecycleEvent(tx, cow, { kind: 'calving' }, { userId: user.userId });
    if (calf) await linkCalf(tx, user.farmId, id, await registerCalf(tx, user, cow, input.calvedAt, calf));
    return reread(findCalving(tx, user.farmId, id));
  });
};

export const updateCalving = async (
  db: Database,
  user: AuthUser,
  id: number,
  change: CalvingChange,
  now = new Date(),
) => {
  if (change.calvedAt !== undefined) requireNotInFuture('calvedAt', change.calvedAt, now);
  const cowId = await cowOfRecord(db, 'calving_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    const record = requireRecordOfCow(await findCalving(tx, user.farmId, id), cow);
    if (record.calfId !== null && change.result !== undefined && change.result !== record.result) {
      throw conflict(
        ERROR_CODES.conflict,
        'The result of a calving whose calf is registered cannot change: edit the calf instead',
      );
    }
    const calved = eventAfterChange(change.calvedAt, { at: record.calvedAt, day: record.calvingDay });
    requireNotBeforeBirth('calvedAt', calved.day, cow.birthday);
    const fields = await calvingFields(
      {
        calvedAt: calved.at,
        calvingDay: calved.day,
        method: change.method ?? storedCode(CALVING_METHOD_CODES, record.method, 'calving method'),
        result: change.result ?? storedCode(CALVING_RESULT_CODES, record.result, 'calving result'),
        memo: change.memo ?? record.memo,
      },
      { date: record.expectedEstrusDate, manual: record.expectedEstrusManual },
      change.expectedEstrusAfterCalving,
    );
    await saveCalving(tx, user.farmId, id, fields);
    return reread(findCalving(tx, user.farmId, id));
  });
};

/** The calf, a cow of its own by now, stays; so do the dam's status and parity, which are history. */
export const deleteCalving = async (db: Database, user: AuthUser, id: number) => {
  const cowId = await cowOfRecord(db, 'calving_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    requireRecordOfCow(await findCalving(tx, user.farmId, id), cow);
    await deleteRecord(tx, 'calving_records', user.farmId, id);
    return id;
  });
};
