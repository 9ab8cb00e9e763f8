import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { activityDeviationPercent, activityLevelOf } from '@cowcare/domain/cow-filter';
import type { DailyAverages } from '@cowcare/domain/daily-averages';
import { loadDetectionCows } from '../src/detection/detection-inputs';
import { DetectionStage } from '../src/detection/detection-stage';
import { recordDetections, type CowDetectionResult } from '../src/detection/record-detections';
import { updateCowState } from '../src/ingest/update-cow-state';
import { findCowInFarm } from '../src/modules/cows/cows-repository';
import { farmIdOf, insertCowRow } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { collar, DAY, HOUR, insertReadings, MINUTE, SLOT } from './notices-fixtures';

// The detection stage compares a cow's averages from her readings with the stored ones and writes (and
// announces) them only when they differ: what it writes must read back equal, or every round would rewrite
// every cow.
let testApp: TestApp;
let farmer: TestUser;
let farmId: number;
let cowId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
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

describe("a cow's current activity in the list, once the detection stage has judged her (decision 0013)", () => {
  it('is her mean over her last two hours against her usual at those hours: one low count does not read Low', async () => {
    // Eight days of the same collar days: 45 counts a reading at the 05:00-07:00 milking, 28 from 07:00.
    const start = Date.UTC(2026, 2, 1);
    const newest = start + 8 * DAY + 7 * HOUR + 50 * MINUTE;
    const readings = collar(start, newest + SLOT).map((reading) =>
      // Her newest 10-minute count is low (10 where she usually has 28); the two hours before are calm.
      reading.time === newest ? { ...reading, activity: 10 } : reading,
    );
    const id = await insertCowRow(testApp, farmer, { code: 'C8101', sensorId: 48101 });
    await insertReadings(testApp, farmId, id, 48101, readings);
    const listed = async () => {
      const response = await call(testApp, api.cows.getCowInfo, { token: farmer.token, params: { id } });
      expect(response.statusCode).toBe(200);
      const { activity, activity_current, activity_avg } = response.json<{ data: Cow }>().data;
      return { activity, activity_current, activity_avg };
    };
    const ingest = (time: number, activity: number) =>
      updateCowState(
        testApp.db,
        farmId,
        [
          {
            sensorId: 48101,
            cowId: id,
            sequenceNumber: Math.floor(time / SLOT),
            measuredAt: new Date(time).toISOString(),
            temperature: 38.7,
            activity,
            drink: null,
          },
        ],
        new Date(time),
      );
    // Until the stage has judged her, the ingest writes her newest reading (no averages yet).
    await ingest(newest, 10);
    expect(await listed()).toEqual({ activity: null, activity_current: 10, activity_avg: null });

    const stage = new DetectionStage(testApp.db, testApp.services.bus, testApp.services.log);
    await stage.detectStored(farmId, [id]);
    // 06:00-07:50: six readings of 45 and six of 28 but the last one, 10. Her mean (45·6 + 28·5 + 10) / 12 = 35
    // against her usual (45·6 + 28·6) / 12 = 36.5: −4.1 %, Normal.
    expect(await listed()).toEqual({ activity: -4.1, activity_current: 35, activity_avg: 36.5 });
    expect(activityLevelOf(-4.1)).toBe('normal');
    // Her newest count alone against her usual at its hour would have read Low.
    expect(activityLevelOf(activityDeviationPercent(10, 28) ?? Number.NaN)).toBe('low');

    // A new reading through the ingest leaves her current activity to the stage once it has judged her.
    await ingest(newest + SLOT, 2);
    expect(await listed()).toEqual({ activity: -4.1, activity_current: 35, activity_avg: 36.5 });
  });

  it('is her newest count while none of her last two hours has a usual, and the ingest goes on writing it', async () => {
    // Eight nights of readings from 00:00 to 04:00 only (a sensor worn at night), then today at noon.
    const start = Date.UTC(2026, 3, 1);
    const nights = collar(start, start + 8 * DAY + 4 * HOUR).filter(
      (reading) => reading.time % DAY < 4 * HOUR,
    );
    const noon = start + 8 * DAY + 12 * HOUR;
    const id = await insertCowRow(testApp, farmer, { code: 'C8102', sensorId: 48102 });
    const stage = new DetectionStage(testApp.db, testApp.services.bus, testApp.services.log);
    const listed = async () =>
      (await call(testApp, api.cows.getCowInfo, { token: farmer.token, params: { id } })).json<{
        data: Cow;
      }>().data.activity_current;
    // Judged at night, when her hours have a usual: her two hours' mean.
    await insertReadings(testApp, farmId, id, 48102, nights);
    await stage.detectStored(farmId, [id]);
    expect(await listed()).toBe(10);
    // At noon none of her last two hours has a usual: her newest count, not the night's mean kept.
    await insertReadings(testApp, farmId, id, 48102, [{ time: noon, activity: 30, temperature: 38.7 }]);
    await stage.detectStored(farmId, [id]);
    expect(await listed()).toBe(30);

    await updateCowState(
      testApp.db,
      farmId,
      [
        {
          sensorId: 48102,
          cowId: id,
          sequenceNumber: Math.floor((noon + SLOT) / SLOT),
          measuredAt: new Date(noon + SLOT).toISOString(),
          temperature: 38.7,
          activity: 12,
          drink: null,
        },
      ],
      new Date(noon + SLOT),
    );
    // Not stuck at the stage's last value: the ingest writes her newest count until she has a usual.
    expect(await listed()).toBe(12);
  });
});
