import { ERROR_CODES } from '@cowcare/contract/errors';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import { findCowInFarm, findCowInFarmForUpdate, type CowRecord } from '../cows/cows-repository';
import type { MarkedRead } from '../notices/mark-notices-read';
import { settleFollowUps } from '../notices/settle-follow-ups';
import { deriveCowDates, syncCowDates } from './cow-dates';
import { latestPregnancyOfCow } from './pregnancy-records';
import { cowIdOfRecord, type RecordTable } from './record-tables';

export const NO_SUCH_COW = 'There is no such cow in this farm';
export const NO_SUCH_RECORD = 'There is no such record in this farm';

/** New reproduction records need a cow that is still in the herd and can carry a calf. */
export const requireCowTakesNewRecords = (cow: CowRecord): void => {
  if (isCulledStoredValue(cow.status)) {
    throw conflict(
      ERROR_CODES.conflict,
      'A culled cow takes no new records; customer service can restore it',
    );
  }
  if (cow.sex !== 'female') {
    throw conflict(ERROR_CODES.conflict, 'Reproduction records are kept for female cows');
  }
};

export interface RecordChangeContext {
  tx: Queryable;
  cow: CowRecord;
  user: AuthUser;
}

/**
 * Every write to a cow's records holds her row lock first, so writers of one cow run one after another and
 * her dates are derived from records no one else is changing. The cow's dates are read from her records
 * before and after `work`, and the difference is written to her (`syncCowDates`), all in one transaction.
 * Her reminders whose event is now on record are marked read in it too (`read`, for the farm's sessions).
 */
export const changeCowRecords = <T>(
  db: Database,
  user: AuthUser,
  cowId: number,
  work: (context: RecordChangeContext) => Promise<T>,
): Promise<{ result: T; cow: CowRecord; read: MarkedRead }> =>
  db.transaction(async (tx) => {
    const cow = await findCowInFarmForUpdate(tx, user.farmId, cowId);
    if (!cow) throw notFound(NO_SUCH_COW);
    const before = await deriveCowDates(tx, user.farmId, cow.id);
    const result = await work({ tx, cow, user });
    const after = await deriveCowDates(tx, user.farmId, cow.id);
    // `work` may move status and parity, never the dates, so the locked row still holds the dates to merge.
    await syncCowDates(tx, cow, before, after);
    const read = await settleFollowUps(tx, user.farmId, cow.id, {
      estrus: after.lastEstrusDate,
      fertilization: after.lastFertilizationDate,
      pregnancyCheck: (await latestPregnancyOfCow(tx, user.farmId, cow.id))?.diagnosisDay ?? null,
      calving: after.lastCalvingDate,
    });
    const updated = await findCowInFarm(tx, user.farmId, cow.id);
    if (!updated) throw new Error(`cow ${cow.id} vanished while locked`);
    return { result, cow: updated, read };
  });

/** The cow of a record of the caller's farm; another farm's record is simply not found. */
export const cowOfRecord = async (db: Queryable, table: RecordTable, user: AuthUser, id: number) => {
  const cowId = await cowIdOfRecord(db, table, user.farmId, id);
  if (cowId === undefined) throw notFound(NO_SUCH_RECORD);
  return cowId;
};

/** Re-reads a record under the cow's lock: it may have been deleted or changed since it was looked up. */
export const requireRecordOfCow = <R extends { cowId: number }>(record: R | undefined, cow: CowRecord): R => {
  if (!record || record.cowId !== cow.id) throw notFound(NO_SUCH_RECORD);
  return record;
};
