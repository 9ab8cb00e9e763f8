import type { CowCard } from '@cowcare/contract/chat-schemas';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { daysBetween } from '@cowcare/domain/calendar-date';
import { parseStoredStatus } from '@cowcare/domain/cow-status';
import { sensorKind } from '@cowcare/domain/sensor';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import { findCowInFarm, type CowRecord } from '../cows/cows-repository';

/** The sender, as far as a card needs them: the farm whose cow it may be. */
export interface CardSender {
  userId: number;
  farmId: number;
  farmNumber: string;
}

/** Whole days from a YYYY-MM-DD day to today (UTC); none for no day or a day still to come. */
const daysSince = (day: string | null, today: string): number | null => {
  if (day === null) return null;
  const days = daysBetween(day, today);
  return days < 0 ? null : days;
};

/** The figures a farmer quotes about a cow: days in milk while she milks, since insemination while she waits. */
const reproductionDays = (cow: CowRecord, status: CowCard['status'], today: string) => ({
  daysInMilk: status === 'lactation' ? daysSince(cow.lastCalvingDate, today) : null,
  daysSinceInsemination:
    status === 'pregnancyConfirm' || status === 'pregnancy'
      ? daysSince(cow.lastFertilizationDate, today)
      : null,
});

/**
 * A cow of the sender's farm as a card, read now from the database (decision 0019, cow cards). The cow is
 * looked up within the sender's farm only, so another farm's cow is simply not found (404), as on her page.
 * The card is a copy: whoever reads it later, on any farm, reads these values and never the cow.
 */
export const snapshotCow = async (
  db: Queryable,
  sender: CardSender,
  cowId: number,
  now: Date = new Date(),
): Promise<CowCard> => {
  const cow = await findCowInFarm(db, sender.farmId, cowId);
  if (!cow) throw notFound('There is no such cow in your farm');
  const status = parseStoredStatus(cow.status);
  // Stored statuses are written by this code base; an unknown one is a data problem, not a card.
  if (!status) throw conflict(ERROR_CODES.conflict, 'This cow has a status the app does not know');
  return {
    cowId: cow.id,
    farmNumber: sender.farmNumber,
    code: cow.code,
    status,
    sensorKind: cow.sensorId === null ? null : sensorKind(cow.sensorId),
    temperature: cow.currentTemperature,
    activity: cow.currentActivity,
    drink: cow.currentDrink,
    readingAt: cow.lastReadingAt,
    ...reproductionDays(cow, status, now.toISOString().slice(0, 10)),
  };
};
