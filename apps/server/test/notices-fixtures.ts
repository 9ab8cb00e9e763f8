// Factories shared by the notice, detection, chart and reminder tests: readings and notices straight into
// their tables (the ingest and the detectors own the real paths and have their own tests), and a recorder of
// what goes out on the bus.
import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { recordNotice, type NewNotice, type NoticeRecord } from '../src/modules/notices/record-notice';
import type { TestApp } from './helpers/test-app';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const SLOT = 10 * MINUTE;

export interface ReadingRow {
  time: number;
  temperature?: number | null;
  activity?: number | null;
  drink?: number | null;
}

/** Stores readings of a sensor worn by a cow; sequence numbers are the 10-minute slot of the time. */
export const insertReadings = async (
  testApp: TestApp,
  farmId: number,
  cowId: number | null,
  sensorId: number,
  readings: readonly ReadingRow[],
): Promise<void> => {
  for (let start = 0; start < readings.length; start += 2_000) {
    const chunk = readings.slice(start, start + 2_000);
    await testApp.db.query(
      `INSERT INTO sensor_readings (farm_id, sensor_id, cow_id, sequence_number, measured_at, temperature, activity, drink)
       SELECT $1, $2, $3, * FROM unnest($4::int[], $5::timestamptz[], $6::numeric[], $7::numeric[], $8::numeric[])
       ON CONFLICT DO NOTHING`,
      [
        farmId,
        sensorId,
        cowId,
        chunk.map((reading) => Math.floor(reading.time / SLOT)),
        chunk.map((reading) => new Date(reading.time).toISOString()),
        chunk.map((reading) => reading.temperature ?? null),
        chunk.map((reading) => reading.activity ?? null),
        chunk.map((reading) => reading.drink ?? null),
      ],
    );
  }
};

export const insertNotice = async (testApp: TestApp, notice: NewNotice): Promise<NoticeRecord> => {
  const recorded = await recordNotice(testApp.db, notice);
  if (!recorded) throw new Error(`notice ${notice.episodeKey} was already there`);
  return recorded;
};

/** Every farm event published on the app's bus from now on. */
export const recordBus = async (
  testApp: TestApp,
): Promise<{ events: { farmId: number; message: ServerSocketMessage }[]; stop: () => Promise<void> }> => {
  const events: { farmId: number; message: ServerSocketMessage }[] = [];
  const stop = await testApp.services.bus.subscribe((farmId, message) => events.push({ farmId, message }));
  return { events, stop };
};

/** Waits until `check` holds (async work such as the detection stage), failing after `timeoutMs`. */
export const eventually = async <T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Ten-minute slots from `from` (inclusive) to `to` (exclusive). */
export const slots = (from: number, to: number): number[] => {
  const times: number[] = [];
  for (let time = from; time < to; time += SLOT) times.push(time);
  return times;
};

/** `amount` from `from` (inclusive) to `to` (exclusive), 0 elsewhere. */
export const step = (from: number, to: number, amount: number) => (time: number) =>
  time >= from && time < to ? amount : 0;

/** Neck-collar activity with a daily rhythm, and `factor` on top. */
export const collar = (from: number, to: number, factor: (time: number) => number = () => 1): ReadingRow[] =>
  slots(from, to).map((time) => {
    const hour = (time % DAY) / HOUR;
    const level =
      hour < 4 || hour >= 22 ? 10 : (hour >= 5 && hour < 7) || (hour >= 16 && hour < 18) ? 45 : 28;
    return { time, activity: level * factor(time), temperature: 38.7 };
  });
