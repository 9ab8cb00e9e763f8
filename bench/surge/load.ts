// A farm's sensor traffic against the real server in a process of its own (apps/server/src/main.ts), for the
// surge and soak benchmarks: the cows report on their own phases, each gateway forwards what it heard every
// 10 s as one QoS 1 message, and the server's memory is sampled every second from its /metrics.
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import {
  farmTopic,
  pgliteStore,
  postgresStore,
  prepareFarm,
  storedCopies,
  type CrashFarm,
  type ServerStore,
} from '../../apps/server/test/crash-fixtures';
import { freePort } from '../../apps/server/test/helpers/free-port';
import { metricSample } from '../../apps/server/test/helpers/metrics';
import { startServerChild, type ServerChild } from '../../apps/server/test/helpers/server-child';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database';

/** A cow's sensor reports once per 10 minutes at the normal rate. */
export const NORMAL_PERIOD_MS = 10 * 60_000;
/** Gateways of the farm; each forwards the readings of its share of the cows. */
export const GATEWAYS = 4;
/** How often a gateway forwards what it heard, as one message. */
export const FORWARD_EVERY_MS = 10_000;
const SAMPLE_EVERY_MS = 1_000;
const TOPIC_ROOT = 'cowcare';

export interface Phase {
  name: string;
  seconds: number;
  /** Readings per cow, as a multiple of one per 10 minutes. */
  rate: number;
}

export interface MemorySample {
  /** Seconds since the load started. */
  at: number;
  phase: string;
  residentMiB: number;
  heapUsedMiB: number;
  /** Messages waiting in the server's ingest queue. */
  queueWaiting: number;
}

export interface MessageLatency {
  at: number;
  phase: string;
  /** Publish to PUBACK (the PUBACK comes after the commit), in milliseconds. */
  ms: number;
}

export interface LoadOutcome {
  samples: MemorySample[];
  latencies: MessageLatency[];
  readingsAcknowledged: number;
  publishErrors: number;
  /** Acknowledged readings not stored exactly once (read from the database after a graceful stop). */
  notStoredOnce: number;
  storedRows: number;
  /** Warning and error lines of the server's log (LOG_LEVEL=warn). */
  logProblems: string[];
  database: string;
}

interface Reading {
  sensor: number;
  num: number;
  timedate: string;
  temp: number;
  activity: number;
}

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PGlite in a directory of its own, or a scratch database beside DATABASE_URL's with `postgres`. */
export const openBenchStore = async (postgres: boolean): Promise<ServerStore> => {
  if (!postgres) return pgliteStore();
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--postgres needs DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'cowcare_bench');
  return postgresStore(scratch.url, () => scratch.drop());
};

/** Each cow's next report, at the current phase's rate. */
class Herd {
  private readonly nextDue: number[];
  private readonly sequence: number[];
  private periodMs = NORMAL_PERIOD_MS;

  constructor(
    private readonly farm: CrashFarm,
    start: number,
  ) {
    const cows = farm.sensors.length;
    // Spread over the period, as real sensors are: each has its own phase.
    this.nextDue = farm.sensors.map((_, cow) => start + (cow / cows) * NORMAL_PERIOD_MS);
    this.sequence = farm.sensors.map(() => 0);
  }

  /** From `now` on, each cow on its own phase of the new period, so the rate changes at once and stays spread. */
  setRate(rate: number, now: number): void {
    const cows = this.farm.sensors.length;
    this.periodMs = NORMAL_PERIOD_MS / rate;
    this.nextDue.forEach((_, cow) => {
      this.nextDue[cow] = now + (cow / cows) * this.periodMs;
    });
  }

  /** Readings of the cows of gateway `gateway` due by `now`. */
  due(gateway: number, now: number): Reading[] {
    const readings: Reading[] = [];
    for (let cow = gateway; cow < this.farm.sensors.length; cow += GATEWAYS) {
      while ((this.nextDue[cow] ?? Infinity) <= now) {
        const at = this.nextDue[cow] ?? now;
        const num = (this.sequence[cow] ?? 0) + 1;
        this.sequence[cow] = num;
        this.nextDue[cow] = at + this.periodMs;
        const sensor = this.farm.sensors[cow] ?? 0;
        readings.push({
          sensor,
          num,
          timedate: new Date(at).toISOString(),
          temp: Math.round((38.3 + ((sensor * 7 + num * 3) % 13) / 10) * 100) / 100,
          activity: 5 + ((sensor * 11 + num * 5) % 17),
        });
      }
    }
    return readings;
  }
}

const memoryOf = async (server: ServerChild, at: number, phase: string): Promise<MemorySample> => {
  const text = await (await fetch(`${server.httpUrl}/metrics`)).text();
  return {
    at,
    phase,
    residentMiB: (metricSample(text, 'process_resident_memory_bytes') ?? 0) / MiB,
    heapUsedMiB: (metricSample(text, 'nodejs_heap_size_used_bytes') ?? 0) / MiB,
    queueWaiting: metricSample(text, 'cowcare_ingest_queue_waiting') ?? 0,
  };
};

/** Log lines at warn (40) or above: pino's JSON lines, or anything else the process printed. */
export const logProblemsOf = (output: string): string[] =>
  output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 60) >= 40;
      } catch {
        return true;
      }
    });

export interface LoadOptions {
  cows: number;
  phases: readonly Phase[];
  postgres: boolean;
  /** Told of every memory sample, for progress. */
  onSample?: (sample: MemorySample) => void;
}

/**
 * Runs the phases one after the other against a fresh server and farm, then stops the server gracefully
 * and checks that every acknowledged reading is stored exactly once.
 */
export const runFarmLoad = async (options: LoadOptions): Promise<LoadOutcome> => {
  const store = await openBenchStore(options.postgres);
  try {
    const farm = await prepareFarm(store, options.cows);
    const mqttPort = await freePort();
    const server = await startServerChild({
      env: {
        ...store.env,
        PORT: String(await freePort()),
        MQTT_PORT: String(mqttPort),
        DEMO: 'off',
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        MQTT_TOPIC_ROOT: TOPIC_ROOT,
      },
    });
    try {
      const gateways = await Promise.all(
        Array.from({ length: GATEWAYS }, (_, index) =>
          mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
            username: farm.gateway.username,
            password: farm.gateway.secret,
            protocolVersion: 4,
            clientId: `bench-gateway-${index}`,
            clean: false,
          }),
        ),
      );
      const traffic = await driveTraffic(server, gateways, farm, options);
      await Promise.all(gateways.map((gateway) => gateway.endAsync()));
      const logProblems = logProblemsOf(server.output());
      if ((await server.stop()) !== 0) {
        throw new Error(`the server did not stop cleanly:\n${server.output()}`);
      }
      const db = await store.open();
      try {
        const copies = await storedCopies(db, farm.farmId);
        const once = new Set(
          copies.filter((row) => row.copies === 1).map((row) => `${row.sensor}:${row.num}`),
        );
        const notStoredOnce = traffic.acknowledged.filter((key) => !once.has(key)).length;
        return {
          ...traffic,
          readingsAcknowledged: traffic.acknowledged.length,
          notStoredOnce,
          storedRows: copies.reduce((sum, row) => sum + row.copies, 0),
          logProblems,
          database: db.kind,
        };
      } finally {
        await db.close();
      }
    } finally {
      await server.kill();
    }
  } finally {
    await store.remove();
  }
};

interface Traffic {
  samples: MemorySample[];
  latencies: MessageLatency[];
  /** `sensor:num` of every acknowledged reading. */
  acknowledged: string[];
  publishErrors: number;
}

/** The phases in real time: gateways forward on their own 10 s clocks (staggered), memory sampled each second. */
const driveTraffic = async (
  server: ServerChild,
  gateways: readonly MqttClient[],
  farm: CrashFarm,
  options: LoadOptions,
): Promise<Traffic> => {
  const topic = farmTopic(TOPIC_ROOT, farm);
  const started = Date.now();
  const herd = new Herd(farm, started);
  const traffic: Traffic = { samples: [], latencies: [], acknowledged: [], publishErrors: 0 };
  const inFlight = new Set<Promise<void>>();
  let phase = options.phases[0]?.name ?? '';
  const secondsSince = (time: number) => (time - started) / 1000;

  const forward = (gateway: number, now: number) => {
    const readings = herd.due(gateway, now);
    const client = gateways[gateway];
    if (readings.length === 0 || !client) return;
    const sentAt = performance.now();
    const sentInPhase = phase;
    const sending = client.publishAsync(topic, JSON.stringify(readings), { qos: 1 }).then(
      () => {
        traffic.latencies.push({ at: secondsSince(now), phase: sentInPhase, ms: performance.now() - sentAt });
        for (const reading of readings) traffic.acknowledged.push(`${reading.sensor}:${reading.num}`);
      },
      () => {
        traffic.publishErrors += 1;
      },
    );
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  };

  const sampler = setInterval(() => {
    memoryOf(server, secondsSince(Date.now()), phase).then(
      (sample) => {
        traffic.samples.push(sample);
        options.onSample?.(sample);
      },
      () => undefined,
    );
  }, SAMPLE_EVERY_MS);
  const forwarders = gateways.map((_, gateway) => {
    // Staggered, so the gateways do not all send in the same instant.
    const offset = (gateway / GATEWAYS) * FORWARD_EVERY_MS;
    let timer: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      forward(gateway, Date.now());
      timer = setInterval(() => forward(gateway, Date.now()), FORWARD_EVERY_MS);
    }, offset);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  });
  try {
    for (const current of options.phases) {
      phase = current.name;
      herd.setRate(current.rate, Date.now());
      await sleep(current.seconds * 1000);
    }
  } finally {
    for (const stop of forwarders) stop();
    clearInterval(sampler);
  }
  await Promise.all(inFlight);
  return traffic;
};

/** `--name value` from the command line, as a number; `fallback` when absent. */
export const numberFlag = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
};

export const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
};

/** Least-squares slope of `y` over `x`. */
export const slope = (points: readonly { x: number; y: number }[]): number => {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.x - meanX) * (point.y - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
};

export const summarisePhase = (outcome: LoadOutcome, phase: string) => {
  const samples = outcome.samples.filter((sample) => sample.phase === phase);
  const latencies = outcome.latencies
    .filter((latency) => latency.phase === phase)
    .map((latency) => latency.ms);
  const max = (values: number[]) => (values.length === 0 ? 0 : Math.max(...values));
  const min = (values: number[]) => (values.length === 0 ? 0 : Math.min(...values));
  return {
    phase,
    messages: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    maxMs: max(latencies),
    residentMin: min(samples.map((sample) => sample.residentMiB)),
    residentMax: max(samples.map((sample) => sample.residentMiB)),
    heapMin: min(samples.map((sample) => sample.heapUsedMiB)),
    heapMax: max(samples.map((sample) => sample.heapUsedMiB)),
    queueMax: max(samples.map((sample) => sample.queueWaiting)),
  };
};
