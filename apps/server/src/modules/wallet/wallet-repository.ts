import type { Queryable } from '../../db/database';
import { type Currency, currencyOfCountry } from './currency';
import type { LedgerTransactionKind } from './ledger';

export { lockFarmWallet, walletBalance } from './ledger';

export interface WalletEntryRecord {
  id: number;
  kind: LedgerTransactionKind;
  /** Signed: what the movement did to the wallet. */
  amountMinor: number;
  description: string;
  cowCount: number | null;
  cowTypeName: string | null;
  orderId: number | null;
  createdAt: string;
}

export interface StatementLineRecord extends WalletEntryRecord {
  balanceAfterMinor: number;
}

/** The farm's currency: its country's (a farm's wallet holds one currency). */
export const farmCurrency = async (db: Queryable, farmId: number): Promise<Currency> => {
  const [farm] = await db.query<{ country: string }>('SELECT country FROM farms WHERE id = $1', [farmId]);
  if (!farm) throw new Error(`farm ${farmId} not found`);
  return currencyOfCountry(farm.country);
};

const ENTRY_COLUMNS = `t.id::float8 AS id, t.kind, e.amount_minor::float8 AS "amountMinor", t.description,
  t.cow_count AS "cowCount", t.cow_type_name AS "cowTypeName", t.order_id AS "orderId",
  to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

const WALLET_ENTRIES = `FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
  JOIN ledger_transactions t ON t.id = e.transaction_id`;

/** Newest first; the id breaks ties between movements of one moment. */
export const listWalletEntries = (
  db: Queryable,
  farmId: number,
  limit: number,
): Promise<WalletEntryRecord[]> =>
  db.query<WalletEntryRecord>(
    `SELECT ${ENTRY_COLUMNS} ${WALLET_ENTRIES}
      WHERE a.farm_id = $1
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT $2`,
    [farmId, limit],
  );

/** A month's movements (UTC), oldest first, each with the wallet's balance after it. */
export const statementLines = (
  db: Queryable,
  farmId: number,
  month: string,
): Promise<StatementLineRecord[]> =>
  db.query<StatementLineRecord>(
    `SELECT * FROM (
       SELECT ${ENTRY_COLUMNS},
              (sum(e.amount_minor) OVER (ORDER BY t.created_at, t.id))::float8 AS "balanceAfterMinor",
              t.created_at AS at
         ${WALLET_ENTRIES}
        WHERE a.farm_id = $1
          AND t.created_at < (to_date($2, 'YYYY-MM')::timestamp + interval '1 month') AT TIME ZONE 'UTC'
     ) AS running
     WHERE at >= to_date($2, 'YYYY-MM')::timestamp AT TIME ZONE 'UTC'
     ORDER BY at, id`,
    [farmId, month],
  );

/** The wallet's balance at the start of the month (UTC). */
export const balanceBefore = async (db: Queryable, farmId: number, month: string): Promise<number> => {
  const [row] = await db.query<{ balance: number }>(
    `SELECT coalesce(sum(e.amount_minor), 0)::float8 AS balance ${WALLET_ENTRIES}
      WHERE a.farm_id = $1 AND t.created_at < to_date($2, 'YYYY-MM')::timestamp AT TIME ZONE 'UTC'`,
    [farmId, month],
  );
  return row?.balance ?? 0;
};

/** The months (UTC, YYYY-MM) with movements, newest first. */
export const statementMonths = async (db: Queryable, farmId: number): Promise<string[]> => {
  const rows = await db.query<{ month: string }>(
    `SELECT DISTINCT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month ${WALLET_ENTRIES}
      WHERE a.farm_id = $1 ORDER BY month DESC`,
    [farmId],
  );
  return rows.map((row) => row.month);
};
