// A server instance in a process of its own: the real entry point (apps/server/src/main.ts), for a benchmark
// of several instances whose event loops must not share one thread.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/helpers/free-port';
import { sampleOf } from './server-metrics';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** One sample of its `/metrics` (open on loopback). */
  metric(name: string, labels?: string): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the server with `env` on a free port and waits for its health check. */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (waited > 60_000) {
      await stop();
      throw new Error(`the server was not up within 60 s:\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async metric(name, labels = '') {
      return sampleOf(await (await fetch(`${baseUrl}/metrics`)).text(), name, labels);
    },
    stop,
  };
};
