// Benchmark of POST gpko/herdhourly (the herd's hour-by-hour day) through the real app, against the herd
// aggregate that leaves the boluses' drinks in, as the call did before it read each bolus's readings to find
// her drinks. Run on the same farm and day in the same run, so the ratio is what leaving the drinks out costs.
// Not a test: it writes RESULTS.md next to this file. Run: npx tsx bench/herd-day/run.ts (set DATABASE_URL
// to also measure PostgreSQL, on a scratch database that is dropped afterwards).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { api } from '@cowcare/contract/api';
import { apiPath } from '@cowcare/contract/route';
import { buildApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { withScratchPostgres } from '../scratch-postgres';
import { runSeed } from '../../apps/server/src/seed/run-seed';
import { BENCH_FARM, BENCH_USER, buildBenchFarm } from '../cows-data/farm';
import { mean, ms, percentile } from '../cows-data/stats';
import { benchServerConfig } from '../server-config';
import { describeMachine } from '../machine';

const DAY = '2026-04-10';
const WARM_UP_CALLS = 3;
const MEASURED_CALLS = 20;

/**
 * A day of readings and the 3 hours before it for every sensor worn: collars at 38.5 °C ± 0.3, boluses at
 * 39.0 ± 0.2 with a drink every 160 minutes (nine a day, as a cow drinks), 2.5 °C down and back in 40
 * minutes; activity 5-15 a reading. Set-based SQL, seeded, so two runs write the same day.
 */
const writeDay = async (db: Database): Promise<number> => {
  await db.query('SELECT setseed(0.17)');
  const [written] = await db.query<{ count: number }>(
    `WITH inserted AS (
       INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity)
       SELECT c.farm_id, c.sensor_id, c.id, slot, at,
              CASE WHEN c.sensor_id >= 40000 THEN round((38.5 + (random() - 0.5) * 0.6)::numeric, 2)
                   ELSE round((39 + (random() - 0.5) * 0.4
                               - coalesce((ARRAY[2.5, 1.6, 0.9, 0.4])[1 + (slot + c.sensor_id) % 16], 0)
                              )::numeric, 2) END,
              round((5 + random() * 10)::numeric, 2)
         FROM cows c
        CROSS JOIN generate_series(0, 161) AS slot
        CROSS JOIN LATERAL (SELECT TIMESTAMPTZ '${DAY}T00:00:00Z' + (slot - 18) * interval '10 minutes' AS at) t
        WHERE c.sensor_id IS NOT NULL AND c.culled_at IS NULL
       RETURNING 1)
     SELECT count(*)::int AS count FROM inserted`,
  );
  return written?.count ?? 0;
};

/** The baseline: the herd's hours as one aggregate over every sensor's readings, drinks and all. */
const AGGREGATE_SQL = `
  WITH herd AS (SELECT sensor_id FROM cows WHERE farm_id = $1 AND sensor_id IS NOT NULL AND culled_at IS NULL),
  sensor_hours AS (
    SELECT r.sensor_id, floor((extract(epoch FROM r.measured_at)::float8 - $2::float8) / 3600)::int AS hour,
           avg(r.temperature) AS temp, avg(r.activity::numeric) * 6 AS activity
      FROM herd
      JOIN sensor_readings r
        ON r.farm_id = $1 AND r.sensor_id = herd.sensor_id AND r.measured_at >= $3 AND r.measured_at < $4
     GROUP BY r.sensor_id, hour)
  SELECT hours.hour, round(avg(temp), 2)::float8 AS temp, round(avg(activity), 2)::float8 AS activity,
         count(sensor_hours.sensor_id)::int AS sensors
    FROM generate_series(0, 23) AS hours (hour) LEFT JOIN sensor_hours ON sensor_hours.hour = hours.hour
   GROUP BY hours.hour ORDER BY hours.hour`;

interface Result {
  database: string;
  cows: number;
  readings: number;
  call: number[];
  aggregate: number[];
  /** The herd's mean temperature over the day: with the drinks left out, and with them in. */
  meanTemperature: { call: number; aggregate: number };
}

const timed = async (calls: number, run: () => Promise<unknown>): Promise<number[]> => {
  const samples: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
};

const dayMean = (hours: readonly { temp: number | null }[]) =>
  mean(hours.flatMap(({ temp }) => (temp === null ? [] : [temp])));

const measure = async (label: string, db: Database, cows: number): Promise<Result> => {
  await migrate(db);
  await runSeed(db, { demo: false });
  await buildBenchFarm(db, cows);
  const readings = await writeDay(db);
  const { app } = await buildApp(benchServerConfig(randomBytes(3).toString('hex')), db);
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: apiPath(api.auth.login), payload: BENCH_USER });
    const token = login.json<{ data: { token: string } }>().data.token;
    const [farm] = await db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
      BENCH_FARM.farmNumber,
    ]);
    const dayStart = Date.parse(`${DAY}T00:00:00Z`);
    const aggregate = () =>
      db.query<{ temp: number | null }>(AGGREGATE_SQL, [
        farm?.id,
        dayStart / 1000,
        new Date(dayStart).toISOString(),
        new Date(dayStart + 86_400_000).toISOString(),
      ]);
    const call = async () => {
      const response = await app.inject({
        method: 'POST',
        url: apiPath(api.charts.herdHourly),
        headers: { authorization: `Bearer ${token}` },
        payload: { city: BENCH_FARM.city, country: BENCH_FARM.country, timedate: DAY },
      });
      if (response.statusCode !== 200) throw new Error(`herdhourly answered ${response.statusCode}`);
      return response.json<{ data: { hours: { temp: number | null }[] } }>().data.hours;
    };
    const meanTemperature = { call: dayMean(await call()), aggregate: dayMean(await aggregate()) };
    await timed(WARM_UP_CALLS, call);
    await timed(WARM_UP_CALLS, aggregate);
    // Interleaved, so a slower stretch of the machine weighs on both alike.
    const callSamples: number[] = [];
    const aggregateSamples: number[] = [];
    for (let round = 0; round < MEASURED_CALLS; round += 1) {
      callSamples.push(...(await timed(1, call)));
      aggregateSamples.push(...(await timed(1, aggregate)));
    }
    const result: Result = {
      database: await db.serverVersion(),
      cows,
      readings,
      call: callSamples.sort((a, b) => a - b),
      aggregate: aggregateSamples.sort((a, b) => a - b),
      meanTemperature,
    };
    console.log(`${label}, ${cows} cows: ${row(result)}`);
    return result;
  } finally {
    await app.close();
  }
};

const withPglite = async (cows: number): Promise<Result> => {
  const db = await openPgliteDatabase(undefined);
  try {
    return await measure('PGlite', db, cows);
  } finally {
    await db.close();
  }
};

const row = (result: Result): string => {
  const p50 = (samples: number[]) => percentile(samples, 50);
  return [
    result.database,
    result.cows.toLocaleString('en'),
    result.readings.toLocaleString('en'),
    `${ms(p50(result.call))} / ${ms(percentile(result.call, 90))}`,
    `${ms(p50(result.aggregate))} / ${ms(percentile(result.aggregate, 90))}`,
    (p50(result.call) / p50(result.aggregate)).toFixed(2),
    result.meanTemperature.call.toFixed(2),
    result.meanTemperature.aggregate.toFixed(2),
  ].join(' | ');
};

const report = (results: Result[], postgresSkipped: boolean): string => {
  return `# herdhourly benchmark: the herd's day, a bolus's drinks left out

Written by \`npx tsx bench/herd-day/run.ts\`; numbers from one run, not a test.

- Date: ${new Date().toISOString()}
- Machine: ${describeMachine()}
- Node ${process.version}
- Method: a fresh database per farm, seeded with reference data; the farm of \`bench/cows-data\` (every 50th cow culled, every 25th without a sensor, the rest alternating neck collars and boluses); one day and the 3 hours before it of 10-minute readings for every sensor worn, a bolus drinking every 160 minutes (2.5 °C down, back in 40 minutes). Then ${WARM_UP_CALLS} warm-up and ${MEASURED_CALLS} measured calls of \`POST /api/gpko/herdhourly\` through \`app.inject\` (authentication, scope check, SQL, drink detection per bolus, serialisation), interleaved with as many runs of the baseline: the aggregate the call was before, every sensor's readings averaged in SQL, drinks and all, sent straight to the database. Percentiles are nearest-rank.

| database | cows | readings | herdhourly p50 / p90 ms | aggregate with the drinks in p50 / p90 ms | p50 ratio | herd's day mean °C, drinks out | the same, drinks in |
| --- | --- | --- | --- | --- | --- | --- | --- |
${results.map((result) => `| ${row(result)} |`).join('\n')}

The farm's collars read 38.5 °C and its boluses 39.0 °C outside their drinks (± noise), so the herd's day mean is 38.75 °C by construction: the last two columns show what each way reads of it.
${postgresSkipped ? '\nPostgreSQL was not measured: DATABASE_URL was not set.\n' : ''}`;
};

/** Herd sizes measured; PGlite, the embedded single-farm database, is spared the 10,000 cows. */
const PGLITE_SIZES = [200, 1_000];
const POSTGRES_SIZES = [200, 1_000, 10_000];

const main = async (): Promise<void> => {
  const results: Result[] = [];
  for (const cows of PGLITE_SIZES) results.push(await withPglite(cows));
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    for (const cows of POSTGRES_SIZES) {
      results.push(await withScratchPostgres(adminUrl, (db) => measure('PostgreSQL', db, cows)));
    }
  }
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  writeFileSync(file, report(results, !adminUrl));
  console.log(`results written to ${file}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
