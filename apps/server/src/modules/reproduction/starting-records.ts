import type { DiagnosisMethodCode, MatingMethodCode } from '@cowcare/contract/routes/reproduction';
import {
  effectiveServiceDate,
  expectedCalvingDate,
  expectedEstrusAfterCalving,
  pregnancyCheckDate,
  type DiagnosisDaysSettings,
} from '@cowcare/domain/reproduction-dates';
import type { Queryable } from '../../db/database';
import type { CowRecord } from '../cows/cows-repository';
import { findSettings } from '../users/settings-repository';
import { insertCalving } from './calving-records';
import { deriveCowDates, syncCowDates } from './cow-dates';
import { insertFertilization } from './fertilization-records';
import { insertPregnancy } from './pregnancy-records';
import { NO_DATE } from './record-dates';
import { DEFAULT_PREGNANCY_CHECK_METHOD, diagnosisDaysOf, matingMethodOf } from './reproduction-codes';

/** The days a new cow brings (checked by the domain's starting-point rules before they get here). */
export interface StartingRecords {
  lastCalving?: string;
  lastInsemination?: string;
  inseminationMethod?: MatingMethodCode;
  inseminationSire?: string;
  pregnancyCheck?: string;
  pregnancyCheckMethod?: DiagnosisMethodCode;
}

/** The farm's days from service to pregnancy check, per method (its settings). */
export const farmDiagnosisDays = async (tx: Queryable, farmId: number): Promise<DiagnosisDaysSettings> =>
  diagnosisDaysOf(await findSettings(tx, farmId));

/**
 * A day's event at noon UTC: its day is the same calendar day from UTC−12 to UTC+12, so the history shows
 * it on the day the farmer gave, and the records keep their order (calving, insemination, check).
 */
const noonOf = (day: string) => `${day}T12:00:00.000Z`;

/**
 * Writes a new cow's past as the records the app would hold had the farmer kept them in it: a calving, a
 * fertilization, a pregnant diagnosis, with the automatic dates the record calls compute, then her dates
 * from them. Her status and parity are the ones she was registered with (the records are history, not
 * moves), and it all runs in the caller's transaction, with the cow.
 */
export const writeStartingRecords = async (
  tx: Queryable,
  owner: { farmId: number; userId: number },
  cow: CowRecord,
  start: StartingRecords,
  /** The farm's check days, when the caller has read them already (an import reads them once). */
  farmDays?: DiagnosisDaysSettings,
): Promise<void> => {
  const keys = { farmId: owner.farmId, cowId: cow.id, userId: owner.userId };
  if (start.lastCalving) {
    await insertCalving(tx, keys, {
      calvedAt: noonOf(start.lastCalving),
      calvingDay: start.lastCalving,
      method: 'normal',
      // The calf is not known to the app: 'other' says so without claiming a live calf of some sex.
      result: 'other',
      memo: '',
      expectedEstrusDate: expectedEstrusAfterCalving(start.lastCalving),
      expectedEstrusManual: false,
    });
  }
  let serviceDate: string | undefined;
  if (start.lastInsemination && start.inseminationMethod) {
    serviceDate = effectiveServiceDate(start.lastInsemination, matingMethodOf(start.inseminationMethod));
    const checkMethod = start.pregnancyCheckMethod ?? DEFAULT_PREGNANCY_CHECK_METHOD;
    const days = farmDays ?? (await farmDiagnosisDays(tx, owner.farmId));
    await insertFertilization(tx, keys, {
      plannedAt: noonOf(start.lastInsemination),
      plannedDay: start.lastInsemination,
      method: start.inseminationMethod,
      actualMethod: null,
      sireCode: start.inseminationSire ?? null,
      memo: '',
      effectiveServiceDate: serviceDate,
      pregnancyCheckMethod: checkMethod,
      pregnancyCheckDate: pregnancyCheckDate(serviceDate, checkMethod, days),
      pregnancyCheckManual: false,
    });
  }
  if (start.pregnancyCheck && serviceDate) {
    await insertPregnancy(tx, keys, {
      diagnosisMethod: start.pregnancyCheckMethod ?? DEFAULT_PREGNANCY_CHECK_METHOD,
      diagnosedAt: noonOf(start.pregnancyCheck),
      diagnosisDay: start.pregnancyCheck,
      result: 'pregnant',
      memo: '',
      expectedCalvingDate: expectedCalvingDate(serviceDate),
      expectedCalvingManual: false,
      expectedEstrusDate: null,
      expectedEstrusManual: false,
    });
  }
  const none = {
    lastEstrusDate: null,
    lastFertilizationDate: null,
    lastCalvingDate: null,
    pregnancyCheck: NO_DATE,
    expectedCalving: NO_DATE,
    expectedEstrus: NO_DATE,
  };
  await syncCowDates(tx, cow, none, await deriveCowDates(tx, owner.farmId, cow.id));
};
