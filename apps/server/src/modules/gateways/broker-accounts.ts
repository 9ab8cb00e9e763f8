import { readingsTopic } from '@cowcare/contract/routes/ingest';
import type { Queryable } from '../../db/database';

/**
 * A gateway's account on an external broker: its username, and the farm whose topic it may publish to.
 * The secret is never here: the server keeps only its hash, and hands it to the broker when it is made.
 */
export interface GatewayAccount {
  username: string;
  country: string;
  farmNumber: string;
}

/** What a full resync changed on the broker, for the log and the tests. */
export interface ResyncReport {
  createdRoles: number;
  deletedRoles: number;
  repairedRoles: number;
  deletedClients: string[];
  repairedClients: string[];
  /**
   * Gateways the broker had no account for (made before the broker was kept in step, or while it was lost).
   * Their secrets are known only as hashes, so their accounts are made disabled: the farm rotates the secret.
   */
  withoutSecret: string[];
}

/**
 * Gateway credentials kept in step on an external broker (issue 34), so the broker itself refuses a rotated
 * or deleted secret and confines each gateway to its farm's topic. Each call answers once the broker has
 * confirmed the change, and throws when it cannot (the caller then changes nothing of its own).
 */
export interface BrokerAccounts {
  /** Creates the gateway's account, or gives it a new secret; closes its open connections either way. */
  putGateway(account: GatewayAccount, secret: string): Promise<void>;
  /** Removes the account and closes its connections; no error when there is none. */
  removeGateway(username: string): Promise<void>;
  /** Makes the broker's accounts and farm roles those of `accounts`, at start. */
  resync(
    accounts: readonly GatewayAccount[],
    knownSecrets?: ReadonlyMap<string, string>,
  ): Promise<ResyncReport>;
  close(): Promise<void>;
}

/** The names this deployment owns on the broker; anything else there is the operator's and left alone. */
export interface ManagedNames {
  /** Roles named `{root}-farm-{country}-{farm number}`. */
  rolePrefix: string;
  /** The text description set on every gateway account the server makes. */
  clientDescription: string;
  roleOf(account: Pick<GatewayAccount, 'country' | 'farmNumber'>): string;
  /** The one topic a farm's gateways may publish to. */
  topicOf(account: Pick<GatewayAccount, 'country' | 'farmNumber'>): string;
}

export const managedNames = (topicRoot: string): ManagedNames => {
  const rolePrefix = `${topicRoot}-farm-`;
  return {
    rolePrefix,
    clientDescription: `${topicRoot} gateway`,
    roleOf: ({ country, farmNumber }) => `${rolePrefix}${country}-${farmNumber}`,
    topicOf: ({ country, farmNumber }) => readingsTopic(topicRoot, country, farmNumber),
  };
};

/** Every gateway of every farm, as the broker should know them. */
export const allGatewayAccounts = async (db: Queryable): Promise<GatewayAccount[]> =>
  db.query<GatewayAccount>(
    `SELECT g.username, f.country, f.farm_number AS "farmNumber"
       FROM gateways g JOIN farms f ON f.id = g.farm_id
      ORDER BY g.id`,
  );

export const gatewayAccountOf = async (
  db: Queryable,
  farmId: number,
  gatewayId: number,
): Promise<GatewayAccount | undefined> =>
  (
    await db.query<GatewayAccount>(
      `SELECT g.username, f.country, f.farm_number AS "farmNumber"
         FROM gateways g JOIN farms f ON f.id = g.farm_id
        WHERE g.farm_id = $1 AND g.id = $2`,
      [farmId, gatewayId],
    )
  )[0];
