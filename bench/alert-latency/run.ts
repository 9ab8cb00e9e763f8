// Alert latency benchmark (issue 4): time from the MQTT publish of the reading that completes a fever, and of
// the one that completes a heat, to the `notice` arriving on a WebSocket of that farm, while 5,000 readings/s
// of background load flow through the same (embedded) broker. Not a test: it writes RESULTS.md next to this.
// Run: npx tsx bench/alert-latency/run.ts   (DATABASE_URL: also PostgreSQL, on a scratch database dropped after;
// and two instances behind the local Mosquitto with a Redis bus (MQTT_URL, REDIS_URL: the local ones by
// default); --only pglite|pglite-light|postgres|scale: that part alone, printed, RESULTS.md untouched;
// --no-handoff: the two instances without the hand-off of detection)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import { DEFAULT_ESTRUS_PARAMETERS, detectEstrusEpisodes } from '@cowcare/domain/estrus-detection';
import { buildApp, type BuiltApp } from '../../apps/server/src/app';
import type { Config } from '../../apps/server/src/config';
import { benchServerConfig, defaultIngestConcurrencies } from '../server-config';
import type { Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { withScratchPostgres } from '../scratch-postgres';
import { runSeed } from '../../apps/server/src/seed/run-seed';
import { BENCH_COUNTRY, buildBenchFarms, FIRST_SENSOR, type BenchFarm } from '../ingest/farm';
import { ROUND_MS, roundBatch } from '../ingest/readings';
import { describeMachine } from '../machine';
import { metricSum } from '../server-metrics';
import { startServerProcess, type ServerProcess } from '../server-process';
import { CommitProbe } from './commit-probe';
import { STALL_MS, StallTrace, tookAt } from './stall-trace';

/** Farms whose gateways send the background load. */
const BACKGROUND_FARMS = 10;
const COWS_PER_FARM = 100;
/** Background: this many messages of COWS_PER_FARM readings per second, spread evenly (the goal's load). */
const MESSAGES_PER_SECOND = 50;
/** PGlite is also measured at this lighter load, below what it can store (see RESULTS.md). */
const LIGHT_MESSAGES_PER_SECOND = 20;
/** `--name N`, if given. */
const numberOption = (name: string): number | undefined => {
  const index = process.argv.indexOf(name);
  if (index === -1) return undefined;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} takes a whole number`);
  return value;
};

/**
 * Measured alerts of each kind: one farm per alert (its two cows, one of each kind). 300 put 3 samples above
 * p99, so one stall decides it; `--alerts 3000` gives a p99 of 30 samples (a run of some 30 minutes).
 */
const ALERTS = numberOption('--alerts') ?? 300;
/**
 * Farms of measured cows, each with its user's socket and its gateway; past 300 alerts a farm has several pairs
 * of measured cows (sensors 40001 and 40002, 40003 and 40004, ...), whose alerts come at least 300 apart.
 */
const MEASURED_FARMS = Math.min(ALERTS, 300);
const PAIRS_PER_FARM = Math.ceil(ALERTS / MEASURED_FARMS);
if (PAIRS_PER_FARM * 2 > COWS_PER_FARM) throw new Error(`--alerts takes at most ${150 * COWS_PER_FARM}`);
/**
 * The background replays each farm's 10-minute rounds at 5 a second (50 minutes of data a second), so it starts
 * this far back to stay in the past for a whole run: 30 days last 14 minutes of load. A run on a slow machine
 * (warm-up, catching up, 600 alerts of some 300 ms each) took more than the 5 minutes that 10 days gave, and on
 * the slower machine of 2026-11-25 more than the 7 minutes of 15 days, so it ended without a result.
 * Readings from the future would be refused and the load would not be what the table says. A longer series
 * (`--alerts`) goes back further: a day of rounds lasts 28.8 s, and an alert pair at most some half a second
 * on a quiet machine, with 5 minutes of set-up, warm-up and margin.
 */
const BACKGROUND_DAYS_BACK = Math.max(30, Math.ceil((ALERTS * 0.5 + 300) / 28.8));
/**
 * A fresh start reads every cow's 11 days into detection once; at this load that first pass takes some 30-40 s,
 * and alerts meanwhile took 100-300 ms on PGlite (ANALYSIS.md). The goal is about a server that has been
 * running, so the timed part starts after it.
 */
const WARM_UP_MS = 60_000;
const ALERT_SPACING_MS = 200;
const ALERT_TIMEOUT_MS = 10_000;
const GOAL_P99_MS = 100;
const GATEWAY_PASSWORD = 'bench gateway secret';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RUN_ID = randomBytes(3).toString('hex');
const STARTED = performance.now();

/**
 * A line on stderr at each phase and every 100 alerts: on a busy machine an alert takes a second instead of
 * 20 ms, the 600 of them some 12 minutes, and a run with nothing to show looked hung (ANALYSIS.md, 2026-11-27).
 */
const progress = (label: string, text: string) =>
  process.stderr.write(`[${label}, ${((performance.now() - STARTED) / 1000).toFixed(0)} s] ${text}\n`);

/** The server's settings as shipped; its ingest concurrency is its database's default. */
const config: Config = benchServerConfig(RUN_ID, { INGEST_QUEUE_LIMIT: '32' });

/**
 * How the server runs: one instance with its embedded broker and in-process bus (the default), or the scale
 * path's two instances behind an external broker with a bus between them (docs/operations.md), so a farm's
 * batches reach either instance and are handed to the one that detects for it. The second instance runs the
 * server's entry point in a process of its own: in this one, the two detection stages' rounds would take
 * turns on one thread, which two servers never do.
 */
type Topology = { instances: 1 } | { instances: 2; mqttUrl: string; busUrl: string; databaseUrl: string };

/** `--no-handoff`: the scale path with each instance detecting what it stores (an A/B of the hand-off). */
const HANDOFF = process.argv.includes('--no-handoff') ? 'off' : 'on';

/** The first instance's settings: this process's. */
const firstConfigOf = (topology: Topology): Config =>
  topology.instances === 1
    ? config
    : benchServerConfig(RUN_ID, {
        INGEST_QUEUE_LIMIT: '32',
        MQTT_URL: topology.mqttUrl,
        BUS_URL: topology.busUrl,
        INSTANCE_NAME: `bench-${RUN_ID}-1`,
        DETECTION_HANDOFF: HANDOFF,
      });

/** The second instance of the scale path, with the same names of topics, group and channel. */
const startSecondInstance = (topology: Topology): Promise<ServerProcess | undefined> =>
  topology.instances === 1
    ? Promise.resolve(undefined)
    : startServerProcess({
        DATABASE_URL: topology.databaseUrl,
        MQTT_URL: topology.mqttUrl,
        BUS_URL: topology.busUrl,
        INSTANCE_NAME: `bench-${RUN_ID}-2`,
        DETECTION_HANDOFF: HANDOFF,
        MQTT_TOPIC_ROOT: config.mqttTopicRoot,
        MQTT_SHARE_GROUP: config.mqttShareGroup,
        BUS_CHANNEL: config.busChannel,
        INGEST_QUEUE_LIMIT: '32',
        DEMO: 'off',
        SIMULATOR: 'off',
        JOBS: 'off',
        MIN_APP_VERSION_CODE: '150',
      });

const topicOf = (farm: BenchFarm) => readingsTopic(config.mqttTopicRoot, BENCH_COUNTRY, farm.farmNumber);

interface SeriesReading {
  time: number;
  temp: number;
  activity: number;
}

/** One farm's cows measured in one alert of each kind. */
interface Measured {
  farm: BenchFarm;
  /** The fever cow's sensor; the heat cow's is the next. */
  feverSensor: number;
  cowId: number;
  heatCowId: number;
}

/**
 * The fever cow's readings up to `trigger`: 11 days at 38.7 °C (a little daily wobble), then 40.9 °C from 110
 * minutes before `trigger`, so the reading at `trigger` completes the 2-hour hold of a severe fever (203).
 */
const feverSeries = (trigger: number): SeriesReading[] => {
  const readings: SeriesReading[] = [];
  for (let time = trigger - 11 * DAY; time <= trigger; time += ROUND_MS) {
    const steady = Math.round((38.7 + ((time / ROUND_MS) % 5) / 50) * 100) / 100;
    readings.push({ time, temp: time >= trigger - 110 * 60_000 ? 40.9 : steady, activity: 20 });
  }
  return readings;
};

/** Estrus is judged in clock blocks, each at the reading that completes it. */
const ESTRUS_BLOCK_MS = DEFAULT_ESTRUS_PARAMETERS.blockHours * HOUR;

/**
 * The heat cow's readings: 11.5 days of steady activity (20 ± 3 a slot) at 38.7 °C, then three times as much
 * from about seven hours before `trigger`, placed so that the estrus rule (no look-ahead, as the server runs
 * it) first holds at the reading of `trigger`: the notice 101 that reading raises is the one measured. Found
 * with the detector itself rather than assumed, so a change to the rule moves the series, not the benchmark.
 */
const heatSeries = (trigger: number): SeriesReading[] => {
  // The draft starts on a block boundary (time 0), so moving it whole blocks keeps its blocks as they are.
  const slots = ((11 * DAY + 12 * HOUR) / ROUND_MS) | 0;
  const riseFrom = slots - 42;
  const draft = Array.from({ length: slots + 60 }, (_, index) => ({
    time: index * ROUND_MS,
    temp: 38.7,
    activity: index >= riseFrom ? 60 : 20 + ((index * 5) % 7) - 3,
  }));
  const [heat] = detectEstrusEpisodes(draft, { parameters: { lookAhead: false } }).filter(
    (episode) => episode.confidence === 'detected',
  );
  if (!heat) throw new Error('the heat series raises no heat');
  const shift = trigger - heat.alertAt;
  if (shift % ESTRUS_BLOCK_MS !== 0) {
    throw new Error('the trigger does not complete a block of the estrus rule');
  }
  return draft
    .filter((reading) => reading.time <= heat.alertAt)
    .map((reading) => ({ ...reading, time: reading.time + shift }));
};

/** Stores one measured cow's readings directly. */
const insertSeries = (
  db: Database,
  farmId: number,
  sensorId: number,
  cowId: number,
  readings: readonly SeriesReading[],
) =>
  db.query(
    `INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity)
     SELECT $1, $2, $3, * FROM unnest($4::int[], $5::timestamptz[], $6::numeric[], $7::numeric[])
     ON CONFLICT DO NOTHING`,
    [
      farmId,
      sensorId,
      cowId,
      readings.map(({ time }) => Math.floor(time / ROUND_MS)),
      readings.map(({ time }) => new Date(time).toISOString()),
      readings.map(({ temp }) => temp),
      readings.map(({ activity }) => activity),
    ],
  );

/**
 * Each measured cow's history, stored directly, all but the last two readings of her series: the one before
 * `trigger` is sent during the warm-up (the server then knows her as it knows every cow, detected before, not
 * as a newcomer that detection would take first anyway), the one at `trigger` is the measured one.
 */
const preloadHistory = async (db: Database, measured: Measured, series: readonly KindSeries[]) => {
  for (const { kind, readings } of series) {
    await insertSeries(
      db,
      measured.farm.farmId,
      kind.sensorOf(measured),
      kind.cowOf(measured),
      readings.slice(0, -2),
    );
  }
};

/** The reading of a series `fromEnd` readings before its last (0: the last), as the gateway sends it. */
const seriesReading = (sensor: number, series: readonly SeriesReading[], fromEnd: number) => {
  const reading = series[series.length - 1 - fromEnd];
  if (!reading) throw new Error('series too short');
  return {
    sensor,
    num: Math.floor(reading.time / ROUND_MS),
    timedate: new Date(reading.time).toISOString(),
    temp: reading.temp,
    activity: reading.activity,
  };
};

/**
 * Every background cow's last 11 days before the background starts, stored directly (negative sequence numbers,
 * values of the same shape as the load's): detection then works on full histories, as it does on a server that
 * has run for a while, not on the few hours the load itself sends.
 */
const preloadBackgroundHistory = async (
  db: Database,
  farms: readonly BenchFarm[],
  backgroundStart: number,
) => {
  const rounds = (11 * DAY) / ROUND_MS;
  for (const farm of farms) {
    await db.query(
      `INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity)
       SELECT c.farm_id, c.sensor_id, c.id, -k, to_timestamp(($2::float8 - k * $3::float8) / 1000),
              38.3 + ((c.sensor_id * 7 + k * 3) % 13) / 10.0, 5 + ((c.sensor_id * 11 + k * 5) % 17)
         FROM cows c CROSS JOIN generate_series(1, $4::int) AS k
        WHERE c.farm_id = $1`,
      [farm.farmId, backgroundStart, ROUND_MS, rounds],
    );
  }
};

/** The measured cows: pair by pair, farm by farm, so a farm's next pair comes after every other farm's. */
const measuredCows = async (db: Database, measuredFarms: readonly BenchFarm[]): Promise<Measured[]> => {
  const measured: Measured[] = [];
  for (let pair = 0; pair < PAIRS_PER_FARM; pair += 1) {
    for (const farm of measuredFarms) {
      if (measured.length === ALERTS) return measured;
      const feverSensor = FIRST_SENSOR + 2 * pair;
      const cows = await db.query<{ id: number; sensor: number }>(
        'SELECT id, sensor_id AS sensor FROM cows WHERE farm_id = $1 AND sensor_id = ANY($2::int[])',
        [farm.farmId, [feverSensor, feverSensor + 1]],
      );
      const idOf = (sensor: number) => cows.find((cow) => cow.sensor === sensor)?.id;
      const cowId = idOf(feverSensor);
      const heatCowId = idOf(feverSensor + 1);
      if (cowId === undefined || heatCowId === undefined) throw new Error('measured cow missing');
      measured.push({ farm, feverSensor, cowId, heatCowId });
    }
  }
  return measured;
};

const connectGateway = (url: string, farm: BenchFarm): Promise<MqttClient> =>
  mqtt.connectAsync(url, {
    reconnectPeriod: 0,
    clientId: `bench-${RUN_ID}-${farm.farmId}`,
    username: farm.gateway.username,
    password: farm.gateway.secret,
    protocolVersion: 4,
  });

/** Logs the farm's user in and opens a registered socket; `onNotice` gets each notice's cow id and code. */
const openSocket = async (
  httpUrl: string,
  index: number,
  onNotice: (cowId: number, code: unknown) => void,
): Promise<WebSocket> => {
  const response = await fetch(`${httpUrl}/api/login/login/loginApp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench-${index + 1}`, password: GATEWAY_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string } };
  const socket = new WebSocket(
    `${httpUrl.replace('http', 'ws')}/socket?token=${encodeURIComponent(data.token)}`,
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const registered = new Promise<void>((resolve) => {
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string; data: Record<string, unknown> };
      if (message.type === 'register_res') resolve();
      if (message.type === 'notice' && typeof message.data.cowid === 'number') {
        onNotice(message.data.cowid, message.data.noticecode);
      }
    });
  });
  socket.send(JSON.stringify({ type: 'register', data: {} }));
  await registered;
  return socket;
};

/** Publishes `messagesPerSecond` background messages a second, evenly spaced, until stopped. */
const startBackground = (
  clients: readonly { farm: BenchFarm; client: MqttClient }[],
  messagesPerSecond: number,
  start: number,
) => {
  const began = performance.now();
  const interval = 1000 / messagesPerSecond;
  let sent = 0;
  let failed = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const at = began + sent * interval;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const slot = clients[sent % clients.length];
      if (!slot) break;
      const round = Math.floor(sent / clients.length);
      if (start + round * ROUND_MS > Date.now()) throw new Error('the background load reached the present');
      const readings = roundBatch(COWS_PER_FARM, round, start, sent % clients.length);
      slot.client.publish(topicOf(slot.farm), JSON.stringify(readings), { qos: 1 }, (error) => {
        if (error) failed += 1;
      });
      sent += 1;
    }
  })();
  return {
    sentReadings: () => sent * COWS_PER_FARM,
    stop: async () => {
      stopped = true;
      await done;
      const seconds = (performance.now() - began) / 1000;
      return { readings: sent * COWS_PER_FARM, seconds, failed };
    },
  };
};

/** One kind of measured alert: the series it is read from, its cow and the notice that ends the clock. */
interface AlertKind {
  name: string;
  code: number;
  sensorOf: (measured: Measured) => number;
  series: (trigger: number) => SeriesReading[];
  cowOf: (measured: Measured) => number;
}

const ALERT_KINDS: readonly AlertKind[] = [
  {
    name: 'severe fever (203)',
    code: 203,
    sensorOf: (one) => one.feverSensor,
    series: feverSeries,
    cowOf: (one) => one.cowId,
  },
  {
    name: 'heat (101)',
    code: 101,
    sensorOf: (one) => one.feverSensor + 1,
    series: heatSeries,
    cowOf: (one) => one.heatCowId,
  },
];

/** A kind's series for this run's `trigger`, worked out once (the heat's runs the estrus detector). */
interface KindSeries {
  kind: AlertKind;
  readings: SeriesReading[];
}

interface Latencies {
  kind: AlertKind;
  latencies: number[];
  missed: number;
}

interface Result {
  label: 'PGlite' | 'PostgreSQL' | 'PostgreSQL, two instances';
  database: string;
  alerts: Latencies[];
  /** Warm-up until the ingest had caught up with the load. */
  warmUpSeconds: number;
  offered: number;
  stored: number;
  /** A one-row commit's time, every 100 ms of the timed part (the database's own share). */
  commits: number[];
}

/** For two instances: the share of the batches one stored and handed to the other, from their metrics. */
const topologyNote = async (first: BuiltApp, second: ServerProcess | undefined): Promise<string> => {
  if (!second) return '';
  const batches = async (way: string) => {
    const labels = `{way="${way}"}`;
    const name = 'cowcare_detection_handoff_batches_total';
    return (await metricSum([first], name, labels)) + (await second.metric(name, labels));
  };
  const [kept, sent] = [await batches('kept'), await batches('sent')];
  const handoff =
    kept + sent === 0
      ? 'the hand-off off'
      : `${Math.round((100 * sent) / (kept + sent))} % of the batches handed to the other instance`;
  return `, two instances behind Mosquitto with a Redis bus (${handoff})`;
};

const measure = async (
  label: Result['label'],
  db: Database,
  messagesPerSecond = MESSAGES_PER_SECOND,
  topology: Topology = { instances: 1 },
): Promise<Result> => {
  await migrate(db);
  await runSeed(db, { demo: false });
  const farms = await buildBenchFarms(db, BACKGROUND_FARMS + MEASURED_FARMS, COWS_PER_FARM);
  const background = farms.slice(0, BACKGROUND_FARMS);
  const measuredFarms = farms.slice(BACKGROUND_FARMS);
  const measured = await measuredCows(db, measuredFarms);
  // The latest reading slot that completes a clock block of the estrus rule: a heat is raised only there.
  const trigger = Math.floor((Date.now() + ROUND_MS) / ESTRUS_BLOCK_MS) * ESTRUS_BLOCK_MS - ROUND_MS;
  const series = ALERT_KINDS.map((kind): KindSeries => ({ kind, readings: kind.series(trigger) }));
  for (const one of measured) await preloadHistory(db, one, series);
  const backgroundStart = Math.floor((Date.now() - BACKGROUND_DAYS_BACK * DAY) / ROUND_MS) * ROUND_MS;
  await preloadBackgroundHistory(db, background, backgroundStart);
  // Every cow's averages as a running server holds them: the mean of her stored days, and of each hour.
  await db.query(
    `WITH hourly AS (
       SELECT cow_id, extract(hour FROM measured_at AT TIME ZONE 'UTC')::int AS hour, avg(activity) AS activity
         FROM sensor_readings GROUP BY 1, 2
     ), profiles AS (
       SELECT cows.cow_id, array_agg(round(h.activity, 2) ORDER BY hours.hour) AS by_hour
         FROM (SELECT DISTINCT cow_id FROM hourly) cows CROSS JOIN generate_series(0, 23) AS hours(hour)
         LEFT JOIN hourly h ON h.cow_id = cows.cow_id AND h.hour = hours.hour
        GROUP BY cows.cow_id
     )
     UPDATE cows c SET average_temperature = a.temperature, average_activity = a.activity,
                       activity_by_hour = p.by_hour
       FROM (SELECT cow_id, avg(temperature) AS temperature, avg(activity) AS activity
               FROM sensor_readings GROUP BY cow_id) a
       JOIN profiles p ON p.cow_id = a.cow_id
      WHERE c.id = a.cow_id`,
  );
  await db.query('ANALYZE sensor_readings');

  const first = await buildApp(firstConfigOf(topology), db);
  // The farms' sockets are on the first instance; a notice detected on the second reaches them by the bus.
  const httpUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  const second = await startSecondInstance(topology).catch(async (error: unknown) => {
    await first.app.close();
    throw error;
  });
  const mqttUrl =
    topology.instances === 1 ? `mqtt://127.0.0.1:${first.services.mqtt?.port}` : topology.mqttUrl;
  const storedReadings = async () =>
    first.services.ingest.stats.stored +
    ((await second?.metric('cowcare_ingest_readings_total', '{outcome="stored"}')) ?? 0);
  const arrivals = new Map<string, (at: number) => void>();
  const sockets: WebSocket[] = [];
  const gateways: MqttClient[] = [];
  try {
    for (const [offset] of measuredFarms.entries()) {
      sockets.push(
        await openSocket(httpUrl, BACKGROUND_FARMS + offset, (cowId, code) =>
          arrivals.get(`${cowId}:${String(code)}`)?.(performance.now()),
        ),
      );
    }
    const backgroundClients = [];
    for (const farm of background) {
      const client = await connectGateway(mqttUrl, farm);
      gateways.push(client);
      backgroundClients.push({ farm, client });
    }
    const measuredClients = new Map<number, MqttClient>();
    for (const farm of measuredFarms) {
      const client = await connectGateway(mqttUrl, farm);
      gateways.push(client);
      measuredClients.set(farm.farmId, client);
    }
    progress(label, 'set up; warming up under the background load');
    const load = startBackground(backgroundClients, messagesPerSecond, backgroundStart);
    const warmUpEnds = performance.now() + WARM_UP_MS;
    const warmUps: Promise<unknown>[] = [];
    for (const one of measured) {
      const client = measuredClients.get(one.farm.farmId);
      if (client) {
        const previous = series.map(({ kind, readings }) => seriesReading(kind.sensorOf(one), readings, 1));
        warmUps.push(client.publishAsync(topicOf(one.farm), JSON.stringify(previous), { qos: 1 }));
      }
    }
    await Promise.all(warmUps);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, warmUpEnds - performance.now())));
    // A fresh start loads every cow's 11 days once and the ingest falls behind meanwhile: the alerts are
    // measured once it has caught up (at most a minute more), as on a server that has been running.
    const caughtUp = async () =>
      (await storedReadings()) >= load.sentReadings() - BACKGROUND_FARMS * COWS_PER_FARM;
    for (let waited = 0; !(await caughtUp()) && waited < 60_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const warmUpSeconds = (performance.now() - warmUpEnds + WARM_UP_MS) / 1000;
    progress(label, `warmed up in ${warmUpSeconds.toFixed(0)} s; measuring ${ALERTS * 2} alerts`);
    const storedBefore = await storedReadings();
    const trace = TRACE ? new StallTrace() : undefined;
    const commitProbe = await CommitProbe.start(db);
    const samples: { kind: string; sentAt: number; at: number | undefined }[] = [];
    const timedFrom = performance.now();
    const alerts = series.map(({ kind, readings }) => ({
      kind,
      readings,
      latencies: [] as number[],
      missed: 0,
    }));
    // Farm by farm, one alert of each kind in turn: both kinds see the same moments of the run.
    for (const one of measured) {
      const client = measuredClients.get(one.farm.farmId);
      if (!client) throw new Error('no gateway client');
      for (const measuredKind of alerts) {
        const { kind, readings } = measuredKind;
        const key = `${kind.cowOf(one)}:${kind.code}`;
        const arrived = new Promise<number | undefined>((resolve) => {
          const timer = setTimeout(() => resolve(undefined), ALERT_TIMEOUT_MS);
          arrivals.set(key, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });
        const payload = JSON.stringify([seriesReading(kind.sensorOf(one), readings, 0)]);
        const sentAt = performance.now();
        void client.publishAsync(topicOf(one.farm), payload, { qos: 1 });
        const at = await arrived;
        arrivals.delete(key);
        samples.push({ kind: kind.name, sentAt, at });
        if (at === undefined) measuredKind.missed += 1;
        else measuredKind.latencies.push(at - sentAt);
        const done = alerts.reduce((sum, { latencies, missed }) => sum + latencies.length + missed, 0);
        if (done % 100 === 0) {
          progress(
            label,
            `${done} alerts, the last in ${at === undefined ? 'time-out' : `${(at - sentAt).toFixed(0)} ms`}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, ALERT_SPACING_MS));
      }
    }
    const storedSeconds = (performance.now() - timedFrom) / 1000;
    const stored = ((await storedReadings()) - storedBefore) / storedSeconds;
    const offered = await load.stop();
    const commits = await commitProbe.stop();
    if (trace) {
      trace.stop();
      printSlowAlerts(label, samples, trace, commitProbe, timedFrom);
    }
    for (const { kind, latencies } of alerts) {
      console.log(
        `${label}, ${kind.name}: ${latencies.length}/${ALERTS} notices, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; background offered ${Math.round(offered.readings / offered.seconds)}/s, stored ${Math.round(stored)}/s; a one-row commit p50 ${percentile(commits, 50).toFixed(1)} ms, p99 ${percentile(commits, 99).toFixed(1)} ms, max ${Math.max(...commits).toFixed(1)} ms`,
      );
    }
    return {
      label,
      database: `${await db.serverVersion()}${await topologyNote(first, second)}`,
      alerts,
      warmUpSeconds,
      offered: offered.readings / offered.seconds,
      stored,
      commits,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(gateways.map((client) => client.endAsync()));
    await second?.stop();
    await first.app.close();
  }
};

/** `--trace`: each alert slower than this is printed with what the process did meanwhile. */
const TRACE = process.argv.includes('--trace');
const SLOW_MS = 80;

const printSlowAlerts = (
  label: string,
  samples: readonly { kind: string; sentAt: number; at: number | undefined }[],
  trace: StallTrace,
  commitProbe: CommitProbe,
  timedFrom: number,
) => {
  const end = performance.now();
  const totals = trace.totals(timedFrom, end);
  console.log(
    `${label}: over ${((end - timedFrom) / 1000).toFixed(0)} s, GC took ${totals.gcMs.toFixed(0)} ms; ${totals.stalls} event-loop stalls of ${STALL_MS} ms or more took ${totals.stalledMs.toFixed(0)} ms`,
  );
  for (const { kind, sentAt, at } of samples) {
    const took = (at ?? end) - sentAt;
    if (took < SLOW_MS) continue;
    console.log(
      `  ${new Date(performance.timeOrigin + sentAt).toISOString()} ${kind} ${took.toFixed(0)} ms: ${trace.during(sentAt, sentAt + took)}; ${slowCommits(commitProbe, sentAt, sentAt + took)}`,
    );
  }
};

const slowCommits = (probe: CommitProbe, from: number, to: number) => {
  const slow = probe.slowDuring(from, to, STALL_MS);
  if (slow.length === 0) return `no one-row commit of ${STALL_MS} ms or more`;
  return `one-row commits of ${slow.map((sample) => tookAt(sample.ms, sample.start, from)).join(', ')}`;
};

/** Nearest-rank percentile. */
const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const withScratchPglite = async (messagesPerSecond: number): Promise<Result> => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'cowcare-bench-pglite-'));
  const db = await openPgliteDatabase(directory);
  try {
    return await measure('PGlite', db, messagesPerSecond);
  } finally {
    await db.close();
    rmSync(directory, { recursive: true, force: true });
  }
};

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const loadAverage = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/**
 * The goal is the single server's at the goal's load; two servers sharing this machine's two cores with their
 * database and broker say what the hand-off costs, not what two machines would give.
 */
const goalCell = (r: Result, met: boolean): string => {
  const p99 = `p99 ${met ? 'under' : 'over'} ${GOAL_P99_MS} ms`;
  if (r.label === 'PostgreSQL, two instances') return `(two servers on one machine: ${p99})`;
  if (r.offered <= MESSAGES_PER_SECOND * COWS_PER_FARM * 0.9) return `(lighter load: ${p99})`;
  return met ? 'met' : '**not met**';
};

const report = (results: Result[], postgresSkipped: boolean, loadAtStart: string): string => {
  const rows = results.flatMap((r) =>
    r.alerts.map(({ kind, latencies, missed }) => {
      const p99 = percentile(latencies, 99);
      const met = missed === 0 && p99 < GOAL_P99_MS;
      return [
        r.database,
        kind.name,
        `${latencies.length} / ${ALERTS}`,
        ms(percentile(latencies, 50)),
        ms(p99),
        ms(latencies.length ? Math.max(...latencies) : Number.NaN),
        `${ms(percentile(r.commits, 50))} / ${ms(percentile(r.commits, 99))} / ${ms(Math.max(...r.commits))}`,
        Math.round(r.offered).toLocaleString('en'),
        Math.round(r.stored).toLocaleString('en'),
        r.warmUpSeconds.toFixed(1),
        goalCell(r, met),
      ].join(' | ');
    }),
  );
  return `# Alert latency benchmark: MQTT publish to socket notice

Written by \`npx tsx bench/alert-latency/run.ts\`; numbers from one run, not a test.

- Date: ${new Date().toISOString()}
- Machine: ${describeMachine()}
- Node ${process.version}
- Load average (1 min) at the start and the end of the run: ${loadAtStart} / ${loadAverage()} (shared machine).
- Server: built in-process (\`buildApp\`) with its embedded broker, ingest concurrency its database's default (${defaultIngestConcurrencies}), detection stage behind the ingest as in production, listening on a port for the sockets. Farms, gateways and users from \`bench/ingest/farm.ts\`; the gateways and sockets run in the same process as the server (and PGlite in its thread).
- Background load: ${BACKGROUND_FARMS} farms of ${COWS_PER_FARM} cows, their gateways publishing ${MESSAGES_PER_SECOND} messages of ${COWS_PER_FARM} readings a second (${(MESSAGES_PER_SECOND * COWS_PER_FARM).toLocaleString('en')} readings/s offered), one message every ${1000 / MESSAGES_PER_SECOND} ms round-robin, QoS 1, not waiting for acks; each farm's rounds are 10 minutes apart starting ${BACKGROUND_DAYS_BACK} days ago, and every background cow has the 11 days before that stored directly before the server starts, so detection works on full histories as on a server that has been running. Warm-up: at least ${WARM_UP_MS / 1000} s of load, and until the ingest has caught up with it (a fresh start reads every cow's 11 days into detection once, which takes some 30-40 s at this load, and the ingest falls behind meanwhile; the column gives how long the warm-up took). "offered" is the rate actually published; "stored" is the rate the ingest stored during the timed part.
- Alerts: ${ALERTS} of each kind, in ${MEASURED_FARMS} further farms, two measured cows an alert (${PAIRS_PER_FARM} pair${PAIRS_PER_FARM > 1 ? 's' : ''} a farm), with 11 days of history stored directly by SQL before the server starts and their last reading before the alert sent over MQTT during the warm-up (so each measured cow has been detected before, like every cow of a running server). The fever cow (neck sensor ${FIRST_SENSOR}, the next pair's ${FIRST_SENSOR + 2}, ...): 38.7-38.8 °C, then 40.9 °C for the last 110 minutes; the alert's reading (40.9 °C at the next 10-minute slot) completes the 2-hour hold of a severe fever, notice 203. The heat cow (the next sensor, in estrus detection): steady activity, then three times as much for about seven hours, placed with the estrus detector so that the alert's reading is the first at which the rule holds, notice 101. The two kinds take turns, farm by farm, under the same load. Each farm's user logs in (\`POST /api/login/login/loginApp\`) and holds a registered socket (\`/socket?token=\`). Alerts are sent one at a time, ${ALERT_SPACING_MS} ms apart: the clock starts just before the gateway's publish and stops when that farm's socket receives the \`notice\` for the cow (timeout ${ALERT_TIMEOUT_MS / 1000} s, counted as missed).
- One-row commit: an INSERT of one row, committed on its own every 100 ms of the timed part on the same database, timed on the alerts' clock: what the database alone took at the same moments (on PostgreSQL a commit waits for its WAL to reach the disk; on PGlite it also waits its turn in the thread).
- PostgreSQL, two instances (the scale path, docs/operations.md): two server instances on the same database, the first in this process and the second in a process of its own (the server's entry point), members of one MQTT 5 shared subscription on the local Mosquitto, which the gateways publish to, with the local Redis as the bus between them. The sockets are on the first instance; each farm is detected by one instance, to which the other hands the batches it stores (the share is in the database column), and a notice detected on the second reaches the sockets through the bus. Both processes, PostgreSQL and Mosquitto share this machine's two cores.
- PGlite is measured twice: at the goal's load and at ${(LIGHT_MESSAGES_PER_SECOND * COWS_PER_FARM).toLocaleString('en')} readings/s, below what it can store while detecting on the same thread; the goal applies to the first.
- Percentiles are nearest-rank over ${ALERTS} samples (${ALERTS - Math.ceil(0.99 * ALERTS)} samples lie above p99). A notice counts as received if its callback ran before the timeout callback; when the event loop is blocked that can be later than the nominal timeout.

| database | alert | notices received | p50, ms | p99, ms | max, ms | one-row commit beside it, p50 / p99 / max, ms | background offered, readings/s | background stored, readings/s | warm-up, s | goal p99 < ${GOAL_P99_MS} ms |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.map((row) => `| ${row} |`).join('\n')}
${postgresSkipped ? '\nPostgreSQL was not measured: DATABASE_URL was not set.\n' : ''}`;
};

/** The parts of a run, by the name `--only` takes. */
const PHASES = {
  pglite: () => withScratchPglite(MESSAGES_PER_SECOND),
  'pglite-light': () => withScratchPglite(LIGHT_MESSAGES_PER_SECOND),
  postgres: () => {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('--only postgres needs DATABASE_URL');
    return withScratchPostgres(adminUrl, (db) => measure('PostgreSQL', db));
  },
  scale: () => {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('--only scale needs DATABASE_URL');
    return withScratchPostgres(adminUrl, (db, databaseUrl) =>
      measure('PostgreSQL, two instances', db, MESSAGES_PER_SECOND, {
        instances: 2,
        mqttUrl: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
        busUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        databaseUrl,
      }),
    );
  },
} as const;

/**
 * `--only <phase>` runs one part (A/B comparisons of a change: some 5 minutes instead of 15) and prints it;
 * only a full run writes RESULTS.md.
 */
const onlyPhase = (): keyof typeof PHASES | undefined => {
  const index = process.argv.indexOf('--only');
  if (index === -1) return undefined;
  const phase = process.argv[index + 1];
  if (phase === undefined || !(phase in PHASES)) {
    throw new Error(`--only takes one of: ${Object.keys(PHASES).join(', ')}`);
  }
  return phase as keyof typeof PHASES;
};

const main = async (): Promise<void> => {
  const loadAtStart = loadAverage();
  const only = onlyPhase();
  if (only) {
    console.log(report([await PHASES[only]()], false, loadAtStart));
    return;
  }
  const results = [await PHASES.pglite(), await PHASES['pglite-light']()];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) results.push(await PHASES.postgres(), await PHASES.scale());
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  const text = report(results, !adminUrl, loadAtStart);
  writeFileSync(file, text);
  console.log(text);
  console.log(`results written to ${file}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
