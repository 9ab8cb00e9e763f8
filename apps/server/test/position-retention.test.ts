// GPS positions are kept POSITION_RETENTION_DAYS (30 by default): an hourly job deletes older ones farm by
// farm in bounded transactions, and the cow's map keeps her last 24 hours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { CowLocation } from '@cowcare/contract/routes/location';
import { loadConfig } from '../src/config';
import type { Database, Queryable } from '../src/db/database';
import { runLocked } from '../src/jobs/job-runner';
import {
  deleteOldPositions,
  POSITION_RETENTION_JOB,
  positionRetentionJob,
} from '../src/modules/location/position-retention';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp);
});
afterAll(() => testApp.close());

/** Fixes of one cow taken these many hours before `now`. */
const insertFixes = async (user: TestUser, cowId: number, now: number, hoursAgo: readonly number[]) => {
  await testApp.db.query(
    `INSERT INTO cow_positions (farm_id, cow_id, sensor_id, measured_at, lat, lon)
     SELECT $1, $2, 40001, at, 37.5, 127.9 FROM unnest($3::timestamptz[]) AS at`,
    [
      await farmIdOf(testApp, user),
      cowId,
      hoursAgo.map((hours) => new Date(now - hours * HOUR).toISOString()),
    ],
  );
};

const hoursOfFixes = async (cowId: number, now: number): Promise<number[]> => {
  const rows = await testApp.db.query<{ at: string }>(
    `SELECT to_char(measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM cow_positions WHERE cow_id = $1 ORDER BY measured_at DESC`,
    [cowId],
  );
  return rows.map((row) => Math.round((now - Date.parse(row.at)) / HOUR));
};

/** The database, counting its transactions and the most fixes one of them deleted. */
const countingBatches = (db: Database) => {
  const seen = { transactions: 0, largestDelete: 0 };
  const counted: Database = Object.assign(Object.create(db) as Database, {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      db.transaction(async (tx) => {
        seen.transactions += 1;
        const before = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM cow_positions');
        const result = await work(tx);
        const after = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM cow_positions');
        seen.largestDelete = Math.max(seen.largestDelete, (before[0]?.count ?? 0) - (after[0]?.count ?? 0));
        return result;
      }),
  });
  return { counted, seen };
};

describe('GPS position retention', () => {
  it("deletes every farm's fixes older than the line in bounded batches, and keeps the rest", async () => {
    const now = Date.now();
    const old = Array.from({ length: 23 }, (_, index) => 31 * 24 + index * 6);
    const recent = [1, 12, 23, 29 * 24];
    const cow = await insertCowRow(testApp, farmer, { code: 'C901', sensorId: 40901 });
    const other = await insertCowRow(testApp, neighbour, { code: 'C902', sensorId: 40902 });
    await insertFixes(farmer, cow, now, [...recent, ...old]);
    await insertFixes(neighbour, other, now, [...recent, ...old.slice(0, 4)]);

    const { counted, seen } = countingBatches(testApp.db);
    const deleted = await deleteOldPositions(counted, new Date(now - 30 * DAY), 5);

    expect(deleted).toBe(old.length + 4);
    expect(await hoursOfFixes(cow, now)).toEqual(recent);
    expect(await hoursOfFixes(other, now)).toEqual(recent);
    // 23 fixes at 5 a batch are five transactions in her farm, one in the other; none deleted more than 5.
    expect(seen.largestDelete).toBe(5);
    expect(seen.transactions).toBeGreaterThanOrEqual(6);

    // Her map still has her position and her last day's track.
    const response = await call(testApp, api.location.cowLocation, {
      token: farmer.token,
      params: { cowId: cow },
    });
    const location = response.json<{ data: CowLocation }>().data;
    expect(location.track).toHaveLength(3);
    expect(location.position).toMatchObject({ source: 'gps', lat: 37.5, lon: 127.9 });
  });

  it('runs as a job with the configured days: 30 by default, POSITION_RETENTION_DAYS otherwise', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cowcare-retention-config-'));
    const base = { TOKEN_SECRET: 'x'.repeat(40), CAMERA_SECRET: 'y'.repeat(40), DATA_DIR: dataDir };
    try {
      expect(loadConfig(base).positionRetentionDays).toBe(30);
      expect(loadConfig({ ...base, POSITION_RETENTION_DAYS: '7' }).positionRetentionDays).toBe(7);
      // One day or less would eat into the 24-hour track the map draws.
      expect(() => loadConfig({ ...base, POSITION_RETENTION_DAYS: '1' })).toThrow(/POSITION_RETENTION_DAYS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const now = Date.now();
    const cow = await insertCowRow(testApp, farmer, { code: 'C903', sensorId: 40903 });
    await insertFixes(farmer, cow, now, [2, 6 * 24, 8 * 24]);
    await positionRetentionJob(testApp.db, 7, () => new Date(now)).run();
    expect(await hoursOfFixes(cow, now)).toEqual([2, 6 * 24]);
  });

  it('deletes nothing while another instance holds the job', async () => {
    const now = Date.now();
    const cow = await insertCowRow(testApp, farmer, { code: 'C904', sensorId: 40904 });
    await insertFixes(farmer, cow, now, [40 * 24]);
    // PGlite has one connection, so "another instance" can only be tried on PostgreSQL: there the job's lock
    // is held by a second transaction while it runs.
    if (testApp.db.kind === 'postgres') {
      let duringHeldLock: number | undefined;
      await runLocked(testApp.db, POSITION_RETENTION_JOB, async () => {
        duringHeldLock = await deleteOldPositions(testApp.db, new Date(now - 30 * DAY));
      });
      expect(duringHeldLock).toBe(0);
      expect(await hoursOfFixes(cow, now)).toEqual([40 * 24]);
    }
    expect(await deleteOldPositions(testApp.db, new Date(now - 30 * DAY))).toBe(1);
    expect(await hoursOfFixes(cow, now)).toEqual([]);
  });
});
