import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { DEMO_GATEWAY_SECRET, DEMO_GATEWAY_USERNAME } from '../../seed/demo-gateway';
import { verifyPassword } from '../auth/passwords';
import { allGatewayAccounts, managedNames, type BrokerAccounts } from './broker-accounts';
import { currentSecretHash } from './gateways-repository';
import { MosquittoDynamicSecurity } from './mosquitto-dynamic-security';

/**
 * The one secret the server knows in clear: the demo gateway's, while the farm has not rotated it. Every
 * other account the broker lacks can only be made disabled, since the server keeps secrets as hashes.
 */
const knownSecrets = async (db: Queryable): Promise<Map<string, string>> => {
  const hash = await currentSecretHash(db, DEMO_GATEWAY_USERNAME);
  const demoUnchanged = hash !== undefined && (await verifyPassword(hash, DEMO_GATEWAY_SECRET));
  return new Map(demoUnchanged ? [[DEMO_GATEWAY_USERNAME, DEMO_GATEWAY_SECRET]] : []);
};

/**
 * At start, with MQTT_DYNSEC_URL: connects to the broker's dynamic-security plugin and makes its gateway
 * accounts those of the table. A broker that cannot be kept in step stops the start, as a missing broker does:
 * running on would leave rotated secrets working there.
 */
export const startBrokerAccounts = async (
  config: Pick<Config, 'mqttDynsecUrl' | 'mqttTopicRoot'>,
  db: Queryable,
  log: FastifyBaseLogger,
): Promise<BrokerAccounts | undefined> => {
  if (!config.mqttDynsecUrl) return undefined;
  const accounts = await MosquittoDynamicSecurity.connect(
    config.mqttDynsecUrl,
    managedNames(config.mqttTopicRoot),
  ).catch((error: unknown) => {
    throw new Error(
      `MQTT_DYNSEC_URL: cannot reach the broker's dynamic-security plugin (${String(error)}); ` +
        'see docs/operations.md, "Gateway accounts on Mosquitto"',
    );
  });
  try {
    const report = await accounts.resync(await allGatewayAccounts(db), await knownSecrets(db));
    log.info(report, 'gateways: broker accounts in step with the gateway table');
    if (report.withoutSecret.length > 0) {
      log.warn(
        { gateways: report.withoutSecret },
        'gateways: the broker had no account for these gateways; made disabled until the farm rotates the secret',
      );
    }
    return accounts;
  } catch (error) {
    await accounts.close();
    throw error;
  }
};
