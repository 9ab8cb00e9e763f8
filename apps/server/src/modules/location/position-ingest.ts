import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { fenceBreach, TRACK_WINDOW_MS } from '@cowcare/domain/geo-fence';
import { PADDOCK_BREACH_NOTICE } from '@cowcare/domain/notice-codes';
import type { Queryable } from '../../db/database';
import type { StoredReading } from '../../ingest/stored-reading';
import { noticeMessage, recordNotice } from '../notices/record-notice';
import { cowPositionsSince, findCowPaddock, toTimed } from './location-repository';

type Positioned = StoredReading & { cowId: number; lat: number; lon: number };

const isPositioned = (reading: StoredReading): reading is Positioned =>
  reading.cowId !== null && reading.lat !== undefined && reading.lon !== undefined;

const insertPositions = async (tx: Queryable, farmId: number, readings: readonly Positioned[]) => {
  await tx.query(
    `INSERT INTO cow_positions (farm_id, cow_id, sensor_id, measured_at, lat, lon)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::timestamptz[], $5::float8[], $6::float8[])
     ON CONFLICT DO NOTHING`,
    [
      farmId,
      readings.map((reading) => reading.cowId),
      readings.map((reading) => reading.sensorId),
      readings.map((reading) => reading.measuredAt),
      readings.map((reading) => reading.lat),
      readings.map((reading) => reading.lon),
    ],
  );
};

/**
 * The fence of one cow after new positions: her positions of the last day against her paddock; a stretch
 * outside of 10 minutes or more is notice 306, once per stretch (the episode is named by its first
 * position outside, so the readings that follow while she stays out add nothing).
 */
const watchFence = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
  sensorId: number,
  newest: number,
): Promise<ServerSocketMessage | undefined> => {
  const paddock = await findCowPaddock(tx, farmId, cowId);
  if (!paddock) return undefined;
  const positions = toTimed(await cowPositionsSince(tx, farmId, cowId, new Date(newest - TRACK_WINDOW_MS)));
  const breach = fenceBreach(positions, paddock.boundary);
  if (!breach) return undefined;
  const since = new Date(breach.since).toISOString();
  const notice = await recordNotice(tx, {
    farmId,
    cowId,
    sensorId,
    code: PADDOCK_BREACH_NOTICE,
    episodeKey: `fence:cow:${cowId}:paddock:${paddock.id}:${since}`,
    occurredAt: new Date(breach.at),
    details: { paddockId: paddock.id, paddock: paddock.name, since, ...breach.position },
  });
  return notice && noticeMessage(notice);
};

/**
 * Ingest step 7 (in the batch's transaction): the GPS positions of the stored readings, then the virtual
 * fence of each cow that sent some. Readings without a position, or from a sensor no cow wears, add nothing.
 */
export const storePositionsAndWatchFences = async (
  tx: Queryable,
  farmId: number,
  stored: readonly StoredReading[],
): Promise<ServerSocketMessage[]> => {
  const positioned = stored.filter(isPositioned);
  if (positioned.length === 0) return [];
  await insertPositions(tx, farmId, positioned);
  const newestByCow = new Map<number, Positioned>();
  for (const reading of positioned) {
    const known = newestByCow.get(reading.cowId);
    if (!known || reading.measuredAt > known.measuredAt) newestByCow.set(reading.cowId, reading);
  }
  const messages: ServerSocketMessage[] = [];
  for (const [cowId, reading] of [...newestByCow].sort(([a], [b]) => a - b)) {
    const message = await watchFence(tx, farmId, cowId, reading.sensorId, Date.parse(reading.measuredAt));
    if (message) messages.push(message);
  }
  return messages;
};
