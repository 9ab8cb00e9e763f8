import type { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import {
  DIAGNOSIS_METHOD_CODES,
  type DiagnosisMethodCode,
  type PregnancyResultCode,
} from '@cowcare/contract/routes/reproduction';
import type { RouteBody } from '@cowcare/contract/route';
import { nextExpectedEstrusDate } from '@cowcare/domain/reproduction-dates';
import type { Database, Queryable } from '../../db/database';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import type { CowRecord } from '../cows/cows-repository';
import { applyLifecycleEvent } from '../cows/status-changes';
import { latestCalvingOfCow } from './calving-records';
import {
  changeCowRecords,
  cowOfRecord,
  requireCowTakesNewRecords,
  requireRecordOfCow,
} from './cow-record-change';
import { automaticExpectedCalving } from './pregnancy-basis';
import {
  findPregnancy,
  insertPregnancy,
  latestPregnancyOfCow,
  savePregnancy,
  type PregnancyFields,
  type PregnancyRow,
} from './pregnancy-records';
import {
  dayOf,
  eventAfterChange,
  NO_DATE,
  requireNotBeforeBirth,
  requireNotInFuture,
  resolveDate,
} from './record-dates';
import { deleteRecord } from './record-tables';
import { storedCode } from './reproduction-codes';

type NewPregnancy = RouteBody<typeof api.reproduction.addPregnancy>;
type PregnancyChange = RouteBody<typeof api.reproduction.updatePregnancy>;

/** The spec's own prompt (§5): the pregnancy status must be chosen. */
export const SELECT_PREGNANCY_STATUS = 'select pregnancy status';

const requireResult = (result: PregnancyResultCode | undefined): PregnancyResultCode => {
  if (result === undefined) {
    throw new AppError(400, ERROR_CODES.validation, SELECT_PREGNANCY_STATUS, {
      details: [{ path: 'body.result', message: SELECT_PREGNANCY_STATUS }],
    });
  }
  return result;
};

interface HandSetDays {
  expectedCalving?: string | null;
  nextExpectedEstrus?: string | null;
}

/** Each day belongs to one kind of result; typing the other is a mistake worth saying so. */
const requireDaysFitResult = (result: PregnancyResultCode, days: HandSetDays): void => {
  if (result !== 'pregnant' && typeof days.expectedCalving === 'string') {
    throw badRequest(ERROR_CODES.validation, 'expectedCalving is set only for a pregnant result');
  }
  if (result === 'pregnant' && typeof days.nextExpectedEstrus === 'string') {
    throw badRequest(
      ERROR_CODES.validation,
      'nextExpectedEstrus is set only for an unpregnant or abort result',
    );
  }
};

interface DiagnosisInput {
  diagnosisMethod: DiagnosisMethodCode;
  diagnosedAt: string;
  diagnosisDay: string;
  result: PregnancyResultCode;
  memo: string;
}

/**
 * Pregnant: expected calving = the service date of the fertilization before the diagnosis + 285 days.
 * Otherwise: next expected estrus = the diagnosis day + 21. Either may be set by hand instead.
 */
const pregnancyFields = async (
  tx: Queryable,
  cow: CowRecord,
  input: DiagnosisInput,
  current: PregnancyRow | undefined,
  days: HandSetDays,
): Promise<PregnancyFields> => {
  const pregnant = input.result === 'pregnant';
  const expectedCalving = pregnant
    ? await resolveDate(
        current && { date: current.expectedCalvingDate, manual: current.expectedCalvingManual },
        days.expectedCalving,
        () => automaticExpectedCalving(tx, cow.farmId, cow.id, input.diagnosedAt),
        { field: 'expectedCalving', after: input.diagnosisDay },
      )
    : NO_DATE;
  const expectedEstrus = pregnant
    ? NO_DATE
    : await resolveDate(
        current && { date: current.expectedEstrusDate, manual: current.expectedEstrusManual },
        days.nextExpectedEstrus,
        () => nextExpectedEstrusDate(input.diagnosisDay),
        { field: 'nextExpectedEstrus', after: input.diagnosisDay },
      );
  return {
    ...input,
    expectedCalvingDate: expectedCalving.date,
    expectedCalvingManual: expectedCalving.manual,
    expectedEstrusDate: expectedEstrus.date,
    expectedEstrusManual: expectedEstrus.manual,
  };
};

const reread = async (found: Promise<PregnancyRow | undefined>): Promise<PregnancyRow> => {
  const row = await found;
  if (!row) throw new Error('pregnancy record vanished inside its transaction');
  return row;
};

/** A diagnosis moves the cow: pregnant to 임신, unpregnant or abort to 발정탐지. */
export const addPregnancy = (db: Database, user: AuthUser, input: NewPregnancy, now = new Date()) => {
  const result = requireResult(input.result);
  requireNotInFuture('diagnosedAt', input.diagnosedAt, now);
  requireDaysFitResult(result, input);
  return changeCowRecords(db, user, input.cowId, async ({ tx, cow }) => {
    requireCowTakesNewRecords(cow);
    requireNotBeforeBirth('diagnosedAt', dayOf(input.diagnosedAt), cow.birthday);
    const diagnosis = {
      diagnosisMethod: input.diagnosisMethod,
      diagnosedAt: input.diagnosedAt,
      diagnosisDay: dayOf(input.diagnosedAt),
      result,
      memo: input.memo ?? '',
    };
    const fields = await pregnancyFields(tx, cow, diagnosis, undefined, input);
    const id = await insertPregnancy(tx, { farmId: user.farmId, cowId: cow.id, userId: user.userId }, fields);
    await applyLifecycleEvent(tx, cow, { kind: 'pregnancyResult', result }, { userId: user.userId });
    return reread(findPregnancy(tx, user.farmId, id));
  });
};

/** Only the diagnosis that still describes the cow (her latest, with no calving after it) moves her status. */
const describesCowNow = async (tx: Queryable, cow: CowRecord, diagnosis: PregnancyRow): Promise<boolean> => {
  const latest = await latestPregnancyOfCow(tx, cow.farmId, cow.id);
  const calving = await latestCalvingOfCow(tx, cow.farmId, cow.id);
  return latest?.id === diagnosis.id && !(calving && calving.calvedAt >= diagnosis.diagnosedAt);
};

export const updatePregnancy = async (
  db: Database,
  user: AuthUser,
  id: number,
  change: PregnancyChange,
  now = new Date(),
) => {
  if (change.diagnosedAt !== undefined) requireNotInFuture('diagnosedAt', change.diagnosedAt, now);
  const cowId = await cowOfRecord(db, 'pregnancy_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    const record = requireRecordOfCow(await findPregnancy(tx, user.farmId, id), cow);
    const result = change.result ?? record.result;
    requireDaysFitResult(result, change);
    const diagnosed = eventAfterChange(change.diagnosedAt, {
      at: record.diagnosedAt,
      day: record.diagnosisDay,
    });
    requireNotBeforeBirth('diagnosedAt', diagnosed.day, cow.birthday);
    const diagnosis = {
      diagnosisMethod:
        change.diagnosisMethod ??
        storedCode(DIAGNOSIS_METHOD_CODES, record.diagnosisMethod, 'diagnosis method'),
      diagnosedAt: diagnosed.at,
      diagnosisDay: diagnosed.day,
      result,
      memo: change.memo ?? record.memo,
    };
    await savePregnancy(tx, user.farmId, id, await pregnancyFields(tx, cow, diagnosis, record, change));
    const saved = await reread(findPregnancy(tx, user.farmId, id));
    if (result !== record.result && (await describesCowNow(tx, cow, saved))) {
      await applyLifecycleEvent(tx, cow, { kind: 'pregnancyResult', result }, { userId: user.userId });
    }
    return saved;
  });
};

export const deletePregnancy = async (db: Database, user: AuthUser, id: number) => {
  const cowId = await cowOfRecord(db, 'pregnancy_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    requireRecordOfCow(await findPregnancy(tx, user.farmId, id), cow);
    await deleteRecord(tx, 'pregnancy_records', user.farmId, id);
    return id;
  });
};
