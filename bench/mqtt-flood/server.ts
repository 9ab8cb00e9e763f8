// The server under attack for bench/mqtt-flood/run.ts, in a process of its own so its memory is measured
// alone: PGlite on disk, one bench farm of 1,000 cows with its gateway. Prints one JSON line when ready,
// then answers each line on its stdin (`reset`, `read`) with its memory peaks since the last reset, and
// stops when its stdin closes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import { buildApp } from '../../apps/server/src/app';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { runSeed } from '../../apps/server/src/seed/run-seed';
import { BENCH_COUNTRY, buildBenchFarms } from '../ingest/farm';
import { benchServerConfig } from '../server-config';

const runId = randomBytes(3).toString('hex');
const config = benchServerConfig(runId);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-flood-'));
const db = await openPgliteDatabase(dataDir);
await migrate(db);
await runSeed(db, { demo: false });
const [farm] = await buildBenchFarms(db, 1, 1_000);
if (!farm) throw new Error('bench farm missing');
const { app, services } = await buildApp(config, db);
await app.ready();

process.stdout.write(
  `${JSON.stringify({
    port: services.mqtt?.port,
    topic: readingsTopic(config.mqttTopicRoot, BENCH_COUNTRY, farm.farmNumber),
    gateway: farm.gateway,
  })}\n`,
);
/**
 * Sampled every 5 ms: the resident set, and what JavaScript holds (V8's heap and the buffers outside it),
 * which is where received packets and parsed readings live. The resident set also carries PGlite's
 * WebAssembly memory and whatever the allocator has not given back, so it starts at a level that differs
 * from run to run.
 */
const peaks = { residentMiB: 0, javascriptMiB: 0 };
const sample = () => {
  const usage = process.memoryUsage();
  peaks.residentMiB = Math.max(peaks.residentMiB, usage.rss / 2 ** 20);
  peaks.javascriptMiB = Math.max(peaks.javascriptMiB, (usage.heapUsed + usage.arrayBuffers) / 2 ** 20);
};
setInterval(sample, 5).unref();

const commands = createInterface({ input: process.stdin });
commands.on('line', (command) => {
  if (command === 'reset') Object.assign(peaks, { residentMiB: 0, javascriptMiB: 0 });
  sample();
  process.stdout.write(`${JSON.stringify(peaks)}\n`);
});
commands.on('close', () => {
  void app.close().then(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
