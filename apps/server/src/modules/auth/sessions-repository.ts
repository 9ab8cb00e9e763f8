import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { REFRESH_TOKEN_TTL_SECONDS, hashRefreshToken, newRefreshToken } from './tokens';

export const createLoginSession = async (db: Queryable, userId: number): Promise<string> => {
  const sessionId = randomUUID();
  await db.query('INSERT INTO login_sessions (id, user_id) VALUES ($1, $2)', [sessionId, userId]);
  return sessionId;
};

export const issueRefreshToken = async (db: Queryable, sessionId: string): Promise<string> => {
  const token = newRefreshToken();
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hashRefreshToken(token), sessionId, REFRESH_TOKEN_TTL_SECONDS],
  );
  return token;
};

export interface RefreshTokenRecord {
  sessionId: string;
  userId: number;
  expired: boolean;
  used: boolean;
  sessionRevoked: boolean;
  /** Support disabled the user: no refresh, whatever the token's state. */
  userDisabled: boolean;
  /** An owner removed the user from the farm: no refresh either. */
  userRemoved: boolean;
}

/** Locks the token row so two concurrent refreshes with one token cannot both succeed. */
export const findRefreshTokenForUpdate = async (
  db: Queryable,
  token: string,
): Promise<RefreshTokenRecord | undefined> =>
  (
    await db.query<RefreshTokenRecord>(
      `SELECT t.session_id AS "sessionId", s.user_id AS "userId", t.expires_at <= now() AS expired,
              t.used_at IS NOT NULL AS used, s.revoked_at IS NOT NULL AS "sessionRevoked",
              u.disabled_at IS NOT NULL AS "userDisabled", u.removed_from_farm_at IS NOT NULL AS "userRemoved"
         FROM refresh_tokens t JOIN login_sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
        WHERE t.token_hash = $1
          FOR UPDATE OF t`,
      [hashRefreshToken(token)],
    )
  )[0];

export const markRefreshTokenUsed = async (db: Queryable, token: string): Promise<void> => {
  await db.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [
    hashRefreshToken(token),
  ]);
};

/** What a revocation ended: the logins that were still active, whose open sockets must close too. */
export interface RevokedSessions {
  userId: number;
  sessionIds: string[];
}

const revokedSessionsOf = (userId: number, rows: { id: string }[]): RevokedSessions => ({
  userId,
  sessionIds: rows.map((row) => row.id),
});

export const revokeSession = async (
  db: Queryable,
  session: { sessionId: string; userId: number },
  reason: string,
): Promise<RevokedSessions> => {
  const rows = await db.query<{ id: string }>(
    `UPDATE login_sessions SET revoked_at = now(), revoked_reason = $2
      WHERE id = $1 AND revoked_at IS NULL
      RETURNING id`,
    [session.sessionId, reason],
  );
  return revokedSessionsOf(session.userId, rows);
};

export const revokeAllSessionsOfUser = async (
  db: Queryable,
  userId: number,
  reason: string,
): Promise<RevokedSessions> => {
  const rows = await db.query<{ id: string }>(
    `UPDATE login_sessions SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL
      RETURNING id`,
    [userId, reason],
  );
  return revokedSessionsOf(userId, rows);
};

/** Which of these logins are revoked (or unknown): the sweep closes their sockets. */
export const findEndedSessions = async (db: Queryable, sessionIds: readonly string[]): Promise<string[]> => {
  if (sessionIds.length === 0) return [];
  const active = await db.query<{ id: string }>(
    'SELECT id FROM login_sessions WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL',
    [sessionIds],
  );
  const activeIds = new Set(active.map((row) => row.id));
  return sessionIds.filter((id) => !activeIds.has(id));
};

export const isSessionActive = async (db: Queryable, sessionId: string, userId: number): Promise<boolean> => {
  const rows = await db.query<{ active: boolean }>(
    'SELECT revoked_at IS NULL AS active FROM login_sessions WHERE id = $1 AND user_id = $2',
    [sessionId, userId],
  );
  return rows[0]?.active === true;
};
