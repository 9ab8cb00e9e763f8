import { SENSOR_READING_INTERVAL_MINUTES } from '@cowcare/domain/constants';

/** Offline after three missed reading intervals (architecture §9): no reading for 30 minutes. */
export const MISSED_INTERVALS_BEFORE_OFFLINE = 3;
export const SENSOR_OFFLINE_AFTER_MS =
  MISSED_INTERVALS_BEFORE_OFFLINE * SENSOR_READING_INTERVAL_MINUTES * 60_000;

/**
 * A reading is proof of life only if it is recent: a backlog of old readings from a gateway that was away
 * would otherwise flip a sensor online for a minute and offline again.
 */
export const isRecentReading = (measuredAtMs: number, now: Date): boolean =>
  measuredAtMs > now.getTime() - SENSOR_OFFLINE_AFTER_MS;

/**
 * Names a sensor's offline period by the last reading before it, so the offline (701) and back-online (702)
 * notices of one period are one episode each, whichever instance records them.
 */
export const offlinePeriodKey = (sensorId: number, lastReadingAtMs: number | null): string =>
  `sensor:${sensorId}:after:${lastReadingAtMs === null ? 'none' : new Date(lastReadingAtMs).toISOString()}`;
