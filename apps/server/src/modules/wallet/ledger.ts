import type { Queryable } from '../../db/database';

/** Platform accounts: the other side of every movement of a farm's wallet (architecture §12). */
export type PlatformAccountKind = 'plan_revenue' | 'cow_type_revenue' | 'opening';

export type AccountRef =
  | { kind: 'wallet'; farmId: number; currency: string }
  | { kind: PlatformAccountKind; currency: string }
  | { kind: 'provider'; provider: string; currency: string };

export type LedgerTransactionKind = 'charge' | 'topup' | 'plan' | 'refund' | 'topup_refund';

export interface LedgerLeg {
  account: AccountRef;
  /** Positive: money into the account. The legs of a transaction sum to zero. */
  amountMinor: number;
}

export interface NewLedgerTransaction {
  farmId: number;
  kind: LedgerTransactionKind;
  description: string;
  /** The movement happens once per key, however often it is posted. */
  idempotencyKey: string;
  orderId?: number;
  userId?: number | null;
  cowType?: { id: number; name: string; cowCount: number };
  legs: readonly LedgerLeg[];
}

/** Any fixed number, paired with the farm id: serialises every balance check + movement of one farm. */
const WALLET_LOCK_NAMESPACE = 449_903;

/**
 * Holds the farm's wallet until the transaction ends, so two charges cannot both pass the balance check and
 * overdraw it together. Only wallet writers take it; readers never wait.
 */
export const lockFarmWallet = async (tx: Queryable, farmId: number): Promise<void> => {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [WALLET_LOCK_NAMESPACE, farmId]);
};

const accountIdentity = (account: AccountRef): [number | null, string, string, string | null] => {
  if (account.kind === 'wallet') return [account.farmId, 'wallet', account.currency, null];
  if (account.kind === 'provider') return [null, 'provider', account.currency, account.provider];
  return [null, account.kind, account.currency, null];
};

/** The account's id, opened on first use (two writers opening it at once both get the one row). */
const accountId = async (tx: Queryable, account: AccountRef): Promise<number> => {
  const identity = accountIdentity(account);
  await tx.query(
    `INSERT INTO ledger_accounts (farm_id, kind, currency, provider) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    identity,
  );
  const [row] = await tx.query<{ id: number }>(
    `SELECT id FROM ledger_accounts
      WHERE coalesce(farm_id, 0) = coalesce($1::int, 0) AND kind = $2 AND currency = $3
        AND coalesce(provider, '') = coalesce($4::text, '')`,
    identity,
  );
  if (!row) throw new Error(`ledger account ${JSON.stringify(account)} not opened`);
  return row.id;
};

/**
 * Posts a balanced transaction, or nothing when its idempotency key was posted already: answers whether
 * this call posted it. The database refuses a transaction whose legs do not sum to zero when it commits.
 */
export const postLedgerTransaction = async (
  tx: Queryable,
  transaction: NewLedgerTransaction,
): Promise<{ posted: boolean; transactionId: number }> => {
  const sum = transaction.legs.reduce((total, leg) => total + leg.amountMinor, 0);
  if (sum !== 0 || transaction.legs.some((leg) => !Number.isSafeInteger(leg.amountMinor))) {
    throw new Error(`ledger transaction ${transaction.idempotencyKey} does not balance`);
  }
  const [inserted] = await tx.query<{ id: number }>(
    `INSERT INTO ledger_transactions (farm_id, kind, description, idempotency_key, order_id, user_id,
                                      cow_type_id, cow_type_name, cow_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id::float8 AS id`,
    [
      transaction.farmId,
      transaction.kind,
      transaction.description,
      transaction.idempotencyKey,
      transaction.orderId ?? null,
      transaction.userId ?? null,
      transaction.cowType?.id ?? null,
      transaction.cowType?.name ?? null,
      transaction.cowType?.cowCount ?? null,
    ],
  );
  if (!inserted) {
    const [existing] = await tx.query<{ id: number }>(
      'SELECT id::float8 AS id FROM ledger_transactions WHERE idempotency_key = $1',
      [transaction.idempotencyKey],
    );
    return { posted: false, transactionId: existing?.id ?? 0 };
  }
  for (const leg of transaction.legs) {
    await tx.query(
      'INSERT INTO ledger_entries (transaction_id, account_id, amount_minor) VALUES ($1, $2, $3)',
      [inserted.id, await accountId(tx, leg.account), leg.amountMinor],
    );
  }
  return { posted: true, transactionId: inserted.id };
};

/** The farm's wallet balance: the sum of its wallet's entries. */
export const walletBalance = async (db: Queryable, farmId: number): Promise<number> => {
  const [row] = await db.query<{ balance: number }>(
    `SELECT coalesce(sum(e.amount_minor), 0)::float8 AS balance
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.farm_id = $1 AND a.kind = 'wallet'`,
    [farmId],
  );
  return row?.balance ?? 0;
};
