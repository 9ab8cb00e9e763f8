import type { CowSummary } from '@cowcare/contract/routes/cows';
import type { Queryable } from '../../db/database';
import { eventDayText } from '../reproduction/sql-text';
import type { CowRecord } from './cows-repository';

const SELECT_SUMMARY = `SELECT id, code, status, to_char(birthday, 'YYYY-MM-DD') AS birthday, sex FROM cows`;

export interface CowFamily {
  dam: CowSummary | null;
  sire: { code: string } | null;
  calves: CowSummary[];
  unregisteredCalves: { calvedOn: string; result: 'cow' | 'bull' }[];
}

/** Dam and calves are looked up within the cow's farm only: a link across farms shows as no relative. */
export const familyOf = async (db: Queryable, cow: CowRecord): Promise<CowFamily> => {
  const [dam] =
    cow.damId === null
      ? []
      : await db.query<CowSummary>(`${SELECT_SUMMARY} WHERE farm_id = $1 AND id = $2`, [
          cow.farmId,
          cow.damId,
        ]);
  const calves = await db.query<CowSummary>(
    `${SELECT_SUMMARY} WHERE farm_id = $1 AND dam_id = $2 ORDER BY birthday NULLS LAST, code`,
    [cow.farmId, cow.id],
  );
  // A calving recorded without registering its calf still gave her one: the family shows it, unlinked.
  const unregisteredCalves = await db.query<CowFamily['unregisteredCalves'][number]>(
    `SELECT ${eventDayText('calving_date', 'calved_at', 'calvedOn')}, result FROM calving_records
      WHERE farm_id = $1 AND cow_id = $2 AND calf_cow_id IS NULL AND result IN ('cow', 'bull')
      ORDER BY calved_at, id`,
    [cow.farmId, cow.id],
  );
  return {
    dam: dam ?? null,
    sire: cow.sireCode === null ? null : { code: cow.sireCode },
    calves,
    unregisteredCalves,
  };
};
