import type { Queryable } from '../db/database';
import { currencyOfCountry } from '../modules/wallet/currency';
import { postLedgerTransaction } from '../modules/wallet/ledger';
import { DEMO_FARM_NUMBER } from './demo-credentials';

/** 500,000 KRW: room for a few demo cost assignments (e.g. 40 cows at 10,000 KRW). */
export const DEMO_WALLET_TOP_UP_MINOR = 500_000;
export const DEMO_WALLET_TOP_UP_DESCRIPTION = 'Demo starting balance';

/** The demo farm's opening balance, once: a second run posts the same key and adds nothing. */
export const writeDemoWallet = async (tx: Queryable): Promise<void> => {
  const [farm] = await tx.query<{ id: number; country: string }>(
    'SELECT id, country FROM farms WHERE farm_number = $1',
    [DEMO_FARM_NUMBER],
  );
  if (!farm) throw new Error('the demo wallet needs the demo farm: seed it first');
  const currency = currencyOfCountry(farm.country).code;
  await postLedgerTransaction(tx, {
    farmId: farm.id,
    kind: 'topup',
    description: DEMO_WALLET_TOP_UP_DESCRIPTION,
    idempotencyKey: `demo-opening-balance:${farm.id}`,
    legs: [
      { account: { kind: 'wallet', farmId: farm.id, currency }, amountMinor: DEMO_WALLET_TOP_UP_MINOR },
      { account: { kind: 'opening', currency }, amountMinor: -DEMO_WALLET_TOP_UP_MINOR },
    ],
  });
};
