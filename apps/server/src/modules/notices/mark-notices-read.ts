import type { CowInfoSocketData } from '@cowcare/contract/socket-messages';
import type { Database } from '../../db/database';
import { notFound } from '../../http/app-error';

export interface MarkedRead {
  /** Notices that were unread until now. */
  updated: number;
  /** Cows whose every notice is now read: their `readed` flag turned to 1. */
  cowsRead: CowInfoSocketData[];
}

/**
 * Marks the farm's notices read, all or none: an id that is not the farm's (or does not exist) fails the
 * whole call with 404, so the answer never tells another farm's notice ids from unknown ones. A cow whose
 * last unread notice this was is marked read too (the cow list's `readed`).
 */
export const markNoticesRead = (db: Database, farmId: number, ids: readonly number[]): Promise<MarkedRead> =>
  db.transaction(async (tx) => {
    const wanted = [...new Set(ids)];
    const found = await tx.query<{ id: number }>(
      'SELECT id FROM notices WHERE farm_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE',
      [farmId, wanted],
    );
    if (found.length !== wanted.length) throw notFound('No such notice in this farm');
    const marked = await tx.query<{ cowId: number | null }>(
      `UPDATE notices SET read_at = now()
        WHERE farm_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL
        RETURNING cow_id AS "cowId"`,
      [farmId, wanted],
    );
    const cowIds = [...new Set(marked.flatMap(({ cowId }) => (cowId === null ? [] : [cowId])))];
    const cowsRead =
      cowIds.length === 0
        ? []
        : await tx.query<{ id: number }>(
            `UPDATE cows c SET is_read = true, updated_at = now()
              WHERE c.farm_id = $1 AND c.id = ANY($2::int[]) AND NOT c.is_read
                AND NOT EXISTS (SELECT 1 FROM notices n WHERE n.cow_id = c.id AND n.read_at IS NULL)
              RETURNING c.id`,
            [farmId, cowIds],
          );
    return { updated: marked.length, cowsRead: cowsRead.map(({ id }) => ({ id, readed: 1 as const })) };
  });
