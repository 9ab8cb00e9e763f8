import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { UNASSIGNED_SENSOR_NOTICE } from '@cowcare/domain/notice-codes';
import type { Queryable } from '../db/database';
import { SENSOR_OFFLINE_NOTICE } from '../jobs/sensor-offline-job';
import { noticeMessage, recordNotice } from '../modules/notices/record-notice';
import type { SensorCameOnline } from './update-cow-state';
import type { ValidReading } from './validate-readings';
import { offlinePeriodKey } from './sensor-state';

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

/** Whether the sensor's last 701 has had no 702 since: it went offline and has not come back yet. */
const wentOffline = async (tx: Queryable, farmId: number, sensorId: number): Promise<boolean> => {
  const rows = await tx.query(
    `SELECT 1 FROM notices
      WHERE farm_id = $1 AND sensor_id = $2 AND code = $3
        AND occurred_at > coalesce((SELECT max(occurred_at) FROM notices
                                     WHERE farm_id = $1 AND sensor_id = $2 AND code = $4), '-infinity')
      LIMIT 1`,
    [farmId, sensorId, SENSOR_OFFLINE_NOTICE, SENSOR_BACK_ONLINE_NOTICE],
  );
  return rows.length > 0;
};

/**
 * Step 6b: a sensor that reported again after going offline: `sensorzt` 1 for the farm, and notice 702 when
 * its going offline had a 701. A sensor first heard through a backlog (a new gateway uploading its past,
 * the demo's simulator replaying ten days) was never online, so reaching the present is not a return; nor is
 * a sensor's very first reading.
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
    if (!(await wentOffline(tx, farmId, sensor.sensorId))) continue;
    const period = offlinePeriodKey(sensor.sensorId, sensor.previousReadingAt);
    const notice = await recordNotice(tx, {
      farmId,
      cowId: sensor.cowId,
      sensorId: sensor.sensorId,
      code: SENSOR_BACK_ONLINE_NOTICE,
      episodeKey: `online:${period}`,
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
