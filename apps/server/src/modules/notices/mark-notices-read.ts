import type { CowInfoSocketData } from '@cowcare/contract/socket-messages';
import type { Database, Queryable } from '../../db/database';
import { notFound } from '../../http/app-error';

export interface MarkedRead {
  /** Notices that were unread until now. */
  updated: number;
  /** Their ids: what the farm's other sessions are told (`noticesread`). */
  ids: number[];
  /** Cows whose every notice is now read: their `readed` flag turned to 1. */
  cowsRead: CowInfoSocketData[];
}

/**
 * Marks these notices of the farm read, in the caller's transaction; those read already are left as they
 * are. A cow whose last unread notice this was is marked read too (the cow list's `readed`).
 */
export const markReadInTransaction = async (
  tx: Queryable,
  farmId: number,
  ids: readonly number[],
): Promise<MarkedRead> => {
  if (ids.length === 0) return { updated: 0, ids: [], cowsRead: [] };
  const marked = await tx.query<{ id: number; cowId: number | null }>(
    `UPDATE notices SET read_at = now()
      WHERE farm_id = $1 AND id = ANY($2::bigint[]) AND read_at IS NULL
      RETURNING id::int AS id, cow_id AS "cowId"`,
    [farmId, ids],
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
  return {
    updated: marked.length,
    ids: marked.map(({ id }) => id).sort((a, b) => a - b),
    cowsRead: cowsRead.map(({ id }) => ({ id, readed: 1 as const })),
  };
};

/**
 * Marks the farm's notices read, all or none: an id that is not the farm's (or does not exist) fails the
 * whole call with 404, so the answer never tells another farm's notice ids from unknown ones.
 */
export const markNoticesRead = (db: Database, farmId: number, ids: readonly number[]): Promise<MarkedRead> =>
  db.transaction(async (tx) => {
    const wanted = [...new Set(ids)];
    const found = await tx.query<{ id: number }>(
      'SELECT id FROM notices WHERE farm_id = $1 AND id = ANY($2::bigint[]) FOR UPDATE',
      [farmId, wanted],
    );
    if (found.length !== wanted.length) throw notFound('No such notice in this farm');
    return markReadInTransaction(tx, farmId, wanted);
  });
