// A collar that is not on a cow: taken off for a repair, a new battery or between cows, it keeps reporting
// counts near zero. Those blocks are not the cow, and a detector that takes them for her lowers her baseline
// for a week, so the day the collar goes back on looks like a heat (measured: a collar off for 4 days and put
// back on raised a heat with a peak of 3.1×, off for 10 days two). They are taken out as if never reported.
//
// A cow wearing her collar is never that still for long: on the development data (SCR Heatime, 40 cows,
// 4 weeks) every 12 hours of every cow from her 8th day hold a 2-hour block of at least 0.45 of her mean block
// over the previous week, even in the quietest nights; the one collar taken off (cow 7162, from 2019-02-18
// 20:00) then read 0-8 counts per block against her 42 (at most 0.19). So: at least `minHours` of blocks, each
// below a quarter of her mean block, is a collar off the cow. A cow down and still that long is raised as
// inactive (302) by the activity alerts, which count these blocks in the windows of 301 and 302 but leave
// them out of every baseline: a week in a drawer would otherwise become her normal.
// The live check holds 11.5 days: a collar off for longer than 10.5 of them leaves less than the day of worn
// blocks the judgement needs, and is taken for the cow again.

import { blocksIn, DAY_MS, HOUR_MS, type RegularActivitySeries } from './activity-series';

export interface CollarOffParameters {
  /** A block below this share of the cow's mean block is one a worn collar does not give. */
  readonly ratio: number;
  /** Such blocks must go on this long (missing blocks between them neither count nor interrupt). */
  readonly minHours: number;
  /** The cow's mean block is taken over her last this many days of worn-collar blocks. */
  readonly referenceDays: number;
}

export const DEFAULT_COLLAR_OFF_PARAMETERS: CollarOffParameters = {
  ratio: 0.25,
  minHours: 12,
  referenceDays: 7,
};

/**
 * The blocks with every stretch of a collar off the cow set to NaN (missing). Walked in time order: each
 * block is judged against the mean of the blocks before it that were judged worn, so a collar off for longer
 * than the reference period is still judged against the cow, not against itself. Blocks before one day of
 * worn-collar data are never judged off. Any cadence up to 2 hours: a 2-hour block at 0.45 of its mean holds
 * a finer reading at least that share of the mean reading, so finer readings are never judged off more often.
 */
export function withoutCollarOff(
  series: Pick<RegularActivitySeries, 'cadenceMs' | 'values'>,
  parameters: CollarOffParameters,
): Float64Array {
  const values = new Float64Array(series.values);
  const minBlocks = blocksIn(parameters.minHours * HOUR_MS, series.cadenceMs);
  const dayBlocks = blocksIn(DAY_MS, series.cadenceMs);
  const worn = new RunningMean(
    Math.max(dayBlocks, blocksIn(parameters.referenceDays * DAY_MS, series.cadenceMs)),
  );
  let pending: number[] = []; // the low blocks of the stretch going on, not yet known to be off or worn
  const settle = () => {
    if (pending.length >= minBlocks) for (const index of pending) values[index] = Number.NaN;
    else for (const index of pending) worn.add(values[index] ?? 0);
    pending = [];
  };
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? Number.NaN;
    if (Number.isNaN(value)) continue;
    const judged = worn.count >= dayBlocks;
    if (judged && value < parameters.ratio * worn.mean) {
      pending.push(index);
      continue;
    }
    settle();
    worn.add(value);
  }
  settle();
  return values;
}

/** The mean of the last `capacity` values added. */
class RunningMean {
  private readonly window: Float64Array;
  private next = 0;
  private sum = 0;
  count = 0;

  constructor(capacity: number) {
    this.window = new Float64Array(capacity);
  }

  get mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  add(value: number): void {
    if (this.count === this.window.length) this.sum -= this.window[this.next] ?? 0;
    else this.count += 1;
    this.window[this.next] = value;
    this.sum += value;
    this.next = (this.next + 1) % this.window.length;
  }
}
