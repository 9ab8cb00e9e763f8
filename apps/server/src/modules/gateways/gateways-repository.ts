import type { Queryable } from '../../db/database';

/** Who a verified gateway publishes for: its farm, and the topic names that farm has. */
export interface GatewayIdentity {
  gatewayId: number;
  username: string;
  farmId: number;
  farmNumber: string;
  country: string;
}

interface GatewayRow extends GatewayIdentity {
  secretHash: string;
}

export const findGatewayByUsername = async (
  db: Queryable,
  username: string,
): Promise<GatewayRow | undefined> =>
  (
    await db.query<GatewayRow>(
      `SELECT g.id AS "gatewayId", g.username, g.secret_hash AS "secretHash", g.farm_id AS "farmId",
              f.farm_number AS "farmNumber", f.country
         FROM gateways g JOIN farms f ON f.id = g.farm_id
        WHERE g.username = $1`,
      [username],
    )
  )[0];

/** A gateway of the farm; `secretHash` is argon2id of its secret (never the secret itself). */
export const insertGateway = async (
  tx: Queryable,
  gateway: { farmId: number; username: string; secretHash: string },
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO gateways (farm_id, username, secret_hash) VALUES ($1, $2, $3) RETURNING id',
    [gateway.farmId, gateway.username, gateway.secretHash],
  );
  if (!row) throw new Error('gateway insert returned no id');
  return row.id;
};

/** Seen now: the sensor page and support can tell a silent gateway from a silent sensor. */
export const touchGateway = async (db: Queryable, gatewayId: number): Promise<void> => {
  await db.query('UPDATE gateways SET last_seen_at = now() WHERE id = $1', [gatewayId]);
};
