import type { AgentPresence } from '@cowcare/contract/support-socket';
import type { Queryable } from '../../db/database';

/**
 * Which agent has which customer-service conversation open (issue 35), kept in the database so every
 * instance's consoles see the same agents. A console pings every 10 s; a row not seen for a minute belongs
 * to a socket whose instance died, and is left out (and deleted) from then on.
 */
const STALE_AFTER = "interval '60 seconds'";

/** Records what this console shows now; a conversation that is not a customer-service one counts as none. */
export const recordViewing = async (
  db: Queryable,
  socketId: string,
  adminId: number,
  conversationId: number | null,
): Promise<void> => {
  await db.query(
    `INSERT INTO support_presence (socket_id, admin_id, conversation_id, seen_at)
     VALUES ($1, $2, (SELECT id FROM chat_conversations WHERE id = $3 AND kind = 'service'), now())
     ON CONFLICT (socket_id) DO UPDATE SET conversation_id = EXCLUDED.conversation_id, seen_at = now()`,
    [socketId, adminId, conversationId],
  );
};

export const touchPresence = async (db: Queryable, socketId: string): Promise<void> => {
  await db.query('UPDATE support_presence SET seen_at = now() WHERE socket_id = $1', [socketId]);
};

export const forgetPresence = async (db: Queryable, socketId: string): Promise<void> => {
  await db.query('DELETE FROM support_presence WHERE socket_id = $1', [socketId]);
};

/** Every agent online, once per conversation they show (an agent with two tabs may show two). */
export const listPresence = async (db: Queryable): Promise<AgentPresence[]> => {
  await db.query(`DELETE FROM support_presence WHERE seen_at < now() - ${STALE_AFTER}`);
  return db.query<AgentPresence>(
    `SELECT DISTINCT p.admin_id AS "adminId", COALESCE(NULLIF(a.name, ''), a.username) AS name,
            p.conversation_id AS "conversationId"
       FROM support_presence p JOIN admin_users a ON a.id = p.admin_id
      WHERE a.removed_at IS NULL
      ORDER BY name, "conversationId" NULLS FIRST`,
  );
};

/** Of these agents, the ones whose accounts were removed since their console opened. */
export const removedAgents = async (db: Queryable, adminIds: readonly number[]): Promise<number[]> => {
  if (adminIds.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM admin_users WHERE id = ANY($1::int[]) AND removed_at IS NOT NULL',
    [adminIds],
  );
  return rows.map((row) => row.id);
};
