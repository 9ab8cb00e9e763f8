import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { Database, Queryable } from '../db/database';
import {
  MISSED_INTERVALS_BEFORE_OFFLINE,
  offlinePeriodKey,
  SENSOR_OFFLINE_AFTER_MS,
} from '../ingest/sensor-state';
import { noticeMessage, recordNotice } from '../modules/notices/record-notice';
import type { EventBus } from '../realtime/bus';
import { runLocked, type Job } from './job-runner';

export const SENSOR_OFFLINE_NOTICE = 701;
export const SENSOR_OFFLINE_JOB = 'sensor-offline';
export const SENSOR_OFFLINE_JOB_INTERVAL_MS = 60_000;
/**
 * Sensors taken offline per transaction. A whole gateway going silent takes hundreds of cows at once; the
 * ingest writing one of them meanwhile waits for her row, so each transaction holds at most this many.
 */
export const SENSOR_OFFLINE_CHUNK = 50;

interface SilentSensorRow {
  cowId: number;
  farmId: number;
  sensorId: number;
  lastReadingAt: string | null;
}

interface FarmMessage {
  farmId: number;
  message: ServerSocketMessage;
}

/**
 * Sensors with no reading for three intervals: online ones, and ones heard only through a backlog (a new
 * gateway uploading its past, the demo's simulator replaying days) whose news ends in the past. Those were
 * never online, so nothing took them offline and they went without a notice. They get their 701 once the
 * farm's gateway is live (another of its sensors reported within the interval), so a backlog still being
 * uploaded, where every sensor is behind, raises none; and once per offline period. A cow the ingest is
 * writing right now is skipped (SKIP LOCKED): her sensor just reported, and waiting would only hold it up.
 */
const lockSilentSensors = (tx: Queryable, silentSince: Date): Promise<SilentSensorRow[]> =>
  tx.query<SilentSensorRow>(
    `SELECT id AS "cowId", farm_id AS "farmId", sensor_id AS "sensorId",
            to_char(last_reading_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastReadingAt"
       FROM cows
      WHERE sensor_id IS NOT NULL AND culled_at IS NULL
        AND (last_reading_at IS NULL OR last_reading_at <= $1)
        AND (sensor_online OR (
              last_reading_at IS NOT NULL
              AND EXISTS (SELECT 1 FROM cows AS live
                           WHERE live.farm_id = cows.farm_id AND live.culled_at IS NULL
                             AND live.last_reading_at > $1)
              AND NOT EXISTS (SELECT 1 FROM notices
                               WHERE notices.cow_id = cows.id AND notices.sensor_id = cows.sensor_id
                                 AND notices.code = $3 AND notices.occurred_at > cows.last_reading_at)))
      ORDER BY id
      LIMIT $2
        FOR UPDATE SKIP LOCKED`,
    [silentSince.toISOString(), SENSOR_OFFLINE_CHUNK, SENSOR_OFFLINE_NOTICE],
  );

const markOffline = async (tx: Queryable, sensor: SilentSensorRow, now: Date): Promise<FarmMessage[]> => {
  const lastReadingAt = sensor.lastReadingAt === null ? null : Date.parse(sensor.lastReadingAt);
  const notice = await recordNotice(tx, {
    farmId: sensor.farmId,
    cowId: sensor.cowId,
    sensorId: sensor.sensorId,
    code: SENSOR_OFFLINE_NOTICE,
    episodeKey: `offline:${offlinePeriodKey(sensor.sensorId, lastReadingAt)}`,
    // It went offline when the third interval was missed.
    occurredAt: lastReadingAt === null ? now : new Date(lastReadingAt + SENSOR_OFFLINE_AFTER_MS),
    details: {
      sensor: sensor.sensorId,
      lastReadingAt: sensor.lastReadingAt,
      missedIntervals: MISSED_INTERVALS_BEFORE_OFFLINE,
    },
  });
  const state: FarmMessage = {
    farmId: sensor.farmId,
    message: { type: 'sensorzt', data: { cowId: sensor.cowId, sensor: sensor.sensorId, sensorzt: 0 } },
  };
  return notice ? [state, { farmId: sensor.farmId, message: noticeMessage(notice) }] : [state];
};

/** One chunk in one transaction under the job's advisory lock; the farms hear of it after the commit. */
const markChunkOffline = async (db: Database, bus: EventBus, now: Date): Promise<number> => {
  const messages: FarmMessage[] = [];
  let count = 0;
  await runLocked(db, SENSOR_OFFLINE_JOB, async (tx) => {
    const silent = await lockSilentSensors(tx, new Date(now.getTime() - SENSOR_OFFLINE_AFTER_MS));
    if (silent.length === 0) return;
    await tx.query('UPDATE cows SET sensor_online = false, updated_at = now() WHERE id = ANY($1::int[])', [
      silent.map((sensor) => sensor.cowId),
    ]);
    for (const sensor of silent) messages.push(...(await markOffline(tx, sensor, now)));
    count = silent.length;
  });
  for (const { farmId, message } of messages) await bus.publish(farmId, message);
  return count;
};

/**
 * One run: every silent sensor goes offline (`sensorzt` 0) with notice 701, one per offline period, in
 * transactions of up to SENSOR_OFFLINE_CHUNK sensors. Answers how many sensors went offline (0 when another
 * instance holds the lock).
 */
export const markSilentSensorsOffline = async (db: Database, bus: EventBus, now: Date): Promise<number> => {
  let total = 0;
  for (;;) {
    const count = await markChunkOffline(db, bus, now);
    total += count;
    // A short chunk is the last: the rest were skipped as busy (they just reported) or there are none.
    if (count < SENSOR_OFFLINE_CHUNK) return total;
  }
};

export const sensorOfflineJob = (db: Database, bus: EventBus, now: () => Date = () => new Date()): Job => ({
  name: SENSOR_OFFLINE_JOB,
  intervalMs: SENSOR_OFFLINE_JOB_INTERVAL_MS,
  run: async () => {
    await markSilentSensorsOffline(db, bus, now());
  },
});
