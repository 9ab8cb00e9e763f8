import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyAverages } from '@cowcare/domain/daily-averages';
import { loadDetectionCows } from '../src/detection/detection-inputs';
import { recordDetections, type CowDetectionResult } from '../src/detection/record-detections';
import { findCowInFarm } from '../src/modules/cows/cows-repository';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { createFarmUser, createTestApp, type TestApp } from './helpers/test-app';

// The detection stage compares a cow's averages from her readings with the stored ones and writes (and
// announces) them only when they differ: what it writes must read back equal, or every round would rewrite
// every cow.
let testApp: TestApp;
let farmId: number;
let cowId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const farmer = await createFarmUser(testApp);
  farmId = await farmIdOf(testApp, farmer);
  cowId = await insertCowRow(testApp, farmer, {
    code: 'C8001',
    sensorId: 28001,
    currentActivity: 6,
    lastReadingAt: '2026-01-05T02:10:00Z',
  });
}, 60_000);
afterAll(() => testApp.close());

const resultOf = (averages: DailyAverages, previousAverages: DailyAverages): CowDetectionResult => ({
  cowId,
  sensorId: 28001,
  newest: Date.now(),
  notices: [],
  drinking: undefined,
  previousDrink: { current: null, average: null },
  averages,
  previousAverages,
  bolusTemperature: null,
  previousTemperature: null,
  recentActivity: undefined,
  previousRecentActivity: { current: null, usual: null },
});

describe("a cow's stored averages", () => {
  it('read back as written, hour by hour, so an unchanged day is not written or announced again', async () => {
    // A sensor that sends every 2 hours: the odd hours have no mean.
    const activityByHour = Array.from({ length: 24 }, (_, hour) =>
      hour % 2 === 0 ? Number((3.24 + hour / 4).toFixed(2)) : null,
    );
    const averages = { temperature: 38.61, activity: 7.13, activityByHour };
    const first = await recordDetections(testApp.db, farmId, [
      resultOf(averages, { temperature: null, activity: null, activityByHour: null }),
    ]);
    // Her newest reading is at 02:10: the deviation is against the 02:00 hour's mean.
    expect(first.cowInfo).toEqual([
      expect.objectContaining({ id: cowId, activity_avg: 3.74, activity: 60.4 }),
    ]);

    const [stored] = await loadDetectionCows(testApp.db, farmId, [cowId]);
    expect(stored).toMatchObject({ averageTemperature: 38.61, averageActivity: 7.13 });
    expect(stored?.activityByHour).toEqual(activityByHour);

    const previousAverages = {
      temperature: stored!.averageTemperature,
      activity: stored!.averageActivity,
      activityByHour: stored!.activityByHour,
    };
    const again = await recordDetections(testApp.db, farmId, [
      resultOf({ ...averages, activityByHour: previousAverages.activityByHour }, previousAverages),
    ]);
    expect(again.cowInfo).toEqual([]);
  });

  it("give the hour's mean of her newest reading, or her whole-day mean in an hour without one", async () => {
    // Her profile as the test above stored it: the odd hours have no mean.
    const activityAt = async (lastReadingAt: string) => {
      await testApp.db.query('UPDATE cows SET last_reading_at = $2 WHERE id = $1', [cowId, lastReadingAt]);
      return (await findCowInFarm(testApp.db, farmId, cowId))?.averageActivity;
    };
    expect(await activityAt('2026-01-05T02:10:00Z')).toBe(3.74);
    expect(await activityAt('2026-01-05T03:10:00Z')).toBe(7.13);
  });
});
