import { calvingOverdue } from '@cowcare/domain/calving-overdue';
import { parseStoredStatus, storedStatusValue } from '@cowcare/domain/cow-status';
import type { Queryable } from '../db/database';
import type { NewNotice } from '../modules/notices/record-notice';

export type DueNotice = Omit<NewNotice, 'occurredAt'>;

interface PregnantCowRow {
  farmId: number;
  cowId: number;
  sensorId: number | null;
  status: string;
  expectedCalvingDate: string;
  lastFertilizationDate: string | null;
  lastCalvingDate: string | null;
}

const PREGNANT = storedStatusValue('pregnancy');

/** Pregnant cows whose expected calving date is behind them: the few the rule has to judge. */
const findPregnantCowsPastDue = (tx: Queryable, today: string): Promise<PregnantCowRow[]> =>
  tx.query<PregnantCowRow>(
    `SELECT farm_id AS "farmId", id AS "cowId", sensor_id AS "sensorId", status,
            to_char(expected_calving_date, 'YYYY-MM-DD') AS "expectedCalvingDate",
            to_char(last_fertilization_date, 'YYYY-MM-DD') AS "lastFertilizationDate",
            to_char(last_calving_date, 'YYYY-MM-DD') AS "lastCalvingDate"
       FROM cows
      WHERE culled_at IS NULL AND sex = 'female' AND status = $2 AND expected_calving_date < $1::date
      ORDER BY farm_id, id`,
    [today, PREGNANT],
  );

const overdueNotice = (cow: PregnantCowRow, today: string): DueNotice | undefined => {
  const status = parseStoredStatus(cow.status);
  const overdue = status && calvingOverdue({ ...cow, status }, today);
  if (!overdue) return undefined;
  return {
    farmId: cow.farmId,
    cowId: cow.cowId,
    sensorId: cow.sensorId,
    code: overdue.code,
    // One notice per pregnancy: the expected date names it, so a corrected date is a new episode.
    episodeKey: `overdue:cow:${cow.cowId}:${overdue.code}:${overdue.expectedCalvingDate}`,
    details: { expectedCalvingDate: overdue.expectedCalvingDate, daysOverdue: overdue.daysOverdue },
  };
};

/** Notice 502 for every cow overdue today (UTC), by the rule of `@cowcare/domain/calving-overdue`. */
export const findOverdueCalvings = async (tx: Queryable, today: string): Promise<DueNotice[]> =>
  (await findPregnantCowsPastDue(tx, today)).flatMap((cow) => overdueNotice(cow, today) ?? []);
