import type { ReadingOutcome } from '@cowcare/contract/routes/ingest';
import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import type { Database } from '../db/database';
import { registeredAmong } from '../modules/gateways/sensor-inventory';
import { storePositionsAndWatchFences } from '../modules/location/position-ingest';
import { persistReadings } from './persist-readings';
import { noticeSensorsBackOnline, noticeUnassignedSensors } from './sensor-notices';
import type { StoredReading } from './stored-reading';
import { updateCowState } from './update-cow-state';
import {
  validateReadings,
  type RejectedItem,
  type ValidatedItems,
  type ValidReading,
} from './validate-readings';

/** What became of one message. */
export interface IngestResult {
  stored: number;
  duplicate: number;
  rejected: RejectedItem[];
  /** One outcome per payload item, in payload order. */
  outcomes: ReadingOutcome[];
}

/** What a written group of messages of one farm changed. */
export interface GroupResult {
  results: IngestResult[];
  /** Socket messages for the farm, to publish now that the group is committed. */
  messages: ServerSocketMessage[];
  /** 703 episodes this group settled (recorded now or before). */
  unassignedEpisodeKeys: string[];
  /** The readings new to the database, for detection once the group is committed. */
  stored: StoredReading[];
  /** Cows whose newest reading is in the cow list's fever bands: detection takes them first. */
  feverishCows: ReadonlySet<number>;
}

export interface IngestOptions {
  now: Date;
  /** True when the 703 notice of that episode is known to exist (a cache of the caller's). */
  alreadyNoticed: (episodeKey: string) => boolean;
}

const resultOf = (
  itemCount: number,
  { valid, rejected }: ValidatedItems,
  stored: ReadonlySet<ValidReading>,
): IngestResult => {
  const outcomes: ReadingOutcome[] = Array.from({ length: itemCount });
  for (const { index, reason } of rejected) outcomes[index] = { index, status: 'rejected', reason };
  let storedCount = 0;
  for (const reading of valid) {
    const isStored = stored.has(reading);
    if (isStored) storedCount += 1;
    outcomes[reading.index] = { index: reading.index, status: isStored ? 'stored' : 'duplicate' };
  }
  return { stored: storedCount, duplicate: valid.length - storedCount, rejected, outcomes };
};

/**
 * The ingest pipeline for the messages of one farm (style.md item 13): validate each item -> resolve
 * sensors to cows and persist (one statement) -> update cow state -> sensor notices -> GPS positions and the
 * virtual fence. All but validation
 * run in one transaction, so a failed write leaves nothing behind and the callers may acknowledge only
 * after this resolves; publishing the returned messages is their last step, after the commit. Several
 * messages (a backlog) make one batch: one INSERT, one update per cow.
 */
export const ingestReadings = async (
  db: Database,
  farmId: number,
  messages: readonly (readonly unknown[])[],
  options: IngestOptions,
): Promise<GroupResult> => {
  const checked = messages.map((items, message) => validateReadings(items, options.now, message));
  const valid = checked.flatMap((items) => items.valid);
  if (valid.length === 0) {
    return {
      results: checked.map((items, message) => resultOf(messages[message]?.length ?? 0, items, new Set())),
      messages: [],
      unassignedEpisodeKeys: [],
      stored: [],
      feverishCows: new Set(),
    };
  }
  const written = await db.transaction(async (tx) => {
    const { stored, storedReadings, unassignedSensors } = await persistReadings(tx, farmId, valid);
    // A sensor the farm registered but no cow wears yet is expected (being set up): no 703 for it.
    const registered = await registeredAmong(tx, farmId, unassignedSensors);
    const unassignedSet = new Set(unassignedSensors.filter((sensor) => !registered.has(sensor)));
    const unassigned = await noticeUnassignedSensors(
      tx,
      farmId,
      valid.filter((reading) => unassignedSet.has(reading.sensorId)),
      options.now,
      options.alreadyNoticed,
    );
    const cowState = await updateCowState(tx, farmId, stored, options.now);
    const backOnline = await noticeSensorsBackOnline(tx, farmId, cowState.cameOnline);
    const fenceNotices = await storePositionsAndWatchFences(tx, farmId, stored);
    const socketMessages: ServerSocketMessage[] = [
      ...cowState.cowInfo.map((data): ServerSocketMessage => ({ type: 'cowinfo', data })),
      ...backOnline,
      ...fenceNotices,
      ...unassigned.messages,
    ];
    return {
      stored,
      storedReadings,
      socketMessages,
      unassignedEpisodeKeys: unassigned.episodeKeys,
      feverishCows: cowState.feverish,
    };
  });
  return {
    results: checked.map((items, message) =>
      resultOf(messages[message]?.length ?? 0, items, written.storedReadings),
    ),
    messages: written.socketMessages,
    unassignedEpisodeKeys: written.unassignedEpisodeKeys,
    stored: written.stored,
    feverishCows: written.feverishCows,
  };
};
