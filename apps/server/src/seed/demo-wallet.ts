import type { Queryable } from '../db/database';
import { DEMO_FARM_NUMBER } from './demo-credentials';

/** 500,000 KRW: room for a few demo cost assignments (e.g. 40 cows at 10,000 KRW). */
export const DEMO_WALLET_TOP_UP_MINOR = 500_000;
/** Identifies the seed's top-up, so a second run finds it and adds nothing. */
export const DEMO_WALLET_TOP_UP_DESCRIPTION = 'Demo starting balance';

/** One top-up for the demo farm's wallet; the demo farm must exist already. */
export const writeDemoWallet = async (tx: Queryable): Promise<void> => {
  const [farm] = await tx.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    DEMO_FARM_NUMBER,
  ]);
  if (!farm) throw new Error('the demo wallet needs the demo farm: seed it first');
  await tx.query(
    `INSERT INTO wallet_entries (farm_id, user_id, kind, amount_minor, description)
     SELECT $1::int, NULL, 'topup', $2::bigint, $3::text
      WHERE NOT EXISTS (
        SELECT 1 FROM wallet_entries WHERE farm_id = $1::int AND kind = 'topup' AND description = $3::text
      )`,
    [farm.id, DEMO_WALLET_TOP_UP_MINOR, DEMO_WALLET_TOP_UP_DESCRIPTION],
  );
};
