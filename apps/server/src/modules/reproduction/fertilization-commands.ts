import type { api } from '@cowcare/contract/api';
import {
  DIAGNOSIS_METHOD_CODES,
  MATING_METHOD_CODES,
  type DiagnosisMethodCode,
  type MatingMethodCode,
} from '@cowcare/contract/routes/reproduction';
import type { RouteBody } from '@cowcare/contract/route';
import { effectiveServiceDate, pregnancyCheckDate } from '@cowcare/domain/reproduction-dates';
import type { Database, Queryable } from '../../db/database';
import type { AuthUser } from '../../http/route-context';
import { applyLifecycleEvent } from '../cows/status-changes';
import { findSettings } from '../users/settings-repository';
import {
  changeCowRecords,
  cowOfRecord,
  requireCowTakesNewRecords,
  requireRecordOfCow,
} from './cow-record-change';
import {
  findFertilization,
  insertFertilization,
  saveFertilization,
  type FertilizationFields,
  type FertilizationRow,
} from './fertilization-records';
import { refreshAutomaticExpectedCalvings } from './pregnancy-basis';
import {
  dayOf,
  eventAfterChange,
  requireNotBeforeBirth,
  requirePlanWithinReach,
  resolveDate,
  type Dated,
} from './record-dates';
import { deleteRecord } from './record-tables';
import {
  DEFAULT_PREGNANCY_CHECK_METHOD,
  diagnosisDaysOf,
  matingMethodOf,
  storedCode,
} from './reproduction-codes';

type NewFertilization = RouteBody<typeof api.reproduction.addFertilization>;
type FertilizationChange = RouteBody<typeof api.reproduction.updateFertilization>;

interface FertilizationInput {
  plannedAt: string;
  plannedDay: string;
  method: MatingMethodCode;
  actualMethod: string | null;
  sireCode: string | null;
  memo: string;
  pregnancyCheckMethod: DiagnosisMethodCode;
}

/**
 * Service date = the fertilization day + the mating method's add-days; the pregnancy check = the service
 * date + the farm's current days for the check method, unless set by hand.
 */
const fertilizationFields = async (
  tx: Queryable,
  farmId: number,
  input: FertilizationInput,
  currentCheck: Dated<string> | undefined,
  checkChange: string | null | undefined,
): Promise<FertilizationFields> => {
  const serviceDate = effectiveServiceDate(input.plannedDay, matingMethodOf(input.method));
  const check = await resolveDate(
    currentCheck,
    checkChange,
    async () =>
      pregnancyCheckDate(
        serviceDate,
        input.pregnancyCheckMethod,
        diagnosisDaysOf(await findSettings(tx, farmId)),
      ),
    { field: 'pregnancyCheckDate', after: input.plannedDay },
  );
  return {
    ...input,
    effectiveServiceDate: serviceDate,
    pregnancyCheckDate: check.date,
    pregnancyCheckManual: check.manual,
  };
};

const reread = async (found: Promise<FertilizationRow | undefined>): Promise<FertilizationRow> => {
  const row = await found;
  if (!row) throw new Error('fertilization record vanished inside its transaction');
  return row;
};

/** A fertilization moves the cow to 임신감정 (pregnancy confirm) and schedules her pregnancy check. */
export const addFertilization = (db: Database, user: AuthUser, input: NewFertilization, now = new Date()) => {
  requirePlanWithinReach('plannedAt', input.plannedAt, now);
  return changeCowRecords(db, user, input.cowId, async ({ tx, cow }) => {
    requireCowTakesNewRecords(cow);
    requireNotBeforeBirth('plannedAt', dayOf(input.plannedAt), cow.birthday);
    const fields = await fertilizationFields(
      tx,
      user.farmId,
      {
        plannedAt: input.plannedAt,
        plannedDay: dayOf(input.plannedAt),
        method: input.method,
        actualMethod: input.actualMethod ?? null,
        sireCode: input.sireCode ?? null,
        memo: input.memo ?? '',
        pregnancyCheckMethod: input.pregnancyCheckMethod ?? DEFAULT_PREGNANCY_CHECK_METHOD,
      },
      undefined,
      input.pregnancyCheckDate,
    );
    const id = await insertFertilization(
      tx,
      { farmId: user.farmId, cowId: cow.id, userId: user.userId },
      fields,
    );
    await applyLifecycleEvent(tx, cow, { kind: 'fertilization' }, { userId: user.userId });
    // A back-dated fertilization may now be the one an existing diagnosis counts from.
    await refreshAutomaticExpectedCalvings(tx, user.farmId, cow.id);
    return reread(findFertilization(tx, user.farmId, id));
  });
};

const orCurrent = <T>(change: T | null | undefined, current: T | null): T | null =>
  change === undefined ? current : change;

export const updateFertilization = async (
  db: Database,
  user: AuthUser,
  id: number,
  change: FertilizationChange,
  now = new Date(),
) => {
  if (change.plannedAt !== undefined) requirePlanWithinReach('plannedAt', change.plannedAt, now);
  const cowId = await cowOfRecord(db, 'fertilization_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    const record = requireRecordOfCow(await findFertilization(tx, user.farmId, id), cow);
    const planned = eventAfterChange(change.plannedAt, { at: record.plannedAt, day: record.plannedDay });
    requireNotBeforeBirth('plannedAt', planned.day, cow.birthday);
    const fields = await fertilizationFields(
      tx,
      user.farmId,
      {
        plannedAt: planned.at,
        plannedDay: planned.day,
        method: change.method ?? storedCode(MATING_METHOD_CODES, record.method, 'mating'),
        actualMethod: orCurrent(change.actualMethod, record.actualMethod),
        sireCode: orCurrent(change.sireCode, record.sireCode),
        memo: change.memo ?? record.memo,
        pregnancyCheckMethod:
          change.pregnancyCheckMethod ??
          storedCode(DIAGNOSIS_METHOD_CODES, record.pregnancyCheckMethod, 'diagnosis method'),
      },
      { date: record.pregnancyCheckDate, manual: record.pregnancyCheckManual },
      change.pregnancyCheckDate,
    );
    await saveFertilization(tx, user.farmId, id, fields);
    await refreshAutomaticExpectedCalvings(tx, user.farmId, cow.id);
    return reread(findFertilization(tx, user.farmId, id));
  });
};

export const deleteFertilization = async (db: Database, user: AuthUser, id: number) => {
  const cowId = await cowOfRecord(db, 'fertilization_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    requireRecordOfCow(await findFertilization(tx, user.farmId, id), cow);
    await deleteRecord(tx, 'fertilization_records', user.farmId, id);
    await refreshAutomaticExpectedCalvings(tx, user.farmId, cow.id);
    return id;
  });
};
