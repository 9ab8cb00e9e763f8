import { describe, it, expect } from 'vitest';
import { relativeTime, type RelativeTime } from '../src/relative-time';

const now = Date.UTC(2024, 2, 31, 12, 0, 0);
const secondsAgo = (seconds: number): number => now - seconds * 1000;
const DAY = 86_400;

describe('relativeTime', () => {
  it.each<[number, RelativeTime]>([
    [0, { unit: 'justNow' }],
    [299, { unit: 'justNow' }],
    [299.999, { unit: 'justNow' }],
    [300, { unit: 'minutes', count: 5 }],
    [359, { unit: 'minutes', count: 5 }],
    [3_599, { unit: 'minutes', count: 59 }],
    [3_600, { unit: 'hours', count: 1 }],
    [86_399, { unit: 'hours', count: 23 }],
    [DAY, { unit: 'days', count: 1 }],
    [30 * DAY - 1, { unit: 'days', count: 29 }],
    [30 * DAY, { unit: 'date', date: '2024-03-01' }],
    [400 * DAY, { unit: 'date', date: '2023-02-25' }],
    [-120, { unit: 'justNow' }],
  ])('%s s ago -> %j', (seconds, expected) => {
    expect(relativeTime(secondsAgo(seconds), now)).toEqual(expected);
  });

  it.each([
    ['UTC', '2024-01-31'],
    ['Asia/Shanghai', '2024-02-01'],
    ['Asia/Seoul', '2024-02-01'],
    ['America/Sao_Paulo', '2024-01-31'],
  ])('gives the date in %s', (timeZone, date) => {
    const then = Date.UTC(2024, 0, 31, 23, 30, 0);
    expect(relativeTime(then, now, timeZone)).toEqual({ unit: 'date', date });
  });
});
