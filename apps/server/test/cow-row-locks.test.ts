import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDetections, type CowDetectionResult } from '../src/detection/record-detections';
import type { StoredReading } from '../src/ingest/stored-reading';
import { updateCowState } from '../src/ingest/update-cow-state';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { createFarmUser, createTestApp, type TestApp } from './helpers/test-app';

// The ingest writes each batch's cows' current values while detection writes other rounds' averages: on
// PostgreSQL two transactions that lock the same cow rows in different orders deadlock, and one of them is
// aborted after a second. (PGlite runs one transaction at a time, where this always passes.)
let testApp: TestApp;
let farmId: number;
const cowIds: number[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  const farmer = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
  for (let n = 0; n < 150; n += 1) {
    cowIds.push(await insertCowRow(testApp, farmer, { code: `C${7000 + n}`, sensorId: 27000 + n }));
  }
}, 60_000);
afterAll(() => testApp.close());

const batchOf = (ids: readonly number[], round: number): StoredReading[] =>
  ids.map((cowId, index) => ({
    sensorId: 27000 + index,
    cowId,
    sequenceNumber: round,
    measuredAt: new Date(Date.UTC(2026, 0, 1) + round * 600_000).toISOString(),
    temperature: 38.5 + (round % 5) / 10,
    activity: 10 + (round % 7),
    drink: null,
  }));

const averagesOf = (ids: readonly number[], round: number): CowDetectionResult[] =>
  ids.map((cowId) => ({
    cowId,
    sensorId: 27000,
    newest: Date.UTC(2026, 0, 1) + round * 600_000,
    notices: [],
    drinking: undefined,
    previousDrink: { current: null, average: null },
    averages: {
      temperature: 38.6 + (round % 3) / 10,
      activity: 11 + round,
      activityByHour: Array.from({ length: 24 }, (_, hour) => 5 + hour + round),
    },
    previousAverages: { temperature: null, activity: null, activityByHour: null },
    bolusTemperature: null,
    previousTemperature: null,
    recentActivity: undefined,
    previousRecentActivity: { current: null, usual: null },
  }));

describe('writers of many cows at once', () => {
  it('never deadlock: an ingest batch and a detection round over the same cows in opposite orders', async () => {
    const backwards = [...cowIds].reverse();
    const outcomes = [];
    for (let round = 0; round < 15; round += 1) {
      outcomes.push(
        ...(await Promise.allSettled([
          testApp.db.transaction((tx) => updateCowState(tx, farmId, batchOf(cowIds, round), new Date())),
          recordDetections(testApp.db, farmId, averagesOf(backwards, round)),
          testApp.db.transaction((tx) =>
            updateCowState(tx, farmId, batchOf(backwards, round + 100), new Date()),
          ),
          recordDetections(testApp.db, farmId, averagesOf(cowIds, round + 1)),
        ])),
      );
    }
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String(outcome.reason)] : [],
    );
    expect(failures).toEqual([]);
  }, 60_000);
});
