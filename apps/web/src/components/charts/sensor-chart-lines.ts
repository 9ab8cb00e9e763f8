import type { TFunction } from 'i18next';
import type { SensorBounds } from '@cowcare/contract/routes/charts';
import type { GuideLine } from './trend-chart';
import { meanOf } from './chart-labels';
import { formatSignedDecimal } from '../../lib/format';

/** Colours of the lines, the same on every sensor chart. */
export const CHART_COLORS = {
  temperature: 'var(--mantine-color-red-7)',
  activity: 'var(--mantine-color-orange-7)',
  drinking: 'var(--mantine-color-cyan-7)',
  average: 'var(--mantine-color-gray-6)',
  fever: 'var(--mantine-color-orange-8)',
  upper: 'var(--mantine-color-grape-8)',
  lower: 'var(--mantine-color-blue-8)',
} as const;

/** The user's temperature alert lines of the sensor (uplow), for a temperature chart. */
export const temperatureAlertLines = (bounds: SensorBounds | null | undefined, t: TFunction): GuideLine[] => [
  { label: t('charts.guide.upper'), value: bounds?.tempUp ?? null, color: CHART_COLORS.upper },
  { label: t('charts.guide.lower'), value: bounds?.tempLow ?? null, color: CHART_COLORS.lower },
];

/**
 * The user's activity alert lines, for a chart of single 10-minute readings only: on hourly or daily sums
 * a line set for one reading would mean nothing.
 */
export const activityAlertLines = (bounds: SensorBounds | null | undefined, t: TFunction): GuideLine[] => [
  { label: t('charts.guide.upper'), value: bounds?.activityUp ?? null, color: CHART_COLORS.upper },
  { label: t('charts.guide.lower'), value: bounds?.activityLow ?? null, color: CHART_COLORS.lower },
];

/** Minutes after the device's midnight: the same slot on every day, whatever language labels it. */
const clockSlot = (iso: string): number => {
  const date = new Date(iso);
  return date.getHours() * 60 + date.getMinutes();
};

/**
 * The cow's usual activity at each point: the mean of the same clock slot on the earlier days of the
 * window (the detectors' baseline is the same clock window on previous days, architecture §9). The first
 * day has no earlier day, so no usual value.
 */
export function usualBySlot(points: readonly { time: string; activity: number | null }[]): (number | null)[] {
  const earlier = new Map<number, number[]>();
  return points.map((point) => {
    const slot = clockSlot(point.time);
    const seen = earlier.get(slot) ?? [];
    const usual = meanOf(seen);
    if (point.activity !== null) earlier.set(slot, [...seen, point.activity]);
    return usual;
  });
}

/** An hour of her temperature against her threshold (average + tempadd). */
interface DeviationHour {
  time: string;
  temp: number | null;
  average: number | null;
  deviation: number | null;
}

/**
 * The hour whose temperature stood highest above her threshold, with the allowance (tempadd) the deviation
 * is taken after, so the line can say why +1.12 is not simply temperature minus average; null without data.
 */
export function peakDeviation(
  hours: readonly DeviationHour[],
): { time: string; deviation: number; temp: number; average: number; allowance: number } | null {
  let peak: { time: string; deviation: number; temp: number; average: number; allowance: number } | null =
    null;
  for (const { time, temp, average, deviation } of hours) {
    if (deviation === null || temp === null || average === null) continue;
    if (peak === null || deviation > peak.deviation) {
      peak = {
        time,
        deviation,
        temp,
        average,
        allowance: Math.round((temp - average - deviation) * 100) / 100,
      };
    }
  }
  return peak;
}

/** '+0.62 °C' / '−0.10 °C' in the user's language, signed as the cow list signs a deviation. */
export const signedDegrees = (value: number, bcp47: string) => `${formatSignedDecimal(value, 2, bcp47)} °C`;
