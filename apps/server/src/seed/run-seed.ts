import type { Database } from '../db/database';
import { writeDemoFarm, type DemoFarmOptions } from './demo-farm';
import { writeDemoGateway } from './demo-gateway';
import { writeDemoHerd } from './demo-herd';
import { writeDemoPasture } from './demo-pasture-seed';
import { writeDemoWallet } from './demo-wallet';
import { writeReferenceData } from './reference-data';

export interface SeedOptions extends DemoFarmOptions {
  /** Also seed the demo farm, its user, the support administrator and news (the `DEMO` setting). */
  demo: boolean;
}

/** Any fixed number: it serialises seed runs of several server instances starting on one PostgreSQL. */
const SEED_LOCK_KEY = 449_902;

/**
 * Seeds an install after `migrate`: reference data always, the demo farm when `demo` is on. All in one
 * transaction, and idempotent: a second run adds nothing and changes nothing.
 */
export const runSeed = (db: Database, options: SeedOptions): Promise<void> =>
  db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    await writeReferenceData(tx);
    if (options.demo) await writeDemoFarm(tx, options);
    if (options.demo) await writeDemoHerd(tx);
    if (options.demo) await writeDemoPasture(tx);
    if (options.demo) await writeDemoWallet(tx);
    if (options.demo) await writeDemoGateway(tx);
  });
