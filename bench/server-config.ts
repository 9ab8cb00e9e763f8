import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../apps/server/src/config';
import { DEFAULT_INGEST_CONCURRENCY } from '../apps/server/src/ingest/ingest-service';

/**
 * The configuration of an in-process benchmark server, through the server's own loader so every setting
 * keeps its default: no demo, simulator or jobs, a free MQTT port, the in-process bus, silent logs, and
 * topic, share group and channel names of this run alone so runs never collide on a shared broker.
 */
export const benchServerConfig = (runId: string, overrides: Record<string, string> = {}): Config =>
  loadConfig({
    HOST: '127.0.0.1',
    DATA_DIR: path.join(os.tmpdir(), `cowcare-bench-${runId}`),
    DEMO: 'off',
    SIMULATOR: 'off',
    JOBS: 'off',
    MQTT_PORT: '0',
    // Every gateway of a benchmark connects from this machine's one address.
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    MIN_APP_VERSION_CODE: '150',
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    MQTT_TOPIC_ROOT: `cowcare-bench-${runId}`,
    MQTT_SHARE_GROUP: `cowcare-bench-${runId}`,
    INSTANCE_NAME: `bench-${runId}`,
    BUS_CHANNEL: `cowcare-bench.${runId}`,
    ...overrides,
  });

/** For a report: what the server writes at once on each database (`DEFAULT_INGEST_CONCURRENCY`). */
export const defaultIngestConcurrencies = `${DEFAULT_INGEST_CONCURRENCY.pglite} on PGlite, ${DEFAULT_INGEST_CONCURRENCY.postgres} on PostgreSQL`;
