import type { Queryable } from '../../db/database';

export interface AdminUserRecord {
  id: number;
  username: string;
  passwordHash: string;
  name: string;
}

const SELECT_ADMIN = 'SELECT id, username, password_hash AS "passwordHash", name FROM admin_users';

export const findAdminByUsername = async (
  db: Queryable,
  username: string,
): Promise<AdminUserRecord | undefined> =>
  (
    await db.query<AdminUserRecord>(`${SELECT_ADMIN} WHERE username = $1 AND removed_at IS NULL`, [username])
  )[0];

export const findAdminById = async (db: Queryable, id: number): Promise<AdminUserRecord | undefined> =>
  (await db.query<AdminUserRecord>(`${SELECT_ADMIN} WHERE id = $1 AND removed_at IS NULL`, [id]))[0];
