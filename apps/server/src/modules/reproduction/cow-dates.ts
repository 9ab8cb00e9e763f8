import type { Queryable } from '../../db/database';
import type { CowRecord } from '../cows/cows-repository';
import { latestCalvingOfCow } from './calving-records';
import { latestEstrusOfCow } from './estrus-records';
import { latestFertilizationOfCow } from './fertilization-records';
import { latestPregnancyOfCow } from './pregnancy-records';
import { NO_DATE, type DatedValue } from './record-dates';

/** The reproduction dates a cow shows, as her records imply them. */
export interface CowReproductionDates {
  lastEstrusDate: string | null;
  lastFertilizationDate: string | null;
  lastCalvingDate: string | null;
  pregnancyCheck: DatedValue;
  expectedCalving: DatedValue;
  expectedEstrus: DatedValue;
}

interface TimedSource {
  at: string;
  expectedEstrus: DatedValue;
}

/** The latest of the events that say when she is next in heat; a positive diagnosis says "not soon". */
const latestSource = (sources: (TimedSource | undefined)[]): DatedValue => {
  let latest: TimedSource | undefined;
  for (const source of sources) {
    if (source && (!latest || source.at >= latest.at)) latest = source;
  }
  return latest?.expectedEstrus ?? NO_DATE;
};

/**
 * Reads the cow's latest record of each kind (by event time, so a back-dated entry never overrides a newer
 * one) and derives her dates: last estrus / fertilization / calving; the pregnancy check of the latest
 * fertilization; the expected calving of a positive latest diagnosis not yet followed by a calving; and the
 * expected estrus of whichever came last of estrus, diagnosis and calving.
 */
export const deriveCowDates = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
): Promise<CowReproductionDates> => {
  const estrus = await latestEstrusOfCow(tx, farmId, cowId);
  const fertilization = await latestFertilizationOfCow(tx, farmId, cowId);
  const pregnancy = await latestPregnancyOfCow(tx, farmId, cowId);
  const calving = await latestCalvingOfCow(tx, farmId, cowId);
  const pregnantNow =
    pregnancy?.result === 'pregnant' && !(calving && calving.calvedAt >= pregnancy.diagnosedAt);
  return {
    lastEstrusDate: estrus?.estrusDay ?? null,
    lastFertilizationDate: fertilization?.plannedDay ?? null,
    lastCalvingDate: calving?.calvingDay ?? null,
    // A calving after the insemination ends its cycle: its check is history, not a date to come.
    pregnancyCheck:
      fertilization && !(calving && calving.calvedAt >= fertilization.plannedAt)
        ? { date: fertilization.pregnancyCheckDate, manual: fertilization.pregnancyCheckManual }
        : NO_DATE,
    expectedCalving:
      pregnantNow && pregnancy
        ? { date: pregnancy.expectedCalvingDate, manual: pregnancy.expectedCalvingManual }
        : NO_DATE,
    expectedEstrus: latestSource([
      estrus && {
        at: estrus.estrusAt,
        expectedEstrus: { date: estrus.nextExpectedEstrusDate, manual: estrus.nextExpectedEstrusManual },
      },
      pregnancy && {
        at: pregnancy.diagnosedAt,
        expectedEstrus: { date: pregnancy.expectedEstrusDate, manual: pregnancy.expectedEstrusManual },
      },
      calving && {
        at: calving.calvedAt,
        expectedEstrus: { date: calving.expectedEstrusDate, manual: calving.expectedEstrusManual },
      },
    ]),
  };
};

const sameDated = (a: DatedValue, b: DatedValue) => a.date === b.date && a.manual === b.manual;

/**
 * A day typed on the cow itself (manual, and not what her records gave before this change) stays, unless
 * the change brings a day typed in a record: that is the farmer's newer word.
 */
const mergeDated = (onCow: DatedValue, before: DatedValue, after: DatedValue): DatedValue =>
  onCow.manual && !sameDated(onCow, before) && !after.manual ? onCow : after;

/**
 * A "last …" day set outside the records (an import, a hand edit) gives way only to a newer record; one
 * that came from the records follows them.
 */
const mergeLast = (onCow: string | null, before: string | null, after: string | null): string | null => {
  if (onCow === before || onCow === null) return after;
  return after !== null && after > onCow ? after : onCow;
};

const datesOnCow = (cow: CowRecord): CowReproductionDates => ({
  lastEstrusDate: cow.lastEstrusDate,
  lastFertilizationDate: cow.lastFertilizationDate,
  lastCalvingDate: cow.lastCalvingDate,
  pregnancyCheck: { date: cow.pregnancyCheckDate, manual: cow.pregnancyCheckManual },
  expectedCalving: { date: cow.expectedCalvingDate, manual: cow.expectedCalvingManual },
  expectedEstrus: { date: cow.expectedEstrusDate, manual: cow.expectedEstrusManual },
});

/**
 * Writes what a change of the cow's records implies for her dates: `before` and `after` are her records'
 * dates around the change, and the cow's own values decide what was typed on her by hand (see the merges).
 */
export const syncCowDates = async (
  tx: Queryable,
  cow: CowRecord,
  before: CowReproductionDates,
  after: CowReproductionDates,
): Promise<void> => {
  const current = datesOnCow(cow);
  const next: CowReproductionDates = {
    lastEstrusDate: mergeLast(current.lastEstrusDate, before.lastEstrusDate, after.lastEstrusDate),
    lastFertilizationDate: mergeLast(
      current.lastFertilizationDate,
      before.lastFertilizationDate,
      after.lastFertilizationDate,
    ),
    lastCalvingDate: mergeLast(current.lastCalvingDate, before.lastCalvingDate, after.lastCalvingDate),
    pregnancyCheck: mergeDated(current.pregnancyCheck, before.pregnancyCheck, after.pregnancyCheck),
    expectedCalving: mergeDated(current.expectedCalving, before.expectedCalving, after.expectedCalving),
    expectedEstrus: mergeDated(current.expectedEstrus, before.expectedEstrus, after.expectedEstrus),
  };
  await tx.query(
    `UPDATE cows SET last_estrus_date = $3, last_fertilization_date = $4, last_calving_date = $5,
            pregnancy_check_date = $6, pregnancy_check_manual = $7, expected_calving_date = $8,
            expected_calving_manual = $9, expected_estrus_date = $10, expected_estrus_manual = $11,
            updated_at = now()
      WHERE farm_id = $1 AND id = $2`,
    [
      cow.farmId,
      cow.id,
      next.lastEstrusDate,
      next.lastFertilizationDate,
      next.lastCalvingDate,
      next.pregnancyCheck.date,
      next.pregnancyCheck.manual,
      next.expectedCalving.date,
      next.expectedCalving.manual,
      next.expectedEstrus.date,
      next.expectedEstrus.manual,
    ],
  );
};
