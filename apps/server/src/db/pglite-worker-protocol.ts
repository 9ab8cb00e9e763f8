/** The messages between the server's thread and the worker thread that owns PGlite. */

/** What the worker is opened with. */
export interface PgliteWorkerData {
  /** A data directory, or undefined for a database in memory (tests). */
  dataDir: string | undefined;
}

/** A statement or script runs in the transaction `transactionId` names, or on its own when it is absent. */
export type PgliteRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[]; transactionId?: number }
  | { id: number; kind: 'exec'; sql: string; transactionId?: number }
  /** Answered once the transaction holds PGlite: the statements of others wait until it ends. */
  | { id: number; kind: 'begin'; transactionId: number }
  | { id: number; kind: 'end'; transactionId: number; outcome: 'commit' | 'rollback' }
  | { id: number; kind: 'close' };

/** The fields of a PostgreSQL error the server reads (`code`, `constraint`), carried across the thread. */
export interface PgliteErrorData {
  message: string;
  fields: Record<string, string | undefined>;
}

export type PgliteResponse =
  { id: number; ok: true; rows?: unknown[] } | { id: number; ok: false; error: PgliteErrorData };

/** The PostgreSQL error fields PGlite sets on its errors (the same names `pg` uses). */
export const POSTGRES_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'where',
  'routine',
] as const;
