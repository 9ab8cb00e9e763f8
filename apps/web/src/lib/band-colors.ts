import type { ActivityLevel, TemperatureLevel } from '@cowcare/domain/cow-filter';

/**
 * The colours of the cow list's bands (Mantine palette tokens), one set for every screen that shows them: the
 * cow rows and the herd's count charts. Blue low, green normal, yellow-orange-red fever.
 */
export const TEMPERATURE_BAND_COLORS: Record<TemperatureLevel, string> = {
  low: 'blue.7',
  normal: 'green.8',
  slight: 'yellow.9',
  moderate: 'orange.8',
  severe: 'red.8',
};

export const ACTIVITY_BAND_COLORS: Record<ActivityLevel, string> = {
  low: 'blue.7',
  normal: 'green.8',
  high: 'orange.8',
};

/** A palette token ('blue.7') as a CSS colour, for SVG fills that Mantine's `c` prop does not reach. */
export const cssColor = (token: string) => `var(--mantine-color-${token.replace('.', '-')})`;
