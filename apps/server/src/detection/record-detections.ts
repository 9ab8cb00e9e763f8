import type { CowInfoSocketData } from '@cowcare/contract/socket-messages';
import type { DrinkingSummary } from '@cowcare/domain/drinking-detection';
import type { Database, Queryable } from '../db/database';
import { recordNotice, type NoticeRecord } from '../modules/notices/record-notice';
import type { DetectedNotice } from './detect-cow';

export interface CowDetectionResult {
  cowId: number;
  sensorId: number;
  notices: readonly DetectedNotice[];
  drinking: DrinkingSummary | undefined;
  /** The cow's drink values before, so an unchanged cow is not written or announced. */
  previousDrink: { current: number | null; average: number | null };
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

/**
 * One command per detection round: every new notice (once per episode key), the unread mark of the cows
 * they concern, and the drink values — all or nothing. What changed is returned for publishing after the
 * commit.
 */
export const recordDetections = async (
  db: Database,
  farmId: number,
  results: readonly CowDetectionResult[],
): Promise<RecordedDetections> => {
  // Most rounds find nothing new: they cost no transaction.
  if (results.every((result) => result.notices.length === 0 && !drinkChanged(result))) {
    return { notices: [], cowInfo: [] };
  }
  return db.transaction(async (tx) => {
    const notices: NoticeRecord[] = [];
    for (const result of results) {
      for (const notice of result.notices) {
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
    const changed = results.filter(drinkChanged);
    await writeDrinkValues(tx, farmId, changed);

    const cowInfo = new Map<number, CowInfoSocketData>();
    for (const cowId of unread) cowInfo.set(cowId, { id: cowId, readed: 0 });
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
