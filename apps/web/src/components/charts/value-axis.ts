import { formatDecimal } from '../../lib/format';

/**
 * The value (y) axis of a line chart. Recharts' automatic domain fits the data exactly, so a herd whose mean
 * temperature moved by 0.01 °C in an hour fills the chart with a cliff. With `minSpan` the axis spans at
 * least that much around the data's middle, out to half units, with a tick on every half unit, so small
 * wiggles look small and the ticks fall on round numbers.
 */
export interface ValueAxis {
  domain: [number | 'auto', number | 'auto'];
  ticks?: number[];
}

/** °C: the least a temperature chart spans; a fever's bands are half a degree apart. */
export const TEMPERATURE_AXIS_SPAN = 1;

const TICK_STEP = 0.5;

export function valueAxis(values: readonly number[], minSpan: number | undefined): ValueAxis {
  if (minSpan === undefined || values.length === 0) return { domain: ['auto', 'auto'] };
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (high - low >= minSpan) return { domain: ['auto', 'auto'] };
  const middle = (low + high) / 2;
  const from = Math.floor((middle - minSpan / 2) / TICK_STEP) * TICK_STEP;
  const to = Math.ceil((middle + minSpan / 2) / TICK_STEP) * TICK_STEP;
  const ticks = Array.from(
    { length: Math.round((to - from) / TICK_STEP) + 1 },
    (_, index) => from + index * TICK_STEP,
  );
  return { domain: [from, to], ticks };
}

/**
 * A tick label in the user's language with at most `digits` decimals and no trailing zeros: '39', '38.75'
 * ('38,75' in Portuguese), never '39.0275'.
 */
export const valueTick = (digits: number, bcp47: string) => (value: number) =>
  formatDecimal(value, digits, bcp47, true);
