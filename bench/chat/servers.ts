// The servers under test: the real entry point (apps/server/src/main.ts) in processes of their own, on PGlite
// or a scratch PostgreSQL database, one instance or two on a Redis bus; and the support agent the operator's
// command makes before they start (PGlite is held by the running server).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ServerStore } from '../../apps/server/test/crash-fixtures';
import { freePort } from '../../apps/server/test/helpers/free-port';
import { startServerChild, type ServerChild } from '../../apps/server/test/helpers/server-child';
import { openBenchStore } from '../surge/load';
import { inspectorOption } from './inspector';
import { databaseOf } from './postgres-cpu';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Topology = 'pglite' | 'postgres' | 'scale';

export const SUPPORT_AGENT = { username: 'chat-bench-agent', password: randomBytes(12).toString('hex') };

export interface ServerInstance extends ServerChild {
  /** Its inspector's port, for a full garbage collection before a memory reading. */
  inspectorPort: number;
}

export interface ServerSet {
  instances: ServerInstance[];
  database: 'PGlite' | 'PostgreSQL';
  /** The scratch PostgreSQL database's name, to find its backends' CPU (postgres-cpu.ts). */
  postgresDatabase?: string;
  stop(): Promise<void>;
}

/** This process's environment without a database of its own: the store names the one to use. */
const inheritedEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};

/** `npm run support-account -- add`, as an operator makes an agent (decision 0020). */
const addSupportAgent = async (store: ServerStore): Promise<void> => {
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/support-account.ts',
      'add',
      SUPPORT_AGENT.username,
      '--name',
      'Chat Bench',
    ],
    {
      cwd: repositoryRoot,
      env: { ...inheritedEnv(), ...store.env, SUPPORT_PASSWORD: SUPPORT_AGENT.password },
    },
  );
};

/**
 * Starts the servers of `topology`: PGlite on disk or PostgreSQL, one instance with the in-process bus, or
 * (`scale`) two on PostgreSQL with REDIS_URL's Redis as the bus, sharing one token secret as a deployment does.
 */
export const startServers = async (topology: Topology, runId: string): Promise<ServerSet> => {
  const store = await openBenchStore(topology !== 'pglite');
  const instances: ServerInstance[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await store.remove();
  };
  try {
    await addSupportAgent(store);
    const shared = {
      ...store.env,
      // Each instance's embedded broker on a free port: the chat does not use MQTT.
      MQTT_PORT: '0',
      DEMO: 'off',
      SIMULATOR: 'off',
      JOBS: 'off',
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      BUS_CHANNEL: `cowcare-chat-bench.${runId}`,
      ...(topology === 'scale' ? { BUS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    };
    for (let index = 0; index < (topology === 'scale' ? 2 : 1); index += 1) {
      const inspectorPort = await freePort();
      const child = await startServerChild({
        env: {
          ...shared,
          PORT: String(await freePort()),
          INSTANCE_NAME: `chat-bench-${runId}-${index + 1}`,
          NODE_OPTIONS: inspectorOption(inspectorPort),
        },
      });
      instances.push(Object.assign(child, { inspectorPort }));
    }
    const url = store.env.DATABASE_URL;
    return {
      instances,
      database: url ? 'PostgreSQL' : 'PGlite',
      ...(url ? { postgresDatabase: databaseOf(url) } : {}),
      stop,
    };
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.kill()));
    await store.remove();
    throw error;
  }
};
