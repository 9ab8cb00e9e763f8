import type { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { nextExpectedEstrusDate } from '@cowcare/domain/reproduction-dates';
import type { Database } from '../../db/database';
import type { AuthUser } from '../../http/route-context';
import {
  changeCowRecords,
  cowOfRecord,
  requireCowTakesNewRecords,
  requireRecordOfCow,
} from './cow-record-change';
import { findEstrus, insertEstrus, saveEstrus, type EstrusFields, type EstrusRow } from './estrus-records';
import {
  dayOf,
  eventAfterChange,
  requireNotBeforeBirth,
  requireNotInFuture,
  resolveDate,
  type Dated,
} from './record-dates';
import { deleteRecord } from './record-tables';

type NewEstrus = RouteBody<typeof api.reproduction.addEstrus>;
type EstrusChange = RouteBody<typeof api.reproduction.updateEstrus>;

const estrusFields = async (
  { at: estrusAt, day: estrusDay }: { at: string; day: string },
  memo: string,
  current: Dated<string> | undefined,
  nextChange: string | null | undefined,
): Promise<EstrusFields> => {
  const next = await resolveDate(current, nextChange, () => nextExpectedEstrusDate(estrusDay), {
    field: 'nextExpectedEstrus',
    after: estrusDay,
  });
  return {
    estrusAt,
    estrusDay,
    memo,
    nextExpectedEstrusDate: next.date,
    nextExpectedEstrusManual: next.manual,
  };
};

const reread = async (found: Promise<EstrusRow | undefined>): Promise<EstrusRow> => {
  const row = await found;
  if (!row) throw new Error('estrus record vanished inside its transaction');
  return row;
};

export const addEstrus = (db: Database, user: AuthUser, input: NewEstrus, now = new Date()) => {
  requireNotInFuture('estrusAt', input.estrusAt, now);
  return changeCowRecords(db, user, input.cowId, async ({ tx, cow }) => {
    requireCowTakesNewRecords(cow);
    requireNotBeforeBirth('estrusAt', dayOf(input.estrusAt), cow.birthday);
    const fields = await estrusFields(
      { at: input.estrusAt, day: dayOf(input.estrusAt) },
      input.memo ?? '',
      undefined,
      input.nextExpectedEstrus,
    );
    const id = await insertEstrus(tx, { farmId: user.farmId, cowId: cow.id, userId: user.userId }, fields);
    return reread(findEstrus(tx, user.farmId, id));
  });
};

export const updateEstrus = async (
  db: Database,
  user: AuthUser,
  id: number,
  change: EstrusChange,
  now = new Date(),
) => {
  if (change.estrusAt !== undefined) requireNotInFuture('estrusAt', change.estrusAt, now);
  const cowId = await cowOfRecord(db, 'estrus_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    const record = requireRecordOfCow(await findEstrus(tx, user.farmId, id), cow);
    const estrus = eventAfterChange(change.estrusAt, { at: record.estrusAt, day: record.estrusDay });
    requireNotBeforeBirth('estrusAt', estrus.day, cow.birthday);
    const fields = await estrusFields(
      estrus,
      change.memo ?? record.memo,
      { date: record.nextExpectedEstrusDate, manual: record.nextExpectedEstrusManual },
      change.nextExpectedEstrus,
    );
    await saveEstrus(tx, user.farmId, id, fields);
    return reread(findEstrus(tx, user.farmId, id));
  });
};

export const deleteEstrus = async (db: Database, user: AuthUser, id: number) => {
  const cowId = await cowOfRecord(db, 'estrus_records', user, id);
  return changeCowRecords(db, user, cowId, async ({ tx, cow }) => {
    requireRecordOfCow(await findEstrus(tx, user.farmId, id), cow);
    await deleteRecord(tx, 'estrus_records', user.farmId, id);
    return id;
  });
};
