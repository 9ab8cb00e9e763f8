import type { Currency } from './currency';

export interface TopUpLimits {
  minimum: number;
  maximum: number;
  presets: number[];
}

/**
 * What a farm may pay in at once, and the amounts the app suggests, in major units of each currency (about
 * the same money in each: a preset near 10, 50, 100 and 500 US dollars). Minor units follow the exponent.
 */
const MAJOR_UNITS: Readonly<Record<string, { minimum: number; maximum: number; presets: number[] }>> = {
  KRW: { minimum: 1_000, maximum: 10_000_000, presets: [10_000, 50_000, 100_000, 500_000] },
  CNY: { minimum: 10, maximum: 50_000, presets: [100, 500, 1_000, 5_000] },
  JPY: { minimum: 100, maximum: 1_000_000, presets: [1_000, 5_000, 10_000, 50_000] },
  BRL: { minimum: 5, maximum: 50_000, presets: [50, 100, 500, 1_000] },
  EUR: { minimum: 1, maximum: 10_000, presets: [10, 50, 100, 500] },
  RUB: { minimum: 100, maximum: 1_000_000, presets: [1_000, 5_000, 10_000, 50_000] },
  THB: { minimum: 50, maximum: 300_000, presets: [500, 1_000, 5_000, 10_000] },
  IDR: { minimum: 10_000, maximum: 100_000_000, presets: [100_000, 500_000, 1_000_000, 5_000_000] },
  VND: { minimum: 10_000, maximum: 200_000_000, presets: [100_000, 500_000, 1_000_000, 5_000_000] },
  USD: { minimum: 1, maximum: 10_000, presets: [10, 50, 100, 500] },
};

export const topUpLimits = (currency: Currency): TopUpLimits => {
  const major = MAJOR_UNITS[currency.code] ?? MAJOR_UNITS.USD!;
  const toMinor = (amount: number) => amount * 10 ** currency.digits;
  return {
    minimum: toMinor(major.minimum),
    maximum: toMinor(major.maximum),
    presets: major.presets.map(toMinor),
  };
};
