import { describe, expect, it } from 'vitest';
import { peakDeviation, signedDegrees, usualBySlot } from './sensor-chart-lines';

const at = (day: number, hour: number) => new Date(2025, 5, day, hour).toISOString();

describe('usualBySlot', () => {
  it('is the mean of the same clock slot on the earlier days, and nothing on the first day', () => {
    const usual = usualBySlot([
      { time: at(1, 0), activity: 60 },
      { time: at(1, 6), activity: 90 },
      { time: at(2, 0), activity: 80 },
      { time: at(2, 6), activity: null },
      { time: at(3, 0), activity: 400 },
      { time: at(3, 6), activity: 100 },
    ]);
    expect(usual).toEqual([null, null, 60, 90, 70, 90]);
  });
});

describe('peakDeviation', () => {
  it('finds the hour furthest above her threshold, with the allowance it is taken after', () => {
    const hour = (time: string, temp: number | null, deviation: number | null) => ({
      time,
      temp,
      average: 38.85,
      deviation,
    });
    expect(
      peakDeviation([
        hour('a', 38.2, -0.2),
        hour('b', null, null),
        hour('c', 40.42, 1.12),
        hour('d', 40.4, 1.1),
      ]),
    ).toEqual({ time: 'c', deviation: 1.12, temp: 40.42, average: 38.85, allowance: 0.45 });
    expect(peakDeviation([hour('a', null, null)])).toBeNull();
  });

  it('writes the sign the way the cow list does', () => {
    expect([signedDegrees(0.654, 'en'), signedDegrees(-0.1, 'en'), signedDegrees(0, 'en')]).toEqual([
      '+0.65 °C',
      '−0.10 °C',
      '±0.00 °C',
    ]);
  });

  it('writes the decimal mark of the language, as the notices beside it do', () => {
    expect([signedDegrees(0.654, 'pt'), signedDegrees(-0.1, 'ru'), signedDegrees(-0.004, 'vi')]).toEqual([
      '+0,65 °C',
      '−0,10 °C',
      '±0,00 °C',
    ]);
  });
});
