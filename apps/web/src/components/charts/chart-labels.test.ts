import { describe, expect, it } from 'vitest';
import { clockLabel, dayClockLabel, dayLabel, localMidnight, meanOf, shiftDay } from './chart-labels';

describe('chart labels', () => {
  it('moves a day across month and year ends', () => {
    expect(shiftDay('2025-03-01', -1)).toBe('2025-02-28');
    expect(shiftDay('2024-12-31', 1)).toBe('2025-01-01');
  });

  it("starts a day at the device's midnight", () => {
    expect(localMidnight('2026-11-26').getTime()).toBe(new Date(2026, 10, 26).getTime());
    expect(localMidnight('2026-11-30', 1).getTime()).toBe(new Date(2026, 11, 1).getTime());
  });

  it('labels times on the device clock and days by month and day', () => {
    const iso = new Date(2025, 5, 1, 8, 10).toISOString();
    expect(clockLabel(iso)).toBe('08:10');
    expect(dayClockLabel(iso)).toBe('06-01 08:10');
    expect(dayLabel('2025-06-01')).toBe('06-01');
    expect(clockLabel('not a time')).toBe('not a time');
  });

  it('averages only the known values', () => {
    expect(meanOf([1, null, 3, undefined])).toBe(2);
    expect(meanOf([null])).toBeNull();
  });
});
