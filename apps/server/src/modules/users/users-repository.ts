import type { FarmRole } from '@cowcare/contract/schemas';
import type { Queryable } from '../../db/database';

export interface UserRecord {
  id: number;
  farmId: number;
  username: string;
  passwordHash: string;
  name: string;
  phone: string;
  avatar: string;
  language: string;
  pushClientId: string;
  sensorFilter: string;
  isAdmin: boolean;
  farmNumber: string;
  country: string;
  city: string;
  /** Support disabled the user (admin/users/:id/disable): login and refresh are refused. */
  disabled: boolean;
  role: FarmRole;
  /** An owner removed the user from the farm: no login, no refresh, until an owner adds them again. */
  removedFromFarm: boolean;
}

const SELECT_USER = `
  SELECT u.id, u.farm_id AS "farmId", u.username, u.password_hash AS "passwordHash", u.name, u.phone, u.avatar,
         u.language, u.push_client_id AS "pushClientId", u.sensor_filter AS "sensorFilter", u.is_admin AS "isAdmin",
         u.disabled_at IS NOT NULL AS disabled, u.role, u.removed_from_farm_at IS NOT NULL AS "removedFromFarm",
         f.farm_number AS "farmNumber", f.country, f.city
    FROM users u JOIN farms f ON f.id = u.farm_id`;

export const findUserById = async (db: Queryable, id: number): Promise<UserRecord | undefined> =>
  (await db.query<UserRecord>(`${SELECT_USER} WHERE u.id = $1`, [id]))[0];

export const findUserByUsername = async (db: Queryable, username: string): Promise<UserRecord | undefined> =>
  (await db.query<UserRecord>(`${SELECT_USER} WHERE lower(u.username) = lower($1)`, [username]))[0];

export interface UserChanges {
  name?: string;
  phone?: string;
  avatar?: string;
  language?: string;
  pushClientId?: string;
  sensorFilter?: string;
  passwordHash?: string;
}

const COLUMNS: Record<keyof UserChanges, string> = {
  name: 'name',
  phone: 'phone',
  avatar: 'avatar',
  language: 'language',
  pushClientId: 'push_client_id',
  sensorFilter: 'sensor_filter',
  passwordHash: 'password_hash',
};

export const updateUser = async (db: Queryable, id: number, changes: UserChanges): Promise<void> => {
  const entries = (Object.keys(COLUMNS) as (keyof UserChanges)[]).filter((key) => changes[key] !== undefined);
  if (entries.length === 0) return;
  const assignments = entries.map((key, index) => `${COLUMNS[key]} = $${index + 2}`);
  await db.query(`UPDATE users SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`, [
    id,
    ...entries.map((key) => changes[key]),
  ]);
};
