import type { PushDevice } from '@cowcare/contract/routes/push';
import type { Queryable } from '../../db/database';

export interface NewPushDevice {
  userId: number;
  loginSessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

/** A device as the user sees it: the push service's host, never the endpoint (the browser's address). */
const deviceColumns = (table: string): string => `${table}.id, ${table}.label,
  substring(${table}.endpoint from '^[a-z]+://([^/:]+)') AS service,
  to_char(${table}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(${table}.last_sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastSentAt"`;

/**
 * Stores a browser's subscription for this user and login. The endpoint names the browser: subscribing again
 * replaces the keys, and a browser another user had registered (a shared phone) now wakes this one only.
 */
export const savePushDevice = async (db: Queryable, device: NewPushDevice): Promise<PushDevice> => {
  const [row] = await db.query<PushDevice>(
    `INSERT INTO push_devices (user_id, login_session_id, endpoint, p256dh, auth, label)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, login_session_id = EXCLUDED.login_session_id,
           p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, label = EXCLUDED.label,
           created_at = CASE WHEN push_devices.user_id = EXCLUDED.user_id
                             THEN push_devices.created_at ELSE now() END
     RETURNING ${deviceColumns('push_devices')}`,
    [device.userId, device.loginSessionId, device.endpoint, device.p256dh, device.auth, device.label],
  );
  if (!row) throw new Error('push device upsert returned no row');
  return row;
};

/** The user's devices whose login is live: a logged-out browser is not listed, and is not sent to. */
export const listPushDevices = (db: Queryable, userId: number): Promise<PushDevice[]> =>
  db.query<PushDevice>(
    `SELECT ${deviceColumns('d')}
       FROM push_devices d JOIN login_sessions s ON s.id = d.login_session_id AND s.revoked_at IS NULL
      WHERE d.user_id = $1
      ORDER BY d.created_at DESC, d.id DESC`,
    [userId],
  );

/** True when the device was the user's; another user's id removes nothing. */
export const removePushDevice = async (db: Queryable, userId: number, deviceId: number): Promise<boolean> => {
  const removed = await db.query(`DELETE FROM push_devices WHERE id = $1 AND user_id = $2 RETURNING id`, [
    deviceId,
    userId,
  ]);
  return removed.length > 0;
};

/**
 * Moves the device registered with `oldEndpoint` to its new subscription, keeping its user, login and label;
 * a row the new endpoint already had (the page registered it first) gives way. False when no device had it.
 */
export const renewPushDevice = async (
  tx: Queryable,
  oldEndpoint: string,
  renewed: { endpoint: string; p256dh: string; auth: string },
): Promise<boolean> => {
  await tx.query(`DELETE FROM push_devices WHERE endpoint = $1 AND endpoint <> $2`, [
    renewed.endpoint,
    oldEndpoint,
  ]);
  const moved = await tx.query(
    `UPDATE push_devices SET endpoint = $2, p256dh = $3, auth = $4 WHERE endpoint = $1 RETURNING id`,
    [oldEndpoint, renewed.endpoint, renewed.p256dh, renewed.auth],
  );
  return moved.length > 0;
};

/** The push service said the subscription is gone (404/410): nothing will ever reach it again. */
export const forgetPushEndpoint = (db: Queryable, deviceId: number): Promise<unknown> =>
  db.query(`DELETE FROM push_devices WHERE id = $1`, [deviceId]);

export const markPushSent = (db: Queryable, deviceIds: readonly number[]): Promise<unknown> =>
  deviceIds.length === 0
    ? Promise.resolve()
    : db.query(`UPDATE push_devices SET last_sent_at = now() WHERE id = ANY($1::int[])`, [deviceIds]);
