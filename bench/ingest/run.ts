// Ingest benchmark: readings per second through MQTT into the database (the whole pipeline: parse, validate,
// resolve sensors, multi-row insert, cow state, publish), beside a raw multi-row INSERT of the same rows into
// the same table in the same run. Not a test: it writes RESULTS.md next to this file.
// Run: npx tsx bench/ingest/run.ts   (DATABASE_URL: also PostgreSQL, on a scratch database dropped after;
// MQTT_URL: also through that external broker with the shared subscription)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import { buildApp } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import { benchServerConfig, defaultIngestConcurrencies } from '../server-config';
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { DEFAULT_INGEST_CONCURRENCY } from '../../apps/server/src/ingest/ingest-service';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { withScratchPostgres } from '../scratch-postgres';
import { runSeed } from '../../apps/server/src/seed/run-seed';
import { BENCH_COUNTRY, buildBenchFarms, type BenchFarm } from './farm';
import { firstRoundAt, roundBatch, type BenchReading } from './readings';
import { describeMachine } from '../machine';

const FARMS = 20;
const COWS_PER_FARM = 1_000;
/** QoS 1 messages each gateway may have unacknowledged (its in-flight window). */
const WINDOW = 4;
const RUN_ID = randomBytes(3).toString('hex');

/** The server's settings as shipped; its ingest concurrency is its database's default. */
const baseConfig: Config = benchServerConfig(RUN_ID, { INGEST_QUEUE_LIMIT: '32' });

/** One farm's round: what its gateway sends as one MQTT message. */
interface Message {
  farm: BenchFarm;
  readings: BenchReading[];
  /** The readings as the gateway sends them, encoded before the clock starts (a gateway's own work). */
  payload: string;
}

interface Rate {
  readings: number;
  seconds: number;
}
const perSecond = (rate: Rate) => rate.readings / rate.seconds;
const readingCount = (messages: readonly Message[]) =>
  messages.reduce((sum, message) => sum + message.readings.length, 0);

/** Runs `jobs` with at most `limit` at a time. */
const pool = async (limit: number, jobs: (() => Promise<void>)[]): Promise<void> => {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]?.();
  };
  await Promise.all(Array.from({ length: limit }, worker));
};

type RawForm = 'values' | 'unnest';

/** The baseline: the same rows with their cows, one multi-row INSERT per message, nothing else. */
const rawInsert = async (
  db: Database,
  messages: readonly Message[],
  cowIds: ReadonlyMap<string, number>,
  form: RawForm,
): Promise<Rate> => {
  const insert = async ({ farm, readings }: Message) => {
    const cowOf = (reading: BenchReading) => cowIds.get(`${farm.farmId}:${reading.sensor}`) ?? null;
    if (form === 'unnest') {
      await db.query(
        `INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::numeric[], $7::numeric[])
         ON CONFLICT DO NOTHING`,
        [
          farm.farmId,
          readings.map((r) => r.sensor),
          readings.map(cowOf),
          readings.map((r) => r.num),
          readings.map((r) => r.timedate),
          readings.map((r) => r.temp),
          readings.map((r) => r.activity),
        ],
      );
      return;
    }
    const params: unknown[] = [farm.farmId];
    const tuples = readings.map((r) => {
      const at = params.length;
      params.push(r.sensor, cowOf(r), r.num, r.timedate, r.temp, r.activity);
      return `($1, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`;
    });
    await db.query(
      `INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity)
       VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
      params,
    );
  };
  const started = performance.now();
  // As many at once as the server writes on this database.
  await pool(
    DEFAULT_INGEST_CONCURRENCY[db.kind],
    messages.map((message) => () => insert(message)),
  );
  const seconds = (performance.now() - started) / 1000;
  await expectStored(db, readingCount(messages));
  return { readings: readingCount(messages), seconds };
};

const expectStored = async (db: Database, expected: number) => {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM sensor_readings');
  if (row?.count !== expected) throw new Error(`expected ${expected} readings stored, found ${row?.count}`);
};

/**
 * Back to the same start before every run, so each writes the same rows into the same table: no readings,
 * and every sensor online with its last reading just before the first round (farms in steady state).
 */
const resetReadings = async (db: Database, firstRound: number) => {
  await db.query('TRUNCATE sensor_readings');
  await db.query('DELETE FROM notices');
  await db.query(
    `UPDATE cows SET sensor_online = true, last_reading_at = $1::timestamptz - interval '10 minutes',
                     current_temperature = NULL, average_temperature = NULL, current_activity = NULL,
                     average_activity = NULL`,
    [new Date(firstRound).toISOString()],
  );
  await db.query('VACUUM ANALYZE cows');
  await db.query('ANALYZE sensor_readings');
};

const topicOf = (farm: BenchFarm) => readingsTopic(baseConfig.mqttTopicRoot, BENCH_COUNTRY, farm.farmNumber);

/** Each gateway sends its farm's rounds in order, with up to WINDOW messages unacknowledged. */
const publishAll = async (clients: ReadonlyMap<number, MqttClient>, messages: readonly Message[]) => {
  const byFarm = new Map<number, Message[]>();
  for (const message of messages) {
    byFarm.set(message.farm.farmId, [...(byFarm.get(message.farm.farmId) ?? []), message]);
  }
  await Promise.all(
    [...byFarm].map(([farmId, own]) => {
      const client = clients.get(farmId);
      if (!client) throw new Error(`no gateway connection for farm ${farmId}`);
      const sends = own.map(({ farm, readings }) => ({
        topic: topicOf(farm),
        payload: JSON.stringify(readings),
      }));
      return pool(
        WINDOW,
        sends.map(({ topic, payload }) => async () => {
          await client.publishAsync(topic, payload, { qos: 1 });
        }),
      );
    }),
  );
};

const connectGateways = async (url: string, farms: readonly BenchFarm[], options: mqtt.IClientOptions) =>
  new Map(
    await Promise.all(
      farms.map(async (farm): Promise<[number, MqttClient]> => [
        farm.farmId,
        await mqtt.connectAsync(url, {
          reconnectPeriod: 0,
          clientId: `bench-${RUN_ID}-${farm.farmId}`,
          ...options,
        }),
      ]),
    ),
  );

/** Embedded broker: the clock stops at the last PUBACK, which the broker sends after the commit. */
const throughEmbeddedBroker = async (
  db: Database,
  farms: readonly BenchFarm[],
  messages: readonly Message[],
): Promise<Rate> => {
  const { app, services } = await buildApp(baseConfig, db);
  await app.ready();
  try {
    const url = `mqtt://127.0.0.1:${services.mqtt?.port}`;
    // Each gateway logs in with its own credentials (Aedes speaks MQTT 3.1.1).
    const clients = new Map<number, MqttClient>();
    for (const farm of farms) {
      const connected = await connectGateways(url, [farm], {
        username: farm.gateway.username,
        password: farm.gateway.secret,
        protocolVersion: 4,
      });
      for (const [farmId, client] of connected) clients.set(farmId, client);
    }
    const started = performance.now();
    await publishAll(clients, messages);
    const seconds = (performance.now() - started) / 1000;
    await Promise.all([...clients.values()].map((client) => client.endAsync()));
    return { readings: services.ingest.stats.stored, seconds };
  } finally {
    await app.close();
  }
};

/** External broker: acks come from the broker, so the clock stops when the last reading is stored. */
const throughExternalBroker = async (
  db: Database,
  url: string,
  farms: readonly BenchFarm[],
  messages: readonly Message[],
): Promise<Rate> => {
  const { app, services } = await buildApp({ ...baseConfig, mqttUrl: url }, db);
  await app.ready();
  try {
    const clients = await connectGateways(url, farms, { protocolVersion: 5 });
    const total = readingCount(messages);
    const started = performance.now();
    await publishAll(clients, messages);
    while (services.ingest.stats.stored + services.ingest.stats.duplicate < total) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all([...clients.values()].map((client) => client.endAsync()));
    return { readings: services.ingest.stats.stored, seconds };
  } finally {
    await app.close();
  }
};

interface Result {
  label: 'PGlite' | 'PostgreSQL';
  database: string;
  readings: number;
  rawValues: Rate;
  rawUnnest: Rate;
  embedded: Rate;
  external: Rate | undefined;
}

const messagesOf = (farms: readonly BenchFarm[], rounds: number, start: number): Message[] =>
  Array.from({ length: rounds }, (_, round) =>
    farms.map((farm, index) => {
      const readings = roundBatch(COWS_PER_FARM, round, start, index);
      return { farm, readings, payload: JSON.stringify(readings) };
    }),
  ).flat();

const measure = async (label: Result['label'], db: Database, rounds: number): Promise<Result> => {
  await migrate(db);
  await runSeed(db, { demo: false });
  const farms = await buildBenchFarms(db, FARMS, COWS_PER_FARM);
  const cows = await db.query<{ id: number; farmId: number; sensor: number }>(
    'SELECT id, farm_id AS "farmId", sensor_id AS sensor FROM cows',
  );
  const cowIds = new Map(cows.map((cow) => [`${cow.farmId}:${cow.sensor}`, cow.id]));
  const start = firstRoundAt(rounds + 1);
  const warmUp = messagesOf(farms, 1, start);
  const messages = messagesOf(farms, rounds, start + 10 * 60_000);
  const total = readingCount(messages);
  // Warm-up: one round through each path, so no run pays for first-use compilation and caches.
  await resetReadings(db, start);
  await rawInsert(db, warmUp, cowIds, 'values');
  await resetReadings(db, start);
  await throughEmbeddedBroker(db, farms, warmUp);

  await resetReadings(db, start);
  const rawValues = await rawInsert(db, messages, cowIds, 'values');
  console.log(`${label}: raw INSERT … VALUES ${perSecond(rawValues).toFixed(0)}/s`);
  await resetReadings(db, start);
  const embedded = await throughEmbeddedBroker(db, farms, messages);
  await expectStored(db, total);
  console.log(`${label}: MQTT (embedded broker) ${perSecond(embedded).toFixed(0)}/s`);
  await resetReadings(db, start);
  const rawUnnest = await rawInsert(db, messages, cowIds, 'unnest');
  console.log(`${label}: raw INSERT … SELECT unnest ${perSecond(rawUnnest).toFixed(0)}/s`);
  let external: Rate | undefined;
  const mqttUrl = process.env.MQTT_URL;
  if (mqttUrl) {
    await resetReadings(db, start);
    external = await throughExternalBroker(db, mqttUrl, farms, messages);
    await expectStored(db, total);
    console.log(`${label}: MQTT (external broker) ${perSecond(external).toFixed(0)}/s`);
  }
  return {
    label,
    database: await db.serverVersion(),
    readings: total,
    rawValues,
    rawUnnest,
    embedded,
    external,
  };
};

const rate = (value: Rate | undefined) =>
  value ? `${Math.round(perSecond(value)).toLocaleString('en')} (${value.seconds.toFixed(2)} s)` : 'not run';
const share = (part: Rate | undefined, whole: Rate) =>
  part ? `${Math.round((perSecond(part) / perSecond(whole)) * 100)} %` : '–';

const loadAverage = () => os.loadavg()[0]?.toFixed(2) ?? '?';

const report = (results: Result[], postgresSkipped: boolean, loadAtStart: string): string => {
  const rows = results.map((result) =>
    [
      result.database,
      result.readings.toLocaleString('en'),
      rate(result.embedded),
      rate(result.external),
      rate(result.rawValues),
      rate(result.rawUnnest),
      share(result.embedded, result.rawValues),
      share(result.embedded, result.rawUnnest),
    ].join(' | '),
  );
  return `# Ingest benchmark: readings per second through MQTT

Written by \`npx tsx bench/ingest/run.ts\`; numbers from one run, not a test.

- Date: ${new Date().toISOString()}
- Machine: ${describeMachine()}
- Node ${process.version}
- Load average (1 min) at the start and the end of the run: ${loadAtStart} / ${loadAverage()}. The machine is shared: other work running at the same time lowers every number in the table alike, which is why each pipeline rate stands beside a baseline measured in the same run.
- Farms: ${FARMS} farms of ${COWS_PER_FARM.toLocaleString('en')} cows, every cow wearing a sensor, one gateway per farm. Readings: every sensor once per 10-minute round (temp and activity); each gateway sends its farm's round as one MQTT message of ${COWS_PER_FARM.toLocaleString('en')} readings, QoS 1, with up to ${WINDOW} messages unacknowledged. The gateways publish from the same process as the server, so they share its two cores (and PostgreSQL shares them too).
- Embedded broker: timed from the first publish to the last PUBACK, which the broker sends only after the batch's transaction committed. External broker (when MQTT_URL is set): timed until the last reading is stored (the broker acknowledges the publisher itself). Server: ingest concurrency its database's default (${defaultIngestConcurrencies}), queue ${baseConfig.ingestQueueLimit}; the detection stage (issue 4, another part) runs behind the ingest as in production. Every stored count is checked against the number sent.
- The pipeline per batch: JSON parse, per-item schema check, then one transaction: one statement that resolves each sensor to its cow and inserts the batch (multi-row \`INSERT … ON CONFLICT DO NOTHING\`), one \`UPDATE\` of every cow of the batch (current values, last reading, sensor state; averages on a cow's first batch of a day), sensor notices and the detection hook; after the commit the PUBACK, then cowinfo/sensorzt events on the in-process bus. Waiting messages of one farm are written as one batch (up to 10,000 readings).
- PGlite runs in the server's own thread, on disk in a scratch directory as an install runs it: the database, the broker, the gateways' clients and the detection stage all share one core there.
- Raw baseline: the same rows (with their cow ids) into the same table, one multi-row INSERT per message, as many at a time as the server writes on that database, nothing else; once as \`INSERT … VALUES (…), (…)\` and once as \`INSERT … SELECT FROM unnest(arrays)\` (the form the pipeline uses). Before every run the readings are truncated and the cows reset, so each run writes the same rows into an empty table.

| database | readings | MQTT embedded broker, readings/s | MQTT external broker, readings/s | raw INSERT … VALUES, readings/s | raw INSERT … unnest, readings/s | MQTT / raw VALUES | MQTT / raw unnest |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.map((row) => `| ${row} |`).join('\n')}
${postgresSkipped ? '\nPostgreSQL was not measured: DATABASE_URL was not set.\n' : ''}
## Goals (issue 4), judged on the embedded-broker column

${results.map(goalLines).join('\n')}
`;
};

const verdict = (met: boolean) => (met ? 'met' : '**not met**');

const goalLines = (result: Result): string => {
  const rate = perSecond(result.embedded);
  const ofValues = Math.round((rate / perSecond(result.rawValues)) * 100);
  const ofUnnest = Math.round((rate / perSecond(result.rawUnnest)) * 100);
  const measured = Math.round(rate).toLocaleString('en');
  if (result.label === 'PGlite') {
    return `- PGlite: >= 10,000 readings/s: ${verdict(rate >= 10_000)} (${measured}).`;
  }
  return [
    `- PostgreSQL: >= 30,000 readings/s: ${verdict(rate >= 30_000)} (${measured}).`,
    `- PostgreSQL: >= 50 % of the raw insert rate: ${verdict(ofValues >= 50)} against \`VALUES\` (${ofValues} %), ${verdict(ofUnnest >= 50)} against \`unnest\` (${ofUnnest} %).`,
  ].join('\n');
};

const main = async (): Promise<void> => {
  const loadAtStart = loadAverage();
  // On disk, as an install runs it (DATA_DIR/pglite), in a scratch directory removed afterwards.
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-bench-pglite-'));
  const pglite = await openPgliteDatabase(pgliteDir);
  const results = [
    await measure('PGlite', pglite, 5).finally(async () => {
      await pglite.close();
      rmSync(pgliteDir, { recursive: true, force: true });
    }),
  ];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) results.push(await withScratchPostgres(adminUrl, (db) => measure('PostgreSQL', db, 15)));
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  writeFileSync(file, report(results, !adminUrl, loadAtStart));
  console.log(`results written to ${file}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
