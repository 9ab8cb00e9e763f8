import type { CowInfoSocketData } from '@cowcare/contract/socket-messages';
import type { DailyAverages } from '@cowcare/domain/daily-averages';
import type { DrinkingSummary } from '@cowcare/domain/drinking-detection';
import type { Database, Queryable } from '../db/database';
import { presentSensorValues, type CowSensorValues } from '../modules/cows/cow-presenter';
import { activityAverageAtNewestReading, lockCowRowsInOrder } from '../modules/cows/cows-repository';
import { recordNotice, type NoticeRecord } from '../modules/notices/record-notice';
import type { DetectedNotice, ListActivity } from './detect-cow';
import { prefixOfEpisodeKey } from './episode-keys';

export interface CowDetectionResult {
  cowId: number;
  sensorId: number;
  /** Her newest reading the detection saw. */
  newest: number;
  notices: readonly DetectedNotice[];
  drinking: DrinkingSummary | undefined;
  /** The cow's drink values before, so an unchanged cow is not written or announced. */
  previousDrink: { current: number | null; average: number | null };
  /** Her averages from her readings, and as stored: written only when they differ. */
  averages: DailyAverages;
  previousAverages: DailyAverages;
  /** A bolus's newest temperature outside a drink (`temp_current`), null for a collar; and as stored. */
  bolusTemperature: number | null;
  previousTemperature: number | null;
  /** Her last two hours and her usual at those hours, and as stored. */
  recentActivity: ListActivity | undefined;
  previousRecentActivity: { current: number | null; usual: number | null };
}

export interface RecordedDetections {
  /** Notices stored now (an episode that already had its notice is not among them). */
  notices: NoticeRecord[];
  /** Changed cow fields, by wire name. */
  cowInfo: CowInfoSocketData[];
}

const drinkChanged = (
  result: CowDetectionResult,
): result is CowDetectionResult & { drinking: DrinkingSummary } =>
  result.drinking !== undefined &&
  (result.drinking.last24Hours !== result.previousDrink.current ||
    result.drinking.perDayLast7Days !== result.previousDrink.average);

const sameHours = (a: DailyAverages['activityByHour'], b: DailyAverages['activityByHour']) =>
  a === b || (a !== null && b !== null && a.every((mean, hour) => mean === b[hour]));

/** A kind without readings in the window leaves the stored average (and a bolus her temperature) as it is. */
const temperatureOrAveragesChanged = ({
  averages,
  previousAverages,
  bolusTemperature,
  previousTemperature,
  recentActivity,
  previousRecentActivity,
}: CowDetectionResult) =>
  (bolusTemperature !== null && bolusTemperature !== previousTemperature) ||
  (recentActivity !== undefined &&
    (recentActivity.current !== previousRecentActivity.current ||
      recentActivity.usual !== previousRecentActivity.usual)) ||
  (averages.temperature !== null && averages.temperature !== previousAverages.temperature) ||
  (averages.activity !== null && averages.activity !== previousAverages.activity) ||
  (averages.activityByHour !== null && !sameHours(averages.activityByHour, previousAverages.activityByHour));

/** A PostgreSQL array literal: a list of arrays cannot be passed as one parameter of rows (unnest flattens). */
const arrayLiteral = (values: DailyAverages['activityByHour']) =>
  values === null ? null : `{${values.map((value) => value ?? 'NULL').join(',')}}`;

/**
 * Writes a bolus's temperature and the averages, and returns each cow's values as they now stand, for her
 * cowinfo.
 */
const writeTemperatureAndAverages = async (
  tx: Queryable,
  farmId: number,
  changed: readonly CowDetectionResult[],
): Promise<(CowSensorValues & { id: number })[]> => {
  if (changed.length === 0) return [];
  return tx.query<CowSensorValues & { id: number }>(
    `UPDATE cows c
        SET current_temperature = coalesce(a.current_temperature, c.current_temperature),
            average_temperature = coalesce(a.temperature, c.average_temperature),
            average_activity = coalesce(a.activity, c.average_activity),
            activity_by_hour = coalesce(a.activity_by_hour::numeric[], c.activity_by_hour),
            current_activity = coalesce(a.current_activity, c.current_activity),
            usual_activity = CASE WHEN a.current_activity IS NULL THEN c.usual_activity ELSE a.usual_activity END,
            updated_at = now()
       FROM unnest($2::int[], $3::numeric[], $4::numeric[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[])
            AS a(id, temperature, activity, activity_by_hour, current_temperature, current_activity, usual_activity)
      WHERE c.farm_id = $1 AND c.id = a.id
      RETURNING c.id, c.current_temperature::float8 AS "currentTemperature",
                c.average_temperature::float8 AS "averageTemperature",
                c.temperature_offset::float8 AS "temperatureOffset",
                c.current_activity::float8 AS "currentActivity",
                ${activityAverageAtNewestReading('c')}::float8 AS "averageActivity"`,
    [
      farmId,
      changed.map((result) => result.cowId),
      changed.map((result) => result.averages.temperature),
      changed.map((result) => result.averages.activity),
      changed.map((result) => arrayLiteral(result.averages.activityByHour)),
      changed.map((result) => result.bolusTemperature),
      changed.map((result) => result.recentActivity?.current ?? null),
      changed.map((result) => result.recentActivity?.usual ?? null),
    ],
  );
};

const writeDrinkValues = async (tx: Queryable, farmId: number, changed: readonly CowDetectionResult[]) => {
  if (changed.length === 0) return;
  await tx.query(
    `UPDATE cows c SET current_drink = d.current, average_drink = d.average, updated_at = now()
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS d(id, current, average)
      WHERE c.farm_id = $1 AND c.id = d.id`,
    [
      farmId,
      changed.map((result) => result.cowId),
      changed.map((result) => result.drinking?.last24Hours ?? null),
      changed.map((result) => result.drinking?.perDayLast7Days ?? null),
    ],
  );
};

/** Which of these episode keys already have their notice in the farm. */
export const storedEpisodeKeys = async (
  db: Queryable,
  farmId: number,
  keys: readonly string[],
): Promise<Set<string>> => {
  const rows = await db.query<{ key: string }>(
    'SELECT episode_key AS key FROM notices WHERE farm_id = $1 AND episode_key = ANY($2::text[])',
    [farmId, keys],
  );
  return new Set(rows.map((row) => row.key));
};

/**
 * The cow already has a notice of this code for an episode that began inside this one, between its start and
 * her newest reading: the same episode, recorded earlier by a detection that saw a hole in the readings before
 * it (another instance had not committed them yet) and so placed its start later. One notice per episode.
 */
const noticedAsLaterStart = async (
  tx: Queryable,
  farmId: number,
  cowId: number,
  notice: DetectedNotice,
  newest: number,
): Promise<boolean> => {
  const prefix = prefixOfEpisodeKey(notice.episodeKey);
  const rows = await tx.query(
    `SELECT 1 FROM notices
      WHERE farm_id = $1 AND cow_id = $2 AND code = $3 AND starts_with(episode_key, $4)
        AND substr(episode_key, length($4) + 1)::timestamptz > $5
        AND substr(episode_key, length($4) + 1)::timestamptz <= $6
      LIMIT 1`,
    [farmId, cowId, notice.code, prefix, iso(notice.episodeStart), iso(newest)],
  );
  return rows.length > 0;
};

const iso = (time: number) => new Date(time).toISOString();

/** A result the round must write: a notice to record, or drink values, averages or a temperature changed. */
const writesSomething = (result: CowDetectionResult) =>
  result.notices.length > 0 || drinkChanged(result) || temperatureOrAveragesChanged(result);

/**
 * A round's commit returns once its changes are visible, without waiting for them to reach the disk (the WAL
 * writer flushes them within 0.6 s, three times its default delay). An alert's reading was flushed before the
 * ingest acknowledged it; a second flush only made its notice later, and a disk that stalls held every commit
 * waiting on it for 60-170 ms (bench/alert-latency/ANALYSIS.md, 2026-11-27). Everything a round writes is
 * derived from readings already on disk: if the database crashes before the flush, the notices within
 * RECHECK_HOURS of the cow's newest reading are recorded again by her next batch, and the averages with them.
 */
const COMMIT_WITHOUT_WAITING_FOR_THE_DISK = 'SET LOCAL synchronous_commit = off';

/**
 * One command per detection round: every new notice (once per episode key), the unread mark of the cows
 * they concern, the drink values, a bolus's temperature and the daily averages — all or nothing. What
 * changed is returned for publishing after the commit.
 */
export const recordDetections = async (
  db: Database,
  farmId: number,
  results: readonly CowDetectionResult[],
): Promise<RecordedDetections> => {
  const written = results.filter(writesSomething);
  // Most rounds find nothing new: they cost no transaction.
  if (written.length === 0) return { notices: [], cowInfo: [] };
  return db.transaction(async (tx) => {
    await tx.query(COMMIT_WITHOUT_WAITING_FOR_THE_DISK);
    await lockCowRowsInOrder(
      tx,
      farmId,
      written.map((result) => result.cowId),
    );
    const notices: NoticeRecord[] = [];
    for (const result of written) {
      for (const notice of result.notices) {
        if (await noticedAsLaterStart(tx, farmId, result.cowId, notice, result.newest)) continue;
        const recorded = await recordNotice(tx, {
          farmId,
          cowId: result.cowId,
          sensorId: result.sensorId,
          code: notice.code,
          episodeKey: notice.episodeKey,
          occurredAt: new Date(notice.occurredAt),
          details: notice.details,
        });
        if (recorded) notices.push(recorded);
      }
    }
    const unread = [...new Set(notices.flatMap((notice) => (notice.cowId === null ? [] : [notice.cowId])))];
    if (unread.length > 0) {
      await tx.query(
        'UPDATE cows SET is_read = false, updated_at = now() WHERE farm_id = $1 AND id = ANY($2::int[])',
        [farmId, unread],
      );
    }
    const changed = written.filter(drinkChanged);
    await writeDrinkValues(tx, farmId, changed);
    const averaged = await writeTemperatureAndAverages(
      tx,
      farmId,
      written.filter(temperatureOrAveragesChanged),
    );

    const cowInfo = new Map<number, CowInfoSocketData>();
    for (const cowId of unread) cowInfo.set(cowId, { id: cowId, readed: 0 });
    for (const cow of averaged) {
      cowInfo.set(cow.id, { ...cowInfo.get(cow.id), id: cow.id, ...presentSensorValues(cow) });
    }
    for (const result of changed) {
      cowInfo.set(result.cowId, {
        ...cowInfo.get(result.cowId),
        id: result.cowId,
        drink: result.drinking.perDayLast7Days,
        drink_current: result.drinking.last24Hours,
      });
    }
    return { notices, cowInfo: [...cowInfo.values()] };
  });
};
