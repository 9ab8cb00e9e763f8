import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { summarizeDataRepairs } from './db/data-repairs';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { runSeed } from './seed/run-seed';
import { startSimulator } from './simulator/start-simulator';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const start = async (): Promise<void> => {
  const config = loadConfig(process.env, { webDistDir: DEFAULT_WEB_DIST });
  const db = await openDatabase(config);
  const { app, services } = await buildApp(config, db);
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
    const repairs = await summarizeDataRepairs(db, applied);
    if (repairs.length > 0) {
      app.log.warn({ repairs }, 'stored rows out of range were repaired; the originals are in data_repairs');
    }
    await runSeed(db, { demo: config.demo });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'start failed');
    await app.close();
    await db.close();
    process.exit(1);
  }
  app.log.info({ database: db.kind, demo: config.demo }, `CowCare is up on http://localhost:${config.port}`);
  if (config.busUrl && !process.env.TOKEN_SECRET) {
    // A bus means several instances; each would sign with its own generated key and refuse the others' tokens.
    app.log.warn(
      'TOKEN_SECRET is not set: give every instance the same one, or a login works on one instance only',
    );
  }
  app.log.info(
    { mqtt: services.mqtt?.mode, mqttPort: services.mqtt?.port, bus: services.bus.kind },
    'sensor ingest is up',
  );
  // The simulator talks to the port the embedded broker really got, which may not be MQTT_PORT's default.
  if (config.simulator && config.demo) {
    startSimulator({ ...config, mqttPort: services.mqtt?.port ?? config.mqttPort }, app.log);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal },
      'shutting down: finishing requests, stopping MQTT and the jobs, closing sockets, the bus and the database',
    );
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
