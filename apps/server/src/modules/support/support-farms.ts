import type { FarmSummary, FarmView } from '@cowcare/contract/routes/support';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/app-error';
import { isoUtc } from '../../db/sql-time';

const SELECT_SUMMARY = `
  SELECT f.id, f.farm_number AS "farmNumber", f.country,
         coalesce(o.name, '') AS "ownerName", coalesce(o.language, 'en') AS language,
         (SELECT count(*)::int FROM cows c WHERE c.farm_id = f.id AND c.culled_at IS NULL) AS cows,
         (SELECT count(*)::int FROM gateways g WHERE g.farm_id = f.id) AS gateways,
         ${isoUtc('(SELECT max(c.last_reading_at) FROM cows c WHERE c.farm_id = f.id)')} AS "lastReadingAt"
    FROM farms f
    LEFT JOIN LATERAL (
      SELECT name, language FROM users u
       WHERE u.farm_id = f.id AND u.role = 'owner' AND u.removed_from_farm_at IS NULL
       ORDER BY u.id LIMIT 1
    ) o ON true`;

/** What support searches by on a call: the farm number, or a user's name, username or phone. */
export const listFarmSummaries = (db: Queryable, search?: string): Promise<FarmSummary[]> => {
  const pattern = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return db.query<FarmSummary>(
    `${SELECT_SUMMARY}
      WHERE $1::text IS NULL OR f.farm_number ILIKE $1 OR EXISTS (
        SELECT 1 FROM users u WHERE u.farm_id = f.id
           AND (u.name ILIKE $1 OR u.username ILIKE $1 OR u.phone ILIKE $1))
      ORDER BY f.id DESC
      LIMIT 100`,
    [pattern],
  );
};

export const farmView = async (db: Queryable, farmId: number): Promise<FarmView> => {
  const [farm] = await db.query<FarmSummary>(`${SELECT_SUMMARY} WHERE f.id = $1`, [farmId]);
  if (!farm) throw notFound('No such farm');
  const [users, cows, gateways, sensors, notices, messages] = await Promise.all([
    db.query<FarmView['users'][number]>(
      `SELECT id, username, name, phone, role, disabled_at IS NOT NULL AS disabled
         FROM users WHERE farm_id = $1 AND removed_from_farm_at IS NULL ORDER BY id`,
      [farmId],
    ),
    db.query<FarmView['cows'][number]>(
      `SELECT id, code, status, sensor_id AS sensor, ${isoUtc('last_reading_at')} AS "lastReadingAt"
         FROM cows WHERE farm_id = $1 ORDER BY code`,
      [farmId],
    ),
    db.query<FarmView['gateways'][number]>(
      `SELECT id, name, username, ${isoUtc('last_seen_at')} AS "lastSeenAt", last_address AS "lastAddress"
         FROM gateways WHERE farm_id = $1 ORDER BY id`,
      [farmId],
    ),
    db.query<FarmView['sensors'][number]>(
      `SELECT s.sensor_id AS sensor, c.code AS "cowCode", ${isoUtc('c.last_reading_at')} AS "lastReadingAt"
         FROM sensors s
         LEFT JOIN cows c ON c.farm_id = s.farm_id AND c.sensor_id = s.sensor_id AND c.culled_at IS NULL
        WHERE s.farm_id = $1 ORDER BY s.sensor_id`,
      [farmId],
    ),
    db.query<FarmView['notices'][number]>(
      `SELECT n.id::int AS id, n.code, c.code AS "cowCode", n.sensor_id AS sensor,
              ${isoUtc('n.occurred_at')} AS time, n.read_at IS NOT NULL AS read
         FROM notices n LEFT JOIN cows c ON c.id = n.cow_id
        WHERE n.farm_id = $1 ORDER BY n.occurred_at DESC, n.id DESC LIMIT 30`,
      [farmId],
    ),
    db.query<FarmView['messages'][number]>(
      `SELECT m.id, u.username, m.message, ${isoUtc('m.created_at')} AS time
         FROM user_messages m JOIN users u ON u.id = m.user_id
        WHERE u.farm_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT 50`,
      [farmId],
    ),
  ]);
  return { farm, users, cows, gateways, sensors, notices, messages };
};
