import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { Queryable } from '../db/database';
import { noticeMessage, recordNotice } from '../modules/notices/record-notice';
import type { SensorCameOnline } from './update-cow-state';
import type { ValidReading } from './validate-readings';
import { offlinePeriodKey } from './sensor-state';

export const UNASSIGNED_SENSOR_NOTICE = 703;
export const SENSOR_BACK_ONLINE_NOTICE = 702;

/** One 703 per sensor per (UTC) day: the episode key carries the day. */
export const unassignedEpisodeKey = (sensorId: number, now: Date): string =>
  `unassigned:sensor:${sensorId}:${now.toISOString().slice(0, 10)}`;

/**
 * Step 6a: readings from sensors no active cow of the farm wears. `alreadyNoticed` lets the caller skip
 * sensors it knows have today's notice, so a chatty stray sensor does not cost a write per batch.
 */
export const noticeUnassignedSensors = async (
  tx: Queryable,
  farmId: number,
  unassigned: readonly ValidReading[],
  now: Date,
  alreadyNoticed: (episodeKey: string) => boolean,
): Promise<{ messages: ServerSocketMessage[]; episodeKeys: string[] }> => {
  const bySensor = new Map<number, ValidReading[]>();
  for (const reading of unassigned) {
    bySensor.set(reading.sensorId, [...(bySensor.get(reading.sensorId) ?? []), reading]);
  }
  const messages: ServerSocketMessage[] = [];
  const episodeKeys: string[] = [];
  for (const [sensorId, readings] of [...bySensor].sort(([a], [b]) => a - b)) {
    const episodeKey = unassignedEpisodeKey(sensorId, now);
    if (alreadyNoticed(episodeKey)) continue;
    const first = readings.reduce((a, b) => (a.measuredAt <= b.measuredAt ? a : b));
    const notice = await recordNotice(tx, {
      farmId,
      cowId: null,
      sensorId,
      code: UNASSIGNED_SENSOR_NOTICE,
      episodeKey,
      occurredAt: first.measuredAt,
      details: {
        sensor: sensorId,
        readings: readings.length,
        firstReadingAt: first.measuredAt.toISOString(),
      },
    });
    episodeKeys.push(episodeKey);
    if (notice) messages.push(noticeMessage(notice));
  }
  return { messages, episodeKeys };
};

/**
 * Step 6b: a sensor that reported again after going offline: `sensorzt` 1 for the farm, and notice 702 when
 * it had reported before (a sensor's very first reading is not a return).
 */
export const noticeSensorsBackOnline = async (
  tx: Queryable,
  farmId: number,
  cameOnline: readonly SensorCameOnline[],
): Promise<ServerSocketMessage[]> => {
  const messages: ServerSocketMessage[] = [];
  for (const sensor of cameOnline) {
    messages.push({
      type: 'sensorzt',
      data: { cowId: sensor.cowId, sensor: sensor.sensorId, sensorzt: 1 },
    });
    if (sensor.previousReadingAt === null) continue;
    const notice = await recordNotice(tx, {
      farmId,
      cowId: sensor.cowId,
      sensorId: sensor.sensorId,
      code: SENSOR_BACK_ONLINE_NOTICE,
      episodeKey: `online:${offlinePeriodKey(sensor.sensorId, sensor.previousReadingAt)}`,
      occurredAt: new Date(sensor.at),
      details: {
        sensor: sensor.sensorId,
        lastReadingBefore: new Date(sensor.previousReadingAt).toISOString(),
        backAt: new Date(sensor.at).toISOString(),
      },
    });
    if (notice) messages.push(noticeMessage(notice));
  }
  return messages;
};
