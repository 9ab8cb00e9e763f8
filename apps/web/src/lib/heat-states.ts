import type { Notice } from '@cowcare/contract/routes/notices';
import type { NoticeDetailsOf } from '@cowcare/contract/notice-details';

/** Where a detected heat stands: in heat before her insemination window, or inside it. */
export type HeatPhase = 'inHeat' | 'inseminate';

export interface HeatState {
  phase: HeatPhase;
  /** When the heat began (the detector's back-dated onset), epoch ms: what an estrus record takes. */
  onset: number;
}

type MomentNames = keyof Pick<NoticeDetailsOf<101>, 'onset' | 'windowStart' | 'windowEnd'>;

const momentOf = (notice: Notice, name: MomentNames): number => {
  const value = notice.details[name];
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
};

/**
 * The cows whose detected heat (101) is not over: in heat until her insemination window opens, then
 * "inseminate" until it closes (architecture §9: onset + 13 h to + 24 h); after that nothing. When a cow
 * has had more than one heat, the latest counts.
 */
export function heatStates(notices: readonly Notice[], now: number): Map<number, HeatState> {
  const latest = new Map<number, { onset: number; start: number; end: number }>();
  for (const notice of notices) {
    if (notice.noticecode !== 101 || notice.cowid === null) continue;
    const heat = {
      onset: momentOf(notice, 'onset'),
      start: momentOf(notice, 'windowStart'),
      end: momentOf(notice, 'windowEnd'),
    };
    if (Object.values(heat).some(Number.isNaN)) continue;
    const known = latest.get(notice.cowid);
    if (!known || heat.end > known.end) latest.set(notice.cowid, heat);
  }
  const states = new Map<number, HeatState>();
  for (const [cowId, { onset, start, end }] of latest) {
    if (now < start) states.set(cowId, { phase: 'inHeat', onset });
    else if (now < end) states.set(cowId, { phase: 'inseminate', onset });
  }
  return states;
}
