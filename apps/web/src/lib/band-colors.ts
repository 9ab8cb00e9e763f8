import type { ActivityLevel, TemperatureLevel } from '@cowcare/domain/cow-filter';

/**
 * The colours of the cow list's bands (Mantine theme colours), one set for every screen that shows them: the
 * cow rows and the herd's count charts. Blue low, green normal, yellow-orange-red fever. A bare colour is its
 * text shade, which the theme keeps readable on white.
 */
export const TEMPERATURE_BAND_COLORS: Record<TemperatureLevel, string> = {
  low: 'blue',
  normal: 'green',
  slight: 'yellow',
  moderate: 'orange',
  severe: 'red',
};

export const ACTIVITY_BAND_COLORS: Record<ActivityLevel, string> = {
  low: 'blue',
  normal: 'green',
  high: 'orange',
};

/**
 * A theme colour ('blue', its text shade) or a palette token ('gray.5') as a CSS colour, for SVG fills that
 * Mantine's `c` prop does not reach.
 */
export const cssColor = (token: string) =>
  token.includes('.')
    ? `var(--mantine-color-${token.replace('.', '-')})`
    : `var(--mantine-color-${token}-text)`;
