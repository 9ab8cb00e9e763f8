// Benchmark of GET common/common/getCowsData for a 10,000-cow farm through the real app (app.inject: routing,
// authentication, scope check, SQL, presenter and response serialisation; no socket). Not a test: it
// writes its numbers to RESULTS.md next to this file. Run: npx tsx bench/cows-data/run.ts
// (set DATABASE_URL to also measure PostgreSQL, on a scratch database that is dropped afterwards).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { api } from '@cowcare/contract/api';
import { apiPath, fillPath } from '@cowcare/contract/route';
import { buildApp } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import { benchServerConfig } from '../server-config';
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { withScratchPostgres } from '../scratch-postgres';
import { runSeed } from '../../apps/server/src/seed/run-seed';
import { BENCH_FARM, BENCH_USER, buildBenchFarm } from './farm';
import { kib, mean, ms, percentile } from './stats';
import { describeMachine } from '../machine';

const COWS = 10_000;
const WARM_UP_CALLS = 5;
const MEASURED_CALLS = 50;

const config: Config = benchServerConfig(randomBytes(3).toString('hex'));

interface Result {
  database: string;
  buildSeconds: number;
  cows: number;
  latencies: number[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

const measure = async (label: string, db: Database): Promise<Result> => {
  const buildStart = performance.now();
  await migrate(db);
  await runSeed(db, { demo: false });
  await buildBenchFarm(db, COWS);
  const buildSeconds = (performance.now() - buildStart) / 1000;
  const { app } = await buildApp(config, db);
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: apiPath(api.auth.login), payload: BENCH_USER });
    const token = login.json<{ data: { token: string } }>().data.token;
    const url = apiPath({
      path: fillPath(api.cows.getCowsData.path, {
        country: BENCH_FARM.country,
        FarmNumber: BENCH_FARM.farmNumber,
      }),
    });
    const get = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (let call = 0; call < WARM_UP_CALLS; call += 1) await get();
    const latencies: number[] = [];
    let body = '';
    for (let call = 0; call < MEASURED_CALLS; call += 1) {
      const started = performance.now();
      const response = await get();
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`getCowsData answered ${response.statusCode}`);
      body = response.body;
    }
    const cows = JSON.parse(body) as { data: unknown[] };
    const raw = Buffer.from(body);
    console.log(
      `${label}: p50 ${ms(
        percentile(
          [...latencies].sort((a, b) => a - b),
          50,
        ),
      )} ms`,
    );
    return {
      database: `${label} (${await db.serverVersion()})`,
      buildSeconds,
      cows: cows.data.length,
      latencies: latencies.sort((a, b) => a - b),
      rawBytes: raw.length,
      gzipBytes: gzipSync(raw).length,
      brotliBytes: brotliCompressSync(raw).length,
    };
  } finally {
    await app.close();
  }
};

const row = (result: Result): string => {
  const latencies = result.latencies;
  return [
    result.database,
    String(result.cows),
    ms(percentile(latencies, 50)),
    ms(percentile(latencies, 90)),
    ms(percentile(latencies, 99)),
    ms(mean(latencies)),
    ms(latencies[0] ?? 0),
    ms(latencies.at(-1) ?? 0),
    `${result.rawBytes} (${kib(result.rawBytes)})`,
    `${result.gzipBytes} (${kib(result.gzipBytes)})`,
    `${result.brotliBytes} (${kib(result.brotliBytes)})`,
    result.buildSeconds.toFixed(1),
  ].join(' | ');
};

const report = (results: Result[], postgresSkipped: boolean): string => {
  return `# getCowsData benchmark (10,000-cow farm)

Written by \`npx tsx bench/cows-data/run.ts\`; numbers from one run, not a test.

- Date: ${new Date().toISOString()}
- Machine: ${describeMachine()}
- Node ${process.version}
- Method: a fresh database migrated and seeded with reference data, one farm of ${COWS.toLocaleString('en')} cows built by SQL (every 50th culled, every 25th without a sensor, neck and pill sensors, 3 cow types, readings and reproduction dates on every cow); then ${WARM_UP_CALLS} warm-up calls and ${MEASURED_CALLS} measured calls of \`GET /api/common/common/getCowsData/KR/${BENCH_FARM.farmNumber}\` in sequence through \`app.inject\` (authentication with the session check, scope check, SQL, presenter, schema serialisation; no network socket). Percentiles are nearest-rank over the ${MEASURED_CALLS} calls. Compressed sizes are what gzip/brotli (Node zlib, default levels) make of the same body; the server does not compress answers yet.

| database | cows | p50 ms | p90 ms | p99 ms | mean ms | min ms | max ms | raw bytes | gzip bytes | brotli bytes | farm build s |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${results.map((result) => `| ${row(result)} |`).join('\n')}
${postgresSkipped ? '\nPostgreSQL was not measured: DATABASE_URL was not set.\n' : ''}`;
};

const main = async (): Promise<void> => {
  const pglite = await openPgliteDatabase(undefined);
  const results = [await measure('PGlite', pglite).finally(() => pglite.close())];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) results.push(await withScratchPostgres(adminUrl, (db) => measure('PostgreSQL', db)));
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  writeFileSync(file, report(results, !adminUrl));
  console.log(`results written to ${file}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
