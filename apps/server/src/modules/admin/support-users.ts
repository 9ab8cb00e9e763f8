import type { UserAccess } from '@cowcare/contract/routes/admin';
import type { Database } from '../../db/database';
import { notFound } from '../../http/app-error';
import { revokeAllSessionsOfUser, type RevokedSessions } from '../auth/sessions-repository';
import { recordAudit } from '../support/audit-log';

/** What support sees of a user it disabled or enabled; the reason stays in the row, not on the wire. */
const RETURNING_ACCESS = `
  RETURNING id, username, disabled_at IS NOT NULL AS disabled,
            to_char(disabled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "disabledAt"`;

const foundUser = (rows: UserAccess[]): UserAccess => {
  const [user] = rows;
  if (!user) throw notFound('No such user');
  return user;
};

/**
 * Disables a farm user and ends every login of theirs in one transaction, so no moment exists where the
 * user is disabled but a login still works. The caller closes the ended logins' sockets after the commit.
 * Disabling again keeps the first date and records the latest administrator and reason.
 */
export const disableFarmUser = (
  db: Database,
  disabling: { adminId: number; userId: number; reason: string },
): Promise<{ user: UserAccess; revoked: RevokedSessions }> =>
  db.transaction(async (tx) => {
    const user = foundUser(
      await tx.query<UserAccess>(
        `UPDATE users SET disabled_at = coalesce(disabled_at, now()), disabled_by_admin_id = $2,
                          disabled_reason = $3, updated_at = now()
          WHERE id = $1 ${RETURNING_ACCESS}`,
        [disabling.userId, disabling.adminId, disabling.reason],
      ),
    );
    const revoked = await revokeAllSessionsOfUser(tx, disabling.userId, 'disabled by support');
    await recordAudit(tx, {
      adminId: disabling.adminId,
      action: 'disableUser',
      target: `user ${user.id} (${user.username})`,
      details: { reason: disabling.reason, endedLogins: revoked.sessionIds.length },
    });
    return { user, revoked };
  });

/** Lets a disabled user log in again; the logins that disabling ended stay ended. */
export const enableFarmUser = (db: Database, adminId: number, userId: number): Promise<UserAccess> =>
  db.transaction(async (tx) => {
    const user = foundUser(
      await tx.query<UserAccess>(
        `UPDATE users SET disabled_at = NULL, disabled_by_admin_id = NULL, disabled_reason = NULL,
                          updated_at = CASE WHEN disabled_at IS NULL THEN updated_at ELSE now() END
          WHERE id = $1 ${RETURNING_ACCESS}`,
        [userId],
      ),
    );
    await recordAudit(tx, { adminId, action: 'enableUser', target: `user ${user.id} (${user.username})` });
    return user;
  });
