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

/** The secret hash a username has now; undefined once the gateway is deleted. */
export const currentSecretHash = async (db: Queryable, username: string): Promise<string | undefined> =>
  (
    await db.query<{ secretHash: string }>(
      'SELECT secret_hash AS "secretHash" FROM gateways WHERE username = $1',
      [username],
    )
  )[0]?.secretHash;

/**
 * A gateway of the farm; `secretHash` is argon2id of its secret (never the secret itself). `name` is the
 * farm's own name for it (its username when none is given).
 */
export const insertGateway = async (
  tx: Queryable,
  gateway: { farmId: number; username: string; secretHash: string; name?: string },
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO gateways (farm_id, username, secret_hash, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [gateway.farmId, gateway.username, gateway.secretHash, gateway.name ?? gateway.username],
  );
  if (!row) throw new Error('gateway insert returned no id');
  return row.id;
};

/**
 * Seen now, from `address`: the sensor page and support can tell a silent gateway from a silent sensor, and
 * the farm sees where its gateway logs in from.
 */
export const touchGateway = async (db: Queryable, gatewayId: number, address?: string): Promise<void> => {
  await db.query(
    'UPDATE gateways SET last_seen_at = now(), last_address = coalesce($2, last_address) WHERE id = $1',
    [gatewayId, address || null],
  );
};

/**
 * The farm's gateway when it has exactly one. Through an external broker the server learns a message's farm
 * from its topic but not which gateway sent it; a farm with one gateway (every farm while it sets up) can
 * still see it online, its traffic and its first reading. With several, none is guessed.
 */
export const soleGatewayOf = async (db: Queryable, farmId: number): Promise<GatewayIdentity | undefined> => {
  const rows = await db.query<GatewayIdentity>(
    `SELECT g.id AS "gatewayId", g.username, g.farm_id AS "farmId", f.farm_number AS "farmNumber", f.country
       FROM gateways g JOIN farms f ON f.id = g.farm_id
      WHERE g.farm_id = $1
      LIMIT 2`,
    [farmId],
  );
  return rows.length === 1 ? rows[0] : undefined;
};
