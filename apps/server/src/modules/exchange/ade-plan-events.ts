import { EARLIEST_RECORD_DAY, isCalendarDate } from '@cowcare/domain/calendar-date';
import { cowcareOf, keyOf, text, type PlanContext } from './ade-plan-context';
import type { EventBase, Item, Json, PlannedHerd } from './ade-plan-types';

// What every event of the file needs before its kind is read: a cow of the file, a day in range, a memo
// that fits. An event that fails is refused and its kind's step goes on to the next one.

/** Our export's own day of the record wins: the moment alone may fall on another day in another zone. */
const dayOf = (event: Json, at: string | undefined): string | undefined => {
  const day = text(cowcareOf(event).day);
  return day && isCalendarDate(day) ? day : at?.slice(0, 10);
};

const isInRange = (ctx: PlanContext, at: string, day: string): boolean =>
  !Number.isNaN(Date.parse(at)) && isCalendarDate(day) && day >= EARLIEST_RECORD_DAY && day <= ctx.today;

/** The cow, moment, day and memo of an event; undefined (and refused) when one of them cannot be had. */
export const eventBaseOf = (
  ctx: PlanContext,
  herd: PlannedHerd,
  item: Item,
  reproduction: boolean,
): EventBase | undefined => {
  const event = item.resource;
  const animalKey = keyOf(event.animal);
  const what = `${text(event.id) ?? `#${item.index}`} (${animalKey ?? 'no animal'})`;
  const cow = animalKey === undefined ? undefined : herd.cowOfKey.get(animalKey);
  if (cow === undefined) {
    ctx.refuse(item, 'unknownAnimal', `animal ${animalKey ?? '(none)'} is not an animal of the file`, what);
    return undefined;
  }
  const at = text(event.eventDateTime);
  const day = dayOf(event, at);
  if (!at || !day || !isInRange(ctx, at, day)) {
    const detail = `eventDateTime ${at ?? '(none)'} is not a moment from ${EARLIEST_RECORD_DAY} to today`;
    ctx.refuse(item, 'invalidDate', detail, what);
    return undefined;
  }
  if (reproduction && herd.cows[cow]?.sex !== 'female') {
    const detail = `reproduction records are kept for female cows; ${herd.cows[cow]?.code} is male`;
    ctx.refuse(item, 'notFemale', detail, what);
    return undefined;
  }
  const memo = text(event.remark) ?? '';
  if (memo.length > 2000) {
    ctx.refuse(item, 'unsupportedValue', 'remark is longer than 2000 characters', what);
    return undefined;
  }
  return { cow, at: new Date(at).toISOString(), day, memo };
};

/** How a refusal names an event: its id, else nothing. */
export const eventName = (item: Item): string => text(item.resource.id) ?? '';
