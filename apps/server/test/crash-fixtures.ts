// Shared by the crash-safety tests: where a server child keeps its data, the farm it serves, a gateway that
// publishes the farm's rounds of readings at QoS 1 and remembers which were acknowledged, and what is stored.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { createScratchDatabase } from '../src/db/scratch-database';
import { hashPassword } from '../src/modules/auth/passwords';
import { registerFarmUser } from '../src/modules/auth/register-farm-user';
import { insertGateway } from '../src/modules/gateways/gateways-repository';
import { runSeed } from '../src/seed/run-seed';
import { testDatabaseKind } from './helpers/test-database';

/** Where a server child keeps its data, reachable by the test when the child is not running (PGlite). */
export interface ServerStore {
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  readonly env: Record<string, string>;
  /** The same database, opened by the test (on PGlite only while no server holds the directory). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/** PGlite in a directory of its own. */
export const pgliteStore = (): ServerStore => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    // Where the server itself opens it: DATA_DIR/pglite.
    open: () => openDatabase({ dataDir, databaseUrl: undefined }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

/** A PostgreSQL database at `url`; DATA_DIR still holds the server's uploads. */
export const postgresStore = (url: string, dropDatabase: () => Promise<void> = async () => undefined) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cowcare-crash-'));
  const store: ServerStore = {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openDatabase({ dataDir, databaseUrl: url }),
    async remove() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return store;
};

/** The suite's database: PGlite, or a scratch database beside DATABASE_URL's (TEST_DATABASE=postgres). */
export const suiteStore = async (): Promise<ServerStore> => {
  if (testDatabaseKind() === 'pglite') return pgliteStore();
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'cowcare_test');
  return postgresStore(scratch.url, () => scratch.drop());
};

export const CRASH_COUNTRY = 'KR';
const FIRST_SENSOR = 41_001;

export interface CrashFarm {
  farmId: number;
  farmNumber: string;
  sensors: number[];
  gateway: { username: string; secret: string };
}

/** Migrates and seeds the store as the server would, then adds one farm, its cows and its gateway. */
export const prepareFarm = async (store: ServerStore, cows: number): Promise<CrashFarm> => {
  const db = await store.open();
  try {
    await migrate(db);
    await runSeed(db, { demo: false });
    const suffix = randomBytes(3).toString('hex');
    const farmNumber = `CRASH-${suffix}`;
    const gateway = { username: `crash-gw-${suffix}`, secret: `secret-${randomBytes(8).toString('hex')}` };
    const secretHash = await hashPassword(gateway.secret);
    await registerFarmUser(db, {
      username: `crash-${suffix}`,
      passwordHash: secretHash,
      name: 'Crash Farmer',
      phone: '010-0000-0000',
      country: CRASH_COUNTRY,
      FarmNumber: farmNumber,
      city: 'Hoengseong',
    });
    const [farm] = await db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
      farmNumber,
    ]);
    if (!farm) throw new Error('crash farm missing');
    const sensors = Array.from({ length: cows }, (_, index) => FIRST_SENSOR + index);
    await db.query(
      `INSERT INTO cows (farm_id, code, sensor_id, status)
       SELECT $1, 'C' || s, s, '발정탐지' FROM unnest($2::int[]) AS s`,
      [farm.id, sensors],
    );
    await insertGateway(db, { farmId: farm.id, username: gateway.username, secretHash });
    return { farmId: farm.id, farmNumber, sensors, gateway };
  } finally {
    await db.close();
  }
};

export const farmTopic = (root: string, farm: CrashFarm): string =>
  readingsTopic(root, CRASH_COUNTRY, farm.farmNumber);

const ROUND_MS = 10 * 60_000;

/**
 * Round `round` (1-based) of `rounds`: one reading of every cow, `num` = the round, 10 minutes after the
 * previous round and the last one just now: what a farm gateway sends every 10 minutes.
 */
export const roundPayload = (farm: CrashFarm, round: number, rounds: number, now: number): string => {
  const timedate = new Date(now - (rounds - round) * ROUND_MS).toISOString();
  return JSON.stringify(
    farm.sensors.map((sensor) => ({
      sensor,
      num: round,
      timedate,
      temp: 38.5 + ((sensor + round) % 7) / 10,
      activity: 5 + ((sensor * 3 + round) % 11),
    })),
  );
};

/** Rounds whose PUBACK the gateway received, in the order the acknowledgements came. */
export interface Acknowledgements {
  readonly rounds: Set<number>;
  /** Resolves when every round is acknowledged. */
  readonly all: Promise<void>;
}

/** How long a gateway waits before publishing again a message its client library gave up on. */
const REPUBLISH_AFTER_MS = 250;

/**
 * Publishes one round at QoS 1 until it is acknowledged. MQTT.js keeps a message it has sent until its PUBACK
 * and sends it again on every reconnect, but a publish made while it is replaying that store over a connection
 * that then drops is refused ("Connection closed") without being kept: the gateway keeps the round and
 * publishes it again, as a gateway that holds its readings until they are acknowledged does.
 */
const publishUntilAcknowledged = async (client: MqttClient, topic: string, payload: string) => {
  for (;;) {
    try {
      await client.publishAsync(topic, payload, { qos: 1 });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, REPUBLISH_AFTER_MS));
    }
  }
};

/**
 * Publishes rounds 1..`rounds` at QoS 1, one every `paceMs`, without waiting for acknowledgements (a gateway
 * has its backlog in flight), each until it is acknowledged.
 */
export const publishRounds = (
  client: MqttClient,
  topic: string,
  farm: CrashFarm,
  rounds: number,
  paceMs: number,
): Acknowledgements => {
  const acknowledged = new Set<number>();
  const now = Date.now();
  const publishing = (async () => {
    const sent: Promise<void>[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const payload = roundPayload(farm, round, rounds, now);
      sent.push(publishUntilAcknowledged(client, topic, payload).then(() => void acknowledged.add(round)));
      if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
    await Promise.all(sent);
  })();
  return { rounds: acknowledged, all: publishing };
};

export interface StoredCopies {
  sensor: number;
  num: number;
  copies: number;
}

/** Every (sensor, num) of the farm with how many rows hold it. */
export const storedCopies = (db: Database, farmId: number): Promise<StoredCopies[]> =>
  db.query<StoredCopies>(
    `SELECT sensor_id AS sensor, sequence_number AS num, count(*)::int AS copies
       FROM sensor_readings WHERE farm_id = $1 GROUP BY sensor_id, sequence_number`,
    [farmId],
  );

/** Of `rounds`, those not stored exactly once for every cow of the farm. */
export const roundsNotStoredOnce = (
  copies: readonly StoredCopies[],
  farm: CrashFarm,
  rounds: Iterable<number>,
): number[] => {
  const once = new Set(copies.filter((row) => row.copies === 1).map((row) => `${row.sensor}:${row.num}`));
  return [...rounds].filter((round) => farm.sensors.some((sensor) => !once.has(`${sensor}:${round}`)));
};
