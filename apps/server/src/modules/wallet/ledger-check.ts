import type { Queryable } from '../../db/database';

export interface LedgerCheck {
  /** The sum of every entry: 0 in books that balance. */
  totalMinor: number;
  /** Transactions whose entries do not sum to zero (the commit trigger should make this impossible). */
  unbalancedTransactions: number;
  /** Transactions with fewer than two entries. */
  incompleteTransactions: number;
  /** Farms whose wallet is below zero (no overdraft is allowed). */
  overdrawnWallets: number;
}

/**
 * The invariants of the books, from the entries alone: every transaction balances, the whole ledger sums to
 * zero, and no wallet is below zero. Operators run it (`npm run ledger:check`), /metrics exposes it, and the
 * test app runs it when each test file closes.
 */
export const checkLedger = async (db: Queryable): Promise<LedgerCheck> => {
  const [row] = await db.query<LedgerCheck>(
    `SELECT (SELECT coalesce(sum(amount_minor), 0)::float8 FROM ledger_entries) AS "totalMinor",
            (SELECT count(*)::int FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id
                                         HAVING sum(amount_minor) <> 0) AS t) AS "unbalancedTransactions",
            (SELECT count(*)::int FROM ledger_transactions t
              WHERE (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) < 2)
              AS "incompleteTransactions",
            (SELECT count(*)::int FROM (SELECT a.farm_id FROM ledger_entries e
                                          JOIN ledger_accounts a ON a.id = e.account_id
                                         WHERE a.kind = 'wallet' GROUP BY a.farm_id
                                        HAVING sum(e.amount_minor) < 0) AS w) AS "overdrawnWallets"`,
  );
  if (!row) throw new Error('the ledger check answered nothing');
  return row;
};

export const ledgerProblems = (check: LedgerCheck): string[] => [
  ...(check.totalMinor === 0 ? [] : [`the entries sum to ${check.totalMinor}, not 0`]),
  ...(check.unbalancedTransactions === 0
    ? []
    : [`${check.unbalancedTransactions} transactions do not balance`]),
  ...(check.incompleteTransactions === 0
    ? []
    : [`${check.incompleteTransactions} transactions lack entries`]),
  ...(check.overdrawnWallets === 0 ? [] : [`${check.overdrawnWallets} wallets are below zero`]),
];
