import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  formatCalendarDate,
  isCalendarDate,
  isLeapYear,
  parseCalendarDate,
} from '../src/calendar-date';

describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2024-04-30', true],
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['2024-1-01', false],
    ['24-01-01', false],
    ['2024/01/01', false],
    ['2024-01-01T00:00', false],
    [' 2024-01-01', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('parses and formats parts', () => {
    expect(parseCalendarDate('0999-03-07')).toEqual({ year: 999, month: 3, day: 7 });
    expect(formatCalendarDate({ year: 999, month: 3, day: 7 })).toBe('0999-03-07');
  });

  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [2100, false],
  ])('isLeapYear(%s) is %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2024, 4, 30],
    [2024, 12, 31],
  ])('daysInMonth(%s, %s) is %s', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('addDays', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-04-30', 1, '2024-05-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-02-29', 365, '2025-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-01-01', 0, '2024-01-01'],
    ['0050-01-01', 1, '0050-01-02'],
  ])('%s + %s days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2023-02-29', 1],
    ['not a date', 1],
    ['2024-01-01', 1.5],
    ['2024-01-01', Number.NaN],
  ])('rejects %j + %s', (date, days) => {
    expect(() => addDays(date, days)).toThrow(RangeError);
  });

  it.each([
    ['2024-01-01', '2024-03-01', 60],
    ['2024-03-01', '2024-01-01', -60],
    ['2023-12-31', '2024-01-01', 1],
  ])('daysBetween(%s, %s) is %s', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('across daylight-saving changes in the runtime zone', () => {
  const originalZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    // Assigning undefined would store the string 'undefined'.
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  it('the zone really changes offset on those days', () => {
    expect(new Date(2024, 2, 10).getTimezoneOffset()).not.toBe(new Date(2024, 2, 11).getTimezoneOffset());
    expect(new Date(2024, 10, 3).getTimezoneOffset()).not.toBe(new Date(2024, 10, 4).getTimezoneOffset());
  });

  it.each([
    ['2024-03-09', 1, '2024-03-10'],
    ['2024-03-10', 1, '2024-03-11'],
    ['2024-03-09', 2, '2024-03-11'],
    ['2024-11-02', 2, '2024-11-04'],
    ['2024-11-03', 1, '2024-11-04'],
    ['2024-11-04', -2, '2024-11-02'],
  ])('%s + %s days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});
