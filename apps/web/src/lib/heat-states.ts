import type { Notice } from '@cowcare/contract/routes/notices';
import type { NoticeDetailsOf } from '@cowcare/contract/notice-details';

/** Where a detected heat stands: in heat before her insemination window, or inside it. */
export type HeatState = 'inHeat' | 'inseminate';

type WindowNames = keyof Pick<NoticeDetailsOf<101>, 'windowStart' | 'windowEnd'>;

const momentOf = (notice: Notice, name: WindowNames): number => {
  const value = notice.details[name];
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
};

/**
 * The cows whose detected heat (101) is not over: in heat until her insemination window opens, then
 * "inseminate" until it closes (architecture §9: onset + 13 h to + 24 h); after that nothing. When a cow
 * has had more than one heat, the latest counts.
 */
export function heatStates(notices: readonly Notice[], now: number): Map<number, HeatState> {
  const latest = new Map<number, { start: number; end: number }>();
  for (const notice of notices) {
    if (notice.noticecode !== 101 || notice.cowid === null) continue;
    const start = momentOf(notice, 'windowStart');
    const end = momentOf(notice, 'windowEnd');
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    const known = latest.get(notice.cowid);
    if (!known || end > known.end) latest.set(notice.cowid, { start, end });
  }
  const states = new Map<number, HeatState>();
  for (const [cowId, window] of latest) {
    if (now < window.start) states.set(cowId, 'inHeat');
    else if (now < window.end) states.set(cowId, 'inseminate');
  }
  return states;
}
