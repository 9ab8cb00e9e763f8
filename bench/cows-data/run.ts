// Benchmark of GET common/common/getCowsData for a 10,000-cow farm through the real app (app.inject: routing,
// authentication, scope check, the kept list caught up, the answer; no socket), against the farm read whole
// (what every call did before) in the same run. Not a test: it
// writes its numbers to RESULTS.md next to this file. Run: npx tsx bench/cows-data/run.ts
// (set DATABASE_URL to also measure PostgreSQL, on a scratch database that is dropped afterwards).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { get as httpGet } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
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
import { presentCow } from '../../apps/server/src/modules/cows/cow-presenter';
import { listCowsOfFarm } from '../../apps/server/src/modules/cows/cows-repository';
import { BENCH_FARM, BENCH_USER, buildBenchFarm } from './farm';
import { kib, mean, ms, percentile } from './stats';
import { describeMachine } from '../machine';

const COWS = 10_000;
const WARM_UP_CALLS = 5;
const MEASURED_CALLS = 50;
/** A live 10,000-cow farm: each cow reports every 10 minutes, about 17 cows a second; a call a second sees ~20. */
const COWS_CHANGED_PER_CALL = 20;
/** The spec's 30-minute refresh on a live farm: every cow reported since; a few such calls, each ~12 s. */
const REFRESH_CALLS = 5;

const config: Config = benchServerConfig(randomBytes(3).toString('hex'));

interface Scenario {
  name: string;
  latencies: number[];
  bytes: number;
  status: number;
}

interface Result {
  database: string;
  buildSeconds: number;
  cows: number;
  coldMs: number;
  scenarios: Scenario[];
  rawBytes: number;
  brotliBytes: number;
}

const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);

/** The farm read whole and presented, as every call did before the list was kept ready: the baseline. */
const readWhole = async (db: Database, farmId: number): Promise<string> => {
  const today = new Date();
  return JSON.stringify({
    success: true,
    data: (await listCowsOfFarm(db, farmId)).map((cow) => presentCow(cow, today)),
  });
};

/** Readings from a few cows: the row writes the ingest makes, so their stamps move. */
const someReadings = async (db: Database, farmId: number, call: number): Promise<void> => {
  await db.query(
    `UPDATE cows SET current_temperature = 38.2 + random(), current_activity = 40 + 30 * random(),
            last_reading_at = now()
      WHERE farm_id = $1 AND id IN (SELECT id FROM cows WHERE farm_id = $1 ORDER BY id OFFSET $2 LIMIT $3)`,
    [farmId, (call * COWS_CHANGED_PER_CALL * 37) % COWS, COWS_CHANGED_PER_CALL],
  );
};

/**
 * The farm was just built, so every cow is stamped now; a live farm's cows report every 10 minutes, so their
 * stamps are spread over the last 10 minutes (and a look's 60-second slack holds about a tenth of them).
 */
const spreadStamps = async (db: Database, farmId: number): Promise<void> => {
  await db.query('ALTER TABLE cows DISABLE TRIGGER cows_list_change');
  await db.query(
    `UPDATE cows SET list_changed_at = now() - random() * interval '10 minutes' WHERE farm_id = $1`,
    [farmId],
  );
  await db.query('ALTER TABLE cows ENABLE TRIGGER cows_list_change');
};

/** The harness's own cost: app.inject of a ready 7 MB buffer from a bare Fastify route, no work behind it. */
const injectFloor = async (bytes: number): Promise<Scenario> => {
  const bare = Fastify();
  const body = Buffer.alloc(bytes, 'a');
  bare.get('/list', async (_request, reply) => reply.type('application/json').send(body));
  await bare.ready();
  const latencies: number[] = [];
  for (let call = 0; call < WARM_UP_CALLS + MEASURED_CALLS; call += 1) {
    const started = performance.now();
    await bare.inject({ method: 'GET', url: '/list' });
    if (call >= WARM_UP_CALLS) latencies.push(performance.now() - started);
  }
  await bare.close();
  return {
    name: 'floor: app.inject of a ready 7 MB buffer, bare Fastify',
    latencies: sorted(latencies),
    bytes,
    status: 200,
  };
};

/** One GET over a real loopback socket, the body read to its end (not decompressed). */
const overSocket = (
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number }> =>
  new Promise((resolve, reject) => {
    const request = httpGet(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });

const measure = async (label: string, db: Database): Promise<Result> => {
  const buildStart = performance.now();
  await migrate(db);
  await runSeed(db, { demo: false });
  await buildBenchFarm(db, COWS);
  const buildSeconds = (performance.now() - buildStart) / 1000;
  const [farm] = await db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
    BENCH_FARM.farmNumber,
  ]);
  if (!farm) throw new Error('bench farm missing');
  await spreadStamps(db, farm.id);
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
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

    const coldStart = performance.now();
    const first = await get();
    const coldMs = performance.now() - coldStart;
    const etag = String(first.headers.etag);

    const run = async (
      name: string,
      headers: Record<string, string>,
      before?: (call: number) => Promise<void>,
    ): Promise<Scenario> => {
      const latencies: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let call = 0; call < WARM_UP_CALLS + MEASURED_CALLS; call += 1) {
        await before?.(call);
        const started = performance.now();
        const response = await get(headers);
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200 && response.statusCode !== 304) {
          throw new Error(`getCowsData answered ${response.statusCode}`);
        }
        if (call >= WARM_UP_CALLS) latencies.push(elapsed);
        bytes = response.rawPayload.length;
        status = response.statusCode;
      }
      console.log(`${label} ${name}: p50 ${ms(percentile(sorted(latencies), 50))} ms`);
      return { name, latencies: sorted(latencies), bytes, status };
    };

    const baseline: Scenario = {
      name: 'baseline: read whole and present (before)',
      latencies: [],
      bytes: 0,
      status: 200,
    };
    for (let call = 0; call < WARM_UP_CALLS + MEASURED_CALLS; call += 1) {
      const started = performance.now();
      const body = await readWhole(db, farm.id);
      if (call >= WARM_UP_CALLS) baseline.latencies.push(performance.now() - started);
      baseline.bytes = Buffer.byteLength(body);
    }
    baseline.latencies = sorted(baseline.latencies);

    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = async (name: string, headers: Record<string, string>): Promise<Scenario> => {
      const latencies: number[] = [];
      let last = { status: 0, bytes: 0 };
      for (let call = 0; call < WARM_UP_CALLS + MEASURED_CALLS; call += 1) {
        await someReadings(db, farm.id, call);
        const started = performance.now();
        last = await overSocket(`${base}${url}`, { authorization: `Bearer ${token}`, ...headers });
        if (call >= WARM_UP_CALLS) latencies.push(performance.now() - started);
      }
      console.log(`${label} ${name}: p50 ${ms(percentile(sorted(latencies), 50))} ms`);
      return { name, latencies: sorted(latencies), ...last };
    };

    /**
     * Every cow written (as after 30 minutes of readings), then a wait for the background catch-up (every
     * 10 s) before the call: what a farmer's refresh of a live farm finds.
     */
    const refreshAfterEveryCowReported = async (): Promise<Scenario> => {
      const latencies: number[] = [];
      let last = { status: 0, bytes: 0 };
      for (let call = 0; call < REFRESH_CALLS; call += 1) {
        await db.query(
          'UPDATE cows SET current_temperature = 38.2 + random(), last_reading_at = now() WHERE farm_id = $1',
          [farm.id],
        );
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        const started = performance.now();
        const response = await get({ 'accept-encoding': 'gzip' });
        latencies.push(performance.now() - started);
        last = { status: response.statusCode, bytes: response.rawPayload.length };
      }
      const name = `live farm, gzip, refresh after every cow reported (${REFRESH_CALLS} calls)`;
      console.log(`${label} ${name}: p50 ${ms(percentile(sorted(latencies), 50))} ms`);
      return { name, latencies: sorted(latencies), ...last };
    };

    const scenarios = [
      baseline,
      await injectFloor(baseline.bytes),
      await run('quiet farm, plain', {}),
      await run('quiet farm, gzip', { 'accept-encoding': 'gzip' }),
      await run('quiet farm, browser (gzip, deflate, br)', { 'accept-encoding': 'gzip, deflate, br' }),
      await run('quiet farm, refresh with ETag', { 'if-none-match': etag }),
      await run('live farm, plain', {}, (call) => someReadings(db, farm.id, call)),
      await run('live farm, gzip', { 'accept-encoding': 'gzip' }, (call) => someReadings(db, farm.id, call)),
      await socket('live farm, plain, over a loopback socket', {}),
      await socket('live farm, gzip, over a loopback socket', { 'accept-encoding': 'gzip' }),
      // last: for a minute after every cow was written, each look reads the whole herd's stamps (its slack)
      await refreshAfterEveryCowReported(),
    ];
    const raw = Buffer.from((await get()).body);
    const cows = JSON.parse(raw.toString()) as { data: unknown[] };
    if (raw.toString() !== (await readWhole(db, farm.id))) {
      throw new Error('the kept list differs from the farm read whole');
    }
    return {
      database: `${label} (${await db.serverVersion()})`,
      buildSeconds,
      cows: cows.data.length,
      coldMs,
      scenarios,
      rawBytes: raw.length,
      brotliBytes: brotliCompressSync(raw).length,
    };
  } finally {
    await app.close();
  }
};

const row = (database: string, scenario: Scenario, baselineP50: number): string => {
  const latencies = scenario.latencies;
  return [
    database,
    scenario.name,
    ms(percentile(latencies, 50)),
    ms(percentile(latencies, 90)),
    ms(percentile(latencies, 99)),
    ms(mean(latencies)),
    ms(latencies.at(-1) ?? 0),
    `${(baselineP50 / percentile(latencies, 50)).toFixed(0)}×`,
    `${scenario.status} ${scenario.bytes} (${kib(scenario.bytes)})`,
  ].join(' | ');
};

const report = (results: Result[], postgresSkipped: boolean): string => {
  const rows = results.flatMap((result) => {
    const baselineP50 = percentile(result.scenarios[0]?.latencies ?? [1], 50);
    return result.scenarios.map((scenario) => `| ${row(result.database, scenario, baselineP50)} |`);
  });
  return `# getCowsData benchmark (10,000-cow farm)

Written by \`npx tsx bench/cows-data/run.ts\`; numbers from one run, not a test.

- Date: ${new Date().toISOString()}
- Machine: ${describeMachine()}
- Node ${process.version}
- Method: a fresh database migrated and seeded with reference data, one farm of ${COWS.toLocaleString('en')} cows built by SQL (every 50th culled, every 25th without a sensor, neck and pill sensors, 3 cow types, readings and reproduction dates on every cow); then, per scenario, ${WARM_UP_CALLS} warm-up calls and ${MEASURED_CALLS} measured calls of \`GET /api/common/common/getCowsData/KR/${BENCH_FARM.farmNumber}\` in sequence through \`app.inject\` (authentication with the session check, scope check, the kept list brought up to date, the answer; no network socket). Percentiles are nearest-rank over the ${MEASURED_CALLS} calls.
- Scenarios: the **baseline** is what every call did before (the farm read whole with \`listCowsOfFarm\`, presented and stringified), timed in the same run; "× baseline" is its p50 over the scenario's. A **quiet farm** has no cow written between calls; a **live farm** has ${COWS_CHANGED_PER_CALL} cows' readings written before each call (not timed): a 10,000-cow farm whose cows report every 10 minutes writes about 17 a second. **gzip** sends \`accept-encoding: gzip\`: the answer is the kept gzip, only changed pieces compressed again. **Browser** sends what Chromium sends: brotli once it is made for the version (in the background, first asked for by the warm-up), gzip until then. **Refresh with ETag** sends the first answer's ETag back (304, no body). **Refresh after every cow reported**: all 10,000 cows written, then 12 s (the background catch-up runs every 10 s and takes well under 2 s), then one call; ${REFRESH_CALLS} such calls, so its p99 is their maximum.
- The first call after a start reads the farm whole (cold): ${results.map((result) => `${result.database.split(' ')[0]} ${ms(result.coldMs)} ms`).join(', ')}; so does the first call of a new UTC day.
- Before measuring, the cows' change stamps are spread over the last 10 minutes, as on a live farm whose cows report every 10 minutes (the farm was just built, so all were stamped at once): each look reads the stamps of its last 60 seconds.
- The **floor** is the harness's own cost for an answer this size: \`app.inject\` of a ready buffer from a bare Fastify route, no database, no work. The plain answers through \`app.inject\` cannot go below it; over a real socket they do.
- After the runs the kept list was checked byte for byte against the farm read whole.

| database | scenario | p50 ms | p90 ms | p99 ms | mean ms | max ms | × baseline (p50) | last answer: status, bytes |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Plain answer ${results[0]?.rawBytes ?? 0} bytes (${kib(results[0]?.rawBytes ?? 0)}); brotli at its best quality would make ${results[0]?.brotliBytes ?? 0} bytes (${kib(results[0]?.brotliBytes ?? 0)}) of it. Gzip from pieces compressed apart (apps/server/src/http/gzip-pieces.ts) is ready at once; brotli (quality 5) is made in the background per version and answered once there.
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
