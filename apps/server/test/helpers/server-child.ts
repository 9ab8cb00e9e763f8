// The real server (src/main.ts) in a process of its own, so a test can kill it as an operating system or an
// operator would (SIGKILL) and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Settings the test process may carry (CI exports DATABASE_URL, MQTT_URL, REDIS_URL, NATS_URL for the
 * suite) that must not leak into a child: each child gets exactly what its test gives it.
 */
const INHERITED_SETTINGS_TO_DROP = [
  'DATABASE_URL',
  'MQTT_URL',
  'BUS_URL',
  'REDIS_URL',
  'NATS_URL',
  'PORT',
  'MQTT_PORT',
  'DATA_DIR',
  'INGEST_CONCURRENCY',
  'INGEST_QUEUE_LIMIT',
  'TEST_DATABASE',
];

export interface ServerChild {
  readonly httpUrl: string;
  /** Everything it wrote to stdout and stderr so far (its log). */
  output(): string;
  /** SIGKILL, as a crash or the OOM killer: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful shutdown; answers the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerChildOptions {
  /** The server's settings (README's configuration table); PORT is chosen by the caller for restarts. */
  env: Record<string, string>;
  healthTimeoutMs?: number;
}

const exitOf = async (child: ChildProcess): Promise<number | null> => {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
};

const isHealthy = (httpUrl: string): Promise<boolean> =>
  fetch(`${httpUrl}/api/health`, { signal: AbortSignal.timeout(3_000) }).then(
    (response) => response.ok,
    () => false,
  );

/** Starts `src/main.ts` with `env` and waits until `/api/health` answers 200. */
export const startServerChild = async ({
  env,
  healthTimeoutMs = 60_000,
}: ServerChildOptions): Promise<ServerChild> => {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_TO_DROP) delete childEnv[name];
  const port = env.PORT;
  if (!port) throw new Error('startServerChild needs PORT, so a restart can reuse it');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...childEnv, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const httpUrl = `http://127.0.0.1:${port}`;
  const server: ServerChild = {
    httpUrl,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exitOf(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exitOf(child);
    },
  };
  const giveUpAt = Date.now() + healthTimeoutMs;
  while (!(await isHealthy(httpUrl))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > giveUpAt) {
      await server.kill();
      throw new Error(`the server was not healthy within ${healthTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return server;
};
