import type { Queryable } from '../db/database';
import { hashPassword } from '../modules/auth/passwords';
import { insertGateway } from '../modules/gateways/gateways-repository';
import { DEMO_FARM_NUMBER } from './demo-credentials';

// The demo farm's gateway, as written in the README; the simulator publishes as it. Demo installs only.
export const DEMO_GATEWAY_USERNAME = 'demo-gw';
export const DEMO_GATEWAY_SECRET = 'demo-gw-secret';

/** Idempotent: an existing gateway is left alone, so a changed secret survives a restart. */
export const writeDemoGateway = async (tx: Queryable): Promise<void> => {
  const existing = await tx.query('SELECT 1 FROM gateways WHERE username = $1', [DEMO_GATEWAY_USERNAME]);
  if (existing.length > 0) return;
  const [farm] = await tx.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    DEMO_FARM_NUMBER,
  ]);
  if (!farm) throw new Error('the demo gateway needs the demo farm');
  await insertGateway(tx, {
    farmId: farm.id,
    username: DEMO_GATEWAY_USERNAME,
    secretHash: await hashPassword(DEMO_GATEWAY_SECRET),
  });
};
