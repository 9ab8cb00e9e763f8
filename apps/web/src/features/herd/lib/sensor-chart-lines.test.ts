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
  it('finds the hour furthest above her threshold and skips hours without a value', () => {
    expect(
      peakDeviation([
        { time: 'a', deviation: -0.2 },
        { time: 'b', deviation: null },
        { time: 'c', deviation: 0.61 },
        { time: 'd', deviation: 0.6 },
      ]),
    ).toEqual({ time: 'c', deviation: 0.61 });
    expect(peakDeviation([{ time: 'a', deviation: null }])).toBeNull();
  });

  it('writes the sign the way the cow list does', () => {
    expect([signedDegrees(0.654), signedDegrees(-0.1), signedDegrees(0)]).toEqual([
      '+0.65 °C',
      '−0.10 °C',
      '±0.00 °C',
    ]);
  });
});
