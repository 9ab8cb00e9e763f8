import { textWidth } from './label-fit';

/**
 * The x-axis ticks of a trend chart, chosen from its labels alone. Recharts picks ticks from where they
 * land, which differs between bars (a band each) and lines (a point each), so the hourly temperature and
 * activity charts of one day ticked at different hours. Chosen here, every chart with the same rows ticks
 * at the same ones, counted from the first row in steps of whole hours or days.
 */

/** The plot's width on a 390 px phone, less the value axis: wider screens show the same ticks, spaced out. */
const PHONE_PLOT_WIDTH = 270;
/** The least room between two tick labels. */
const TICK_GAP = 12;
/**
 * Steps in rows that fall on round times for the charts' buckets: 10-minute readings (24 = 4 h, 36 = 6 h),
 * hours (4, 6, 12), 2-hour and 6-hour means (4 = a day of 6-hour sums, 12 = a day of 2-hour means), days.
 */
const STEPS = [1, 2, 3, 4, 6, 8, 12, 18, 24, 36, 48, 72, 96, 144, 288];

export function categoryTicks(labels: readonly string[], fontSize: number): string[] {
  if (labels.length === 0) return [];
  const widest = Math.max(...labels.map((label) => textWidth(label, fontSize)));
  const fitting = Math.max(2, Math.floor(PHONE_PLOT_WIDTH / (widest + TICK_GAP)));
  const least = Math.ceil(labels.length / fitting);
  const step = STEPS.find((candidate) => candidate >= least) ?? least;
  return labels.filter((_, index) => index % step === 0);
}
