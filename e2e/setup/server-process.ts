import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  /** The broker the server reads gateway readings from: MQTT_URL's, else its own embedded one. */
  mqttUrl: string;
  /** This server's MQTT_TOPIC_ROOT; readings go to `{root}/{country}/{FarmNumber}/readings`. */
  mqttTopicRoot: string;
  stop(): Promise<void>;
}

let serversStarted = 0;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** A fresh PostgreSQL database beside DATABASE_URL's, so e2e runs never share state with other runs. */
const createScratchDatabase = async (adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> => {
  const name = `cowcare_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
};

const waitForHealth = async (baseUrl: string, child: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy within 60 s:\n${output()}`);
};

/** The real server (built web app, demo farm), on PostgreSQL when DATABASE_URL is set, else PGlite. */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const port = await freePort();
  // With MQTT_URL (CI's Mosquitto) every server subscribes there through a shared subscription, so each
  // needs its own topic root and share group, or the servers would split each other's messages. Without
  // it each server runs the embedded broker on a port chosen here, so the tests know where to publish.
  serversStarted += 1;
  const mqttName = `e2e_${process.pid}_${serversStarted}`;
  const externalMqttUrl = process.env.MQTT_URL || undefined;
  const mqttPort = externalMqttUrl ? undefined : await freePort();
  const mqttUrl = externalMqttUrl ?? `mqtt://127.0.0.1:${mqttPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cowcare-e2e-'));
  const database = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : undefined;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'on',
      // No live herd: the tests compare the screen with the API, and live readings would move the list
      // between the two. The main server's herd history is replayed once instead (demo-replay.ts).
      SIMULATOR: 'off',
      // A free port for the embedded MQTT broker: the default 1883 may be taken (a local broker, the
      // other e2e server), and two servers cannot share it. Unused with MQTT_URL.
      MQTT_PORT: String(mqttPort ?? 0),
      MQTT_TOPIC_ROOT: mqttName,
      MQTT_SHARE_GROUP: mqttName,
      // No periodic jobs unless asked for: without readings they have nothing to do.
      JOBS: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { baseUrl, mqttUrl, mqttTopicRoot: mqttName, stop: cleanUp };
};
