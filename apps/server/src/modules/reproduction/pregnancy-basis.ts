import { ERROR_CODES } from '@cowcare/contract/errors';
import { expectedCalvingDate } from '@cowcare/domain/reproduction-dates';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/app-error';
import { fertilizationBefore } from './fertilization-records';
import { automaticPregnanciesOfCow } from './pregnancy-records';

export const FERTILIZATION_NEEDED =
  'A pregnant diagnosis needs a fertilization record before it, to count the expected calving from: ' +
  'add the fertilization first (or set the expected calving by hand)';

/** Expected calving of a positive diagnosis: the service date of the fertilization before it + 285 days. */
export const automaticExpectedCalving = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
  diagnosedAt: string,
): Promise<string> => {
  const basis = await fertilizationBefore(tx, farmId, cowId, diagnosedAt);
  if (!basis) throw conflict(ERROR_CODES.conflict, FERTILIZATION_NEEDED);
  return expectedCalvingDate(basis.effectiveServiceDate);
};

/**
 * After a fertilization changed, every positive diagnosis with a computed expected calving is counted again
 * from the fertilization now before it. One left without any is refused, so the change rolls back.
 */
export const refreshAutomaticExpectedCalvings = async (tx: Queryable, farmId: number, cowId: number) => {
  for (const diagnosis of await automaticPregnanciesOfCow(tx, farmId, cowId)) {
    const basis = await fertilizationBefore(tx, farmId, cowId, diagnosis.diagnosedAt);
    if (!basis) {
      throw conflict(
        ERROR_CODES.conflict,
        `The pregnant diagnosis of ${diagnosis.diagnosisDay} counts its expected calving from this ` +
          'fertilization: change or delete that diagnosis first',
      );
    }
    const expected = expectedCalvingDate(basis.effectiveServiceDate);
    if (expected !== diagnosis.expectedCalvingDate) {
      await tx.query(
        'UPDATE pregnancy_records SET expected_calving_date = $3 WHERE farm_id = $1 AND id = $2',
        [farmId, diagnosis.id, expected],
      );
    }
  }
};
