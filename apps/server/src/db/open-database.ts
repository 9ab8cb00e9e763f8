import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export const openDatabase = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> =>
  config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : openPgliteDatabase(path.join(config.dataDir, 'pglite'));
