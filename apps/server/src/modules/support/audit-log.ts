import type { AuditEntry } from '@cowcare/contract/routes/support';
import type { Queryable } from '../../db/database';
import { isoUtc } from '../../db/sql-time';

export interface AuditRecord {
  adminId: number;
  /** The console call, by its contract name (restoreCow, publishNews, …). */
  action: string;
  /** What it acted on, as an agent reads it: `cow 17 (C1042, farm KR/F-100)`, `all farms`. */
  target: string;
  details?: Record<string, unknown>;
}

/** Written in the transaction of the change it records, so the log never misses or invents one. */
export const recordAudit = async (tx: Queryable, record: AuditRecord): Promise<void> => {
  await tx.query(
    'INSERT INTO support_audit (admin_id, action, target, details) VALUES ($1, $2, $3, $4::jsonb)',
    [record.adminId, record.action, record.target, JSON.stringify(record.details ?? {})],
  );
};

const PAGE = 100;

export const listAudit = (db: Queryable, before?: number): Promise<AuditEntry[]> =>
  db.query<AuditEntry>(
    `SELECT a.id, coalesce(nullif(u.name, ''), u.username) AS agent, a.action, a.target, a.details,
            ${isoUtc('a.at')} AS time
       FROM support_audit a JOIN admin_users u ON u.id = a.admin_id
      WHERE ($1::int IS NULL OR a.id < $1)
      ORDER BY a.id DESC
      LIMIT ${PAGE}`,
    [before ?? null],
  );
