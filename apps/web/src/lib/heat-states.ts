import type { Notice } from '@cowcare/contract/routes/notices';
import type { NoticeDetailsOf } from '@cowcare/contract/notice-details';
import {
  heatStates as heatStatesOf,
  type DetectedHeat,
  type HeatPhase,
  type HeatState,
} from '@cowcare/domain/heat-states';

export type { HeatPhase, HeatState };

type MomentNames = keyof Pick<NoticeDetailsOf<101>, 'onset' | 'windowStart' | 'windowEnd'>;

const momentOf = (notice: Notice, name: MomentNames): number => {
  const value = notice.details[name];
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
};

/** The day of a moment on this device's calendar: the day a record typed on it is written with. */
export const localDay = (time: number): string => {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The heats the detector found (101), from the notice list. */
export function detectedHeats(notices: readonly Notice[]): DetectedHeat[] {
  return notices.flatMap((notice) =>
    notice.noticecode === 101 && notice.cowid !== null
      ? [
          {
            cowId: notice.cowid,
            onset: momentOf(notice, 'onset'),
            windowStart: momentOf(notice, 'windowStart'),
            windowEnd: momentOf(notice, 'windowEnd'),
          },
        ]
      : [],
  );
}

/**
 * The cows whose detected heat (101) is not over (the domain's rule): in heat until her insemination window
 * opens, then "inseminate" until it closes or she is inseminated in it (`lastFertilization` of the cows
 * given, the list's or the page's); after that nothing. When a cow has had more than one heat, the latest
 * counts.
 */
export function heatStates(
  notices: readonly Notice[],
  now: number,
  cows: readonly { id: number; lastFertilization: string | null }[] = [],
): Map<number, HeatState> {
  const inseminated = new Map(cows.map((cow) => [cow.id, cow.lastFertilization]));
  return heatStatesOf(detectedHeats(notices), now, {
    lastInseminationDay: (cowId) => inseminated.get(cowId),
    dayOf: localDay,
  });
}
