import type { Queryable } from '../../db/database';

/** Any fixed number, paired with the farm id: serialises every balance check + charge of one farm. */
const WALLET_LOCK_NAMESPACE = 449_903;

export type WalletEntryKind = 'charge' | 'topup';

export interface WalletEntryRecord {
  id: number;
  kind: WalletEntryKind;
  amountMinor: number;
  description: string;
  cowCount: number | null;
  cowTypeName: string | null;
  createdAt: string;
}

export interface NewWalletEntry {
  farmId: number;
  userId: number | null;
  kind: WalletEntryKind;
  /** Signed: negative for a charge, positive for a top-up (the table checks it). */
  amountMinor: number;
  description: string;
  cowTypeId?: number;
  cowTypeName?: string;
  cowCount?: number;
}

/**
 * Holds the farm's wallet until the transaction ends, so two assignments cannot both pass the balance
 * check and overdraw it together. Only wallet writers take it; readers never wait.
 */
export const lockFarmWallet = async (tx: Queryable, farmId: number): Promise<void> => {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [WALLET_LOCK_NAMESPACE, farmId]);
};

export const walletBalance = async (db: Queryable, farmId: number): Promise<number> => {
  const [row] = await db.query<{ balance: number }>(
    'SELECT coalesce(sum(amount_minor), 0)::float8 AS balance FROM wallet_entries WHERE farm_id = $1',
    [farmId],
  );
  return row?.balance ?? 0;
};

export const insertWalletEntry = async (tx: Queryable, entry: NewWalletEntry): Promise<void> => {
  await tx.query(
    `INSERT INTO wallet_entries (farm_id, user_id, kind, amount_minor, description, cow_type_id, cow_type_name, cow_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.farmId,
      entry.userId,
      entry.kind,
      entry.amountMinor,
      entry.description,
      entry.cowTypeId ?? null,
      entry.cowTypeName ?? null,
      entry.cowCount ?? null,
    ],
  );
};

/** Newest first; the id breaks ties between entries written in one transaction. */
export const listWalletEntries = (db: Queryable, farmId: number): Promise<WalletEntryRecord[]> =>
  db.query<WalletEntryRecord>(
    `SELECT id, kind, amount_minor::float8 AS "amountMinor", description, cow_count AS "cowCount",
            cow_type_name AS "cowTypeName",
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
       FROM wallet_entries
      WHERE farm_id = $1
      ORDER BY created_at DESC, id DESC`,
    [farmId],
  );
