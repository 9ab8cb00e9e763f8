// Detection across two instances (docs/operations.md, "Detection across instances"): what each instance's
// detection reads from the database and holds in memory, with the hand-off (each farm detected by one
// instance) and without it (each instance detects whatever the broker's shared subscription gave it), on the
// same herd in the same run, phases taking turns. Two instances in this one process, on one PostgreSQL,
// the local Mosquitto and Redis. Not a test: it writes RESULTS.md next to this file.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/detection-sharing/run.ts
//      (MQTT_URL and REDIS_URL default to the local services)
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import { buildApp, type BuiltApp } from '../../apps/server/src/app';
import type { Database } from '../../apps/server/src/db/database';
import { DETECTION_HISTORY_HOURS } from '../../apps/server/src/detection/detection-stage';
import { migrate } from '../../apps/server/src/db/migrate';
import { runSeed } from '../../apps/server/src/seed/run-seed';
import { BENCH_COUNTRY, buildBenchFarms, type BenchFarm } from '../ingest/farm';
import { ROUND_MS, roundBatch } from '../ingest/readings';
import { describeMachine } from '../machine';
import { withScratchPostgres } from '../scratch-postgres';
import { benchServerConfig } from '../server-config';
import { metricSum } from '../server-metrics';

const FARMS = 40;
const COWS_PER_FARM = 25;
const COWS = FARMS * COWS_PER_FARM;
/** Rounds of each phase: the first fills the caches, the others are the steady state. */
const ROUNDS_PER_PHASE = 6;
const PHASES = ['off', 'on', 'off', 'on'] as const;
/** Each cow's history before the first round, at the 10-minute cadence: what detection reads in full. */
const HISTORY_ROUNDS = (DETECTION_HISTORY_HOURS * 3_600_000) / ROUND_MS;
/** The cache holds 70 % of the herd's histories: more than each instance's half, less than the whole herd. */
const CACHE_SHARE = 0.7;
const CACHE_READINGS = Math.round(CACHE_SHARE * COWS * (HISTORY_ROUNDS + ROUNDS_PER_PHASE * PHASES.length));
const ROUND_TIMEOUT_MS = 120_000;

const adminUrl = process.env.DATABASE_URL;
const mqttUrl = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const busUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = randomBytes(3).toString('hex');

interface RoundResult {
  seconds: number;
  historyReads: number;
}

interface PhaseResult {
  handoff: (typeof PHASES)[number];
  rounds: RoundResult[];
  cachedCows: number[];
  handoffs: { kept: number; sent: number; received: number };
}

/** Every cow's history before the first round, set-based: temperature and activity with a daily rhythm. */
const storeHistories = async (db: Database, farms: readonly BenchFarm[], firstRound: number) => {
  for (const farm of farms) {
    await db.query(
      `INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity)
       SELECT c.farm_id, c.sensor_id, c.id, s.slot, to_timestamp(s.slot * 600),
              38.5 + ((c.id + s.slot) % 7) / 10.0, 5 + ((c.id * 3 + s.slot) % 17)
         FROM cows c CROSS JOIN generate_series($2::bigint - $3, $2::bigint - 1) AS s(slot)
        WHERE c.farm_id = $1`,
      [farm.farmId, Math.floor(firstRound / ROUND_MS), HISTORY_ROUNDS],
    );
  }
};

const startInstances = async (db: Database, handoff: 'on' | 'off', phase: number): Promise<BuiltApp[]> => {
  const instances: BuiltApp[] = [];
  for (const member of [1, 2]) {
    const config = benchServerConfig(runId, {
      MQTT_URL: mqttUrl,
      BUS_URL: busUrl,
      INSTANCE_NAME: `bench-${runId}-${phase}-${member}`,
      DETECTION_CACHE_READINGS: String(CACHE_READINGS),
      DETECTION_HANDOFF: handoff,
    });
    const built = await buildApp(config, db);
    await built.app.ready();
    instances.push(built);
  }
  if (handoff === 'on') {
    // Each hears the other before the first round, so the farms are divided from the start.
    while ((await metricSum(instances, 'cowcare_detection_instances')) < 4) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return instances;
};

const runPhase = async (
  db: Database,
  farms: readonly BenchFarm[],
  firstRound: number,
  phase: number,
): Promise<PhaseResult> => {
  const handoff = PHASES[phase] ?? 'off';
  const instances = await startInstances(db, handoff, phase);
  const publisher = await mqtt.connectAsync(mqttUrl, { protocolVersion: 5 });
  const rounds: RoundResult[] = [];
  try {
    for (let index = 0; index < ROUNDS_PER_PHASE; index += 1) {
      const round = phase * ROUNDS_PER_PHASE + index;
      const detectedBefore = await metricSum(instances, 'cowcare_detection_cows_total');
      const readsBefore = await metricSum(instances, 'cowcare_detection_history_reads_total');
      const started = performance.now();
      // Gateways are not in step: each round's farms publish in another order. (In one fixed order, the
      // broker's round robin gave each farm to the same instance every round: an affinity no herd has.)
      await Promise.all(
        shuffled(farms, round).map(({ farm, farmIndex }) =>
          publisher.publishAsync(
            readingsTopic(`cowcare-bench-${runId}`, BENCH_COUNTRY, farm.farmNumber),
            JSON.stringify(roundBatch(COWS_PER_FARM, round, firstRound, farmIndex)),
            { qos: 1 },
          ),
        ),
      );
      while ((await metricSum(instances, 'cowcare_detection_cows_total')) < detectedBefore + COWS) {
        if (performance.now() - started > ROUND_TIMEOUT_MS) throw new Error(`round ${round} not detected`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      rounds.push({
        seconds: (performance.now() - started) / 1000,
        historyReads: (await metricSum(instances, 'cowcare_detection_history_reads_total')) - readsBefore,
      });
    }
    const way = (name: string) =>
      metricSum(instances, 'cowcare_detection_handoff_batches_total', `{way="${name}"}`);
    const cachedCows = await Promise.all(
      instances.map((instance) => metricSum([instance], 'cowcare_detection_cached_cows')),
    );
    return {
      handoff,
      rounds,
      cachedCows,
      handoffs: { kept: await way('kept'), sent: await way('sent'), received: await way('received') },
    };
  } finally {
    await publisher.endAsync();
    for (const instance of instances) await instance.app.close();
  }
};

/** The farms in an order of their own for each round (a seeded Fisher-Yates shuffle), with their indexes. */
const shuffled = (farms: readonly BenchFarm[], round: number) => {
  const order = farms.map((farm, farmIndex) => ({ farm, farmIndex }));
  let seed = 0x9e3779b9 ^ (round + 1);
  const random = () => {
    // xorshift32: enough to shuffle, and the same orders every run.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [
      order[other] as (typeof order)[number],
      order[index] as (typeof order)[number],
    ];
  }
  return order;
};

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const HOP_SAMPLES = 1_000;

/**
 * What a hand-off adds to a batch's way to detection: one message from one instance's bus to the other's, on
 * the channels and connections the hand-off uses, timed from the publish to its arrival (one process, one
 * clock), one at a time with the instances idle. Milliseconds, sorted.
 */
const measureHop = async (db: Database): Promise<number[]> => {
  const [sender, receiver] = await startInstances(db, 'on', PHASES.length);
  try {
    const [from, to] = [sender?.services.bus.peers, receiver?.services.bus.peers];
    if (!from || !to) throw new Error('the instances have no peer channels');
    const channel = `cowcare-bench.${runId}.hop`;
    let arrived: (() => void) | undefined;
    const stop = await to.listen(channel, () => arrived?.());
    const hops: number[] = [];
    for (let sample = 0; sample < HOP_SAMPLES; sample += 1) {
      const received = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const started = performance.now();
      await from.publish(
        channel,
        JSON.stringify({ farmId: 1, cows: [{ cowId: 1, since: 0, urgent: true }] }),
      );
      await received;
      hops.push(performance.now() - started);
    }
    await stop();
    return hops.sort((a, b) => a - b);
  } finally {
    for (const instance of [sender, receiver]) await instance?.app.close();
  }
};

const quantile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;

const report = (phases: readonly PhaseResult[], setupSeconds: number, hops: readonly number[]): string => {
  const rows = phases.map((phase, index) => {
    const [first, ...steady] = phase.rounds;
    const held = phase.cachedCows.join(' + ');
    const handed =
      phase.handoff === 'on'
        ? `${phase.handoffs.kept} / ${phase.handoffs.sent} / ${phase.handoffs.received}`
        : '—';
    return `| ${index + 1} | ${phase.handoff} | ${first?.historyReads ?? 0} | ${(first?.seconds ?? 0).toFixed(2)} | ${mean(steady.map((round) => round.historyReads)).toFixed(0)} | ${mean(steady.map((round) => round.seconds)).toFixed(2)} | ${held} | ${handed} |`;
  });
  const steadyOf = (handoff: 'on' | 'off') =>
    phases.filter((phase) => phase.handoff === handoff).flatMap((phase) => phase.rounds.slice(1));
  const [on, off] = [steadyOf('on'), steadyOf('off')];
  const readsOf = (rounds: readonly RoundResult[]) => mean(rounds.map((round) => round.historyReads));
  const secondsOf = (rounds: readonly RoundResult[]) => mean(rounds.map((round) => round.seconds));
  const [readsOff, readsOn, secondsOff, secondsOn] = [
    readsOf(off),
    readsOf(on),
    secondsOf(off),
    secondsOf(on),
  ];
  return `# Detection across two instances: the hand-off on and off

Run: \`DATABASE_URL=… npx tsx bench/detection-sharing/run.ts\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${describeMachine()}.

Two server instances in one process, on one scratch PostgreSQL database, the local Mosquitto (their MQTT 5
shared subscription) and Redis (the bus). ${FARMS} farms of ${COWS_PER_FARM} cows (${COWS} cows), each cow with
${HISTORY_ROUNDS} readings of history (${DETECTION_HISTORY_HOURS} h at 10 minutes) stored by SQL before the
first phase (${setupSeconds.toFixed(0)} s of set-up). Each instance's detection cache holds
${CACHE_READINGS.toLocaleString('en-US')} readings (\`DETECTION_CACHE_READINGS\`): ${Math.round(CACHE_SHARE * 100)} % of the
herd, more than half of it. A round: every farm's gateway publishes its 10-minute round (one reading per cow)
at once; it ends when both instances together have detected every cow. Phases of ${ROUNDS_PER_PHASE} rounds
take turns with \`DETECTION_HANDOFF\` off and on, each on two freshly started instances (empty caches).

| phase | hand-off | full reads, first round | first round (s) | full reads per later round | later round (s) | cows held at the end (each instance) | batches kept / sent / received |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Later rounds, all phases of each kind: **${readsOff.toFixed(0)} full reads a round without the hand-off, ${readsOn.toFixed(0)}
with it**, of ${COWS} cows; a round took ${secondsOff.toFixed(2)} s without and ${secondsOn.toFixed(2)} s with it
(**${(secondsOn / secondsOff).toFixed(2)} times** as long). A round's time includes the detection stage's pauses
(it leaves half of the thread to the ingest), so it measures the work only relatively.

A full read is one cow's ${HISTORY_ROUNDS} readings in one query. Without the hand-off, each instance is given
about half of every round's farms, at random, so over a few rounds it sees every cow, and its cache, too small
for the herd, forgets the cows least recently seen: those it is given next. With it, each instance detects only
its own farms' cows, which fit.

What a hand-off adds to the way of a batch to its detection, a Redis message from one instance to the other
(${HOP_SAMPLES} one at a time, idle instances): p50 ${quantile(hops, 0.5).toFixed(2)} ms, p99 ${quantile(hops, 0.99).toFixed(2)} ms, max ${quantile(hops, 1).toFixed(2)} ms.

In the benchmark's first version every round's farms published in one fixed order, and Mosquitto's round robin
then gave each farm to the same instance every round: no full reads either way, an affinity that gateways
which are not in step do not give. Each round's farms now publish in an order of their own.
`;
};

const main = async () => {
  if (!adminUrl) {
    throw new Error('set DATABASE_URL (PostgreSQL): the hand-off works between instances on one');
  }
  const phases = await withScratchPostgres(adminUrl, async (db) => {
    const setupStarted = performance.now();
    await migrate(db);
    await runSeed(db, { demo: false });
    const farms = await buildBenchFarms(db, FARMS, COWS_PER_FARM);
    const firstRound =
      Math.floor(Date.now() / ROUND_MS) * ROUND_MS - (ROUNDS_PER_PHASE * PHASES.length + 1) * ROUND_MS;
    await storeHistories(db, farms, firstRound);
    await db.query('ANALYZE sensor_readings');
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const results: PhaseResult[] = [];
    for (let phase = 0; phase < PHASES.length; phase += 1) {
      results.push(await runPhase(db, farms, firstRound, phase));
      console.log(JSON.stringify(results[results.length - 1]));
    }
    return { results, setupSeconds, hops: await measureHop(db) };
  });
  const text = report(phases.results, phases.setupSeconds, phases.hops);
  writeFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md'), text);
  console.log(text);
};

await main();
