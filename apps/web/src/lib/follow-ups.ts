import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Notice } from '@cowcare/contract/routes/notices';
import { isFollowUpDone, type LatestRecordDays } from '@cowcare/domain/follow-ups';

/**
 * The days of her latest records a cow carries (the pregnancy check is not among them: its reminder is
 * marked read by the server when the diagnosis is recorded, and stays listed, read).
 */
export const recordDaysOf = (
  cow: Pick<Cow, 'lastEstrus' | 'lastFertilization' | 'recentChildbirth'>,
): LatestRecordDays => ({
  estrus: cow.lastEstrus,
  fertilization: cow.lastFertilization,
  calving: cow.recentChildbirth,
});

/**
 * Whether a notice reminded of an event the cow has on record since (an expected calving she has calved,
 * an expected heat that was seen): the domain's rule, the one the server marks such notices read by.
 */
export const isNoticeDone = (
  notice: Notice,
  cow: Pick<Cow, 'lastEstrus' | 'lastFertilization' | 'recentChildbirth'>,
): boolean =>
  isFollowUpDone(
    { code: notice.noticecode, details: notice.details, day: notice.time.slice(0, 10) },
    recordDaysOf(cow),
  );
