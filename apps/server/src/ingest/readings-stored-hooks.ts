import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { Queryable } from '../db/database';

/** A reading as stored: new rows only (a duplicate never reaches detection twice). */
export interface StoredReading {
  sensorId: number;
  /** The cow wearing the sensor when it arrived; null for an unassigned sensor. */
  cowId: number | null;
  sequenceNumber: number;
  /** ISO-8601, UTC. */
  measuredAt: string;
  temperature: number | null;
  activity: number | null;
  drink: number | null;
}

/** Queues a socket message for the farm; it is sent only once the batch has committed. */
export type PublishAfterCommit = (message: ServerSocketMessage) => void;

/**
 * Detection's entry point: called inside the batch's transaction, after the readings and the cows' current
 * values are written, with the cows that got new readings. What a handler writes (notices through
 * `recordNotice`) commits or rolls back with the readings; what it publishes goes out after the commit.
 */
export type ReadingsStoredHandler = (
  tx: Queryable,
  farmId: number,
  cowIds: readonly number[],
  readings: readonly StoredReading[],
  publishAfterCommit: PublishAfterCommit,
) => Promise<void>;

const handlers = new Set<ReadingsStoredHandler>();

/** Registers a handler for every stored batch; the returned function removes it again. */
export const onReadingsStored = (handler: ReadingsStoredHandler): (() => void) => {
  handlers.add(handler);
  return () => handlers.delete(handler);
};

/** Runs the registered handlers one after the other; none are registered by the ingest itself. */
export const runReadingsStoredHandlers = async (
  tx: Queryable,
  farmId: number,
  cowIds: readonly number[],
  readings: readonly StoredReading[],
  publishAfterCommit: PublishAfterCommit,
): Promise<void> => {
  for (const handler of handlers) await handler(tx, farmId, cowIds, readings, publishAfterCommit);
};
