import { addDays } from './calendar-date';

// When a notice's work is done (issue 33, point 6). A reminder says "do this about that date": it is done
// once the event it reminded of is recorded for the cow. "Recorded" means a record of the right kind dated
// in the cycle the reminder belongs to, so an old record entered late (from an earlier cycle) settles
// nothing, while an event that came a little early, or was entered a few days late, does.

/** The events a farmer records, by the latest day of each the cow has (YYYY-MM-DD, or none). */
export interface LatestRecordDays {
  readonly estrus?: string | null;
  readonly fertilization?: string | null;
  readonly pregnancyCheck?: string | null;
  readonly calving?: string | null;
}
export type RecordedEventKind = keyof LatestRecordDays;

/** A heat comes every 21 days: one seen up to a third of a cycle before the expected day is that heat. */
export const EXPECTED_ESTRUS_EARLY_DAYS = 7;
/**
 * A calving more than two months before the expected day is not the calving of this pregnancy (that would
 * be an abortion, recorded as a pregnancy result); one up to then, or any time after, is.
 */
export const CALVING_EARLY_DAYS = 60;
/** A pregnancy check with no insemination on record: the longest check interval (60 days) before its day. */
export const PREGNANCY_CHECK_EARLY_DAYS = 60;

interface FollowUp {
  /** The events that settle it. */
  readonly settledBy: readonly RecordedEventKind[];
  /** The field of the notice's details that holds the date it is about; its own day when absent. */
  readonly dateField: string;
  /** The earliest day a settling event may be dated, from the date the notice is about and the cow's days. */
  readonly earliest: (date: string, latest: LatestRecordDays) => string;
}

const calvingFollowUp: FollowUp = {
  settledBy: ['calving'],
  dateField: 'expectedCalvingDate',
  earliest: (date) => addDays(date, -CALVING_EARLY_DAYS),
};

/** The notices that end when their event is recorded, by code (architecture §6). */
const FOLLOW_UPS: Readonly<Record<number, FollowUp>> = {
  // Calving expected within 24 h (a temperature drop), calving overdue.
  501: calvingFollowUp,
  502: calvingFollowUp,
  // Pregnancy check due: a diagnosis of the insemination it checks, i.e. dated on or after that one.
  601: {
    settledBy: ['pregnancyCheck'],
    dateField: 'pregnancyCheckDate',
    earliest: (date, latest) => latest.fertilization ?? addDays(date, -PREGNANCY_CHECK_EARLY_DAYS),
  },
  // Expected estrus due: the heat seen, or the cow inseminated in it.
  602: {
    settledBy: ['estrus', 'fertilization'],
    dateField: 'expectedEstrusDate',
    earliest: (date) => addDays(date, -EXPECTED_ESTRUS_EARLY_DAYS),
  },
  // Expected calving near.
  603: calvingFollowUp,
};

/** The codes whose notices end when their event is recorded. */
export const FOLLOW_UP_NOTICE_CODES: readonly number[] = Object.keys(FOLLOW_UPS).map(Number);

export interface FollowUpNotice {
  readonly code: number;
  readonly details: Readonly<Record<string, unknown>>;
  /** The day the notice was raised (YYYY-MM-DD): the date it is about when its details hold none. */
  readonly day: string;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether the event a notice reminded of is recorded: the cow's latest record of a settling kind is dated on
 * or after the earliest day that counts for it. Notices of other codes are never settled this way.
 */
export function isFollowUpDone(notice: FollowUpNotice, latest: LatestRecordDays): boolean {
  const followUp = FOLLOW_UPS[notice.code];
  if (!followUp) return false;
  const given = notice.details[followUp.dateField];
  const date = typeof given === 'string' && DAY_PATTERN.test(given) ? given : notice.day;
  const earliest = followUp.earliest(date, latest);
  return followUp.settledBy.some((kind) => {
    const day = latest[kind];
    return typeof day === 'string' && day >= earliest;
  });
}
