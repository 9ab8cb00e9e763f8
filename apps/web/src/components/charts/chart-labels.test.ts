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
    expect(clockLabel(iso, 'en')).toBe('08:10');
    expect(dayClockLabel(iso, 'en')).toBe('6/1, 08:10');
    expect(dayLabel('2025-06-01', 'en')).toBe('6/1');
    expect(clockLabel('not a time', 'en')).toBe('not a time');
    expect(dayLabel('someday', 'en')).toBe('someday');
  });

  it('writes the day as the language does, never month-first to a day-first reader', () => {
    const fifthOfNovember = '2026-11-05';
    const languages = ['en', 'pt', 'vi', 'id', 'ru', 'th', 'ja', 'zh-CN', 'ko-KR'];
    expect(languages.map((bcp47) => dayLabel(fifthOfNovember, bcp47))).toEqual([
      '11/5',
      '05/11',
      '5/11',
      '5/11',
      '05.11',
      '5/11',
      '11/5',
      '11/5',
      '11. 5.',
    ]);
    const evening = new Date(2026, 10, 5, 23, 50).toISOString();
    expect(dayClockLabel(evening, 'pt')).toBe('05/11, 23:50');
    expect(clockLabel(evening, 'ja')).toBe('23:50');
  });

  it('averages only the known values', () => {
    expect(meanOf([1, null, 3, undefined])).toBe(2);
    expect(meanOf([null])).toBeNull();
  });
});
