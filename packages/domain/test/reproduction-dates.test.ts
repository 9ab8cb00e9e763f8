import { describe, it, expect } from 'vitest';
import {
  DEFAULT_DIAGNOSIS_DAYS,
  MATING_ADD_DAYS,
  effectiveServiceDate,
  expectedCalvingDate,
  expectedEstrusAfterCalving,
  invalidDiagnosisDaysMethods,
  isValidDiagnosisDays,
  nextExpectedEstrusDate,
  pregnancyCheckDate,
  type DiagnosisMethod,
  type MatingMethod,
} from '../src/reproduction-dates';

describe('mating add-days', () => {
  it.each<[MatingMethod, number, string]>([
    ['artificialInsemination', 1, '2024-02-29'],
    ['natural', 0, '2024-02-28'],
    ['embryoTransfer', 7, '2024-03-06'],
  ])('%s adds %s days: 2024-02-28 -> %s', (method, days, serviceDate) => {
    expect(MATING_ADD_DAYS[method]).toBe(days);
    expect(effectiveServiceDate('2024-02-28', method)).toBe(serviceDate);
  });

  it('crosses a month end', () => {
    expect(effectiveServiceDate('2024-01-31', 'artificialInsemination')).toBe('2024-02-01');
  });
});

describe('pregnancy check date', () => {
  it.each<[DiagnosisMethod, number, string]>([
    ['ultrasonic', 40, '2024-02-10'],
    ['inspection', 60, '2024-03-01'],
    ['rectal', 60, '2024-03-01'],
    ['hormone', 51, '2024-02-21'],
    ['external', 60, '2024-03-01'],
  ])('%s defaults to %s days: 2024-01-01 -> %s', (method, days, checkDate) => {
    expect(DEFAULT_DIAGNOSIS_DAYS[method]).toBe(days);
    expect(pregnancyCheckDate('2024-01-01', method)).toBe(checkDate);
  });

  it('uses the farm settings', () => {
    const farm = { ...DEFAULT_DIAGNOSIS_DAYS, ultrasonic: 30 };
    expect(pregnancyCheckDate('2023-01-31', 'ultrasonic', farm)).toBe('2023-03-02');
  });

  it.each([0, 366, 12.5])('rejects farm days %s', (days) => {
    expect(() =>
      pregnancyCheckDate('2024-01-01', 'hormone', { ...DEFAULT_DIAGNOSIS_DAYS, hormone: days }),
    ).toThrow(RangeError);
  });
});

describe('diagnosis days validator', () => {
  it.each<[unknown, boolean]>([
    [1, true],
    [40, true],
    [365, true],
    [0, false],
    [366, false],
    [-1, false],
    [40.5, false],
    ['40', false],
    [Number.NaN, false],
    [null, false],
  ])('%j -> %s', (days, valid) => {
    expect(isValidDiagnosisDays(days)).toBe(valid);
  });

  it('lists the invalid methods in method order', () => {
    expect(invalidDiagnosisDaysMethods(DEFAULT_DIAGNOSIS_DAYS)).toEqual([]);
    expect(
      invalidDiagnosisDaysMethods({
        ultrasonic: 40,
        inspection: 0,
        rectal: 60,
        hormone: '51',
        external: 400,
      }),
    ).toEqual(['inspection', 'hormone', 'external']);
  });
});

describe('expected dates', () => {
  it.each([
    ['2024-01-01', undefined, '2024-10-12'],
    ['2023-01-01', undefined, '2023-10-13'],
    ['2024-01-01', 280, '2024-10-07'],
  ])('calving from service %s (gestation %s) is %s', (serviceDate, gestationDays, expected) => {
    expect(expectedCalvingDate(serviceDate, gestationDays)).toBe(expected);
  });

  it.each([
    ['2024-12-20', '2025-01-10'],
    ['2024-02-08', '2024-02-29'],
    ['2023-02-08', '2023-03-01'],
  ])('next estrus after %s is %s', (estrusDate, expected) => {
    expect(nextExpectedEstrusDate(estrusDate)).toBe(expected);
  });

  it.each([
    ['2024-01-15', undefined, '2024-03-15'],
    ['2023-01-15', undefined, '2023-03-16'],
    ['2024-01-15', 45, '2024-02-29'],
  ])('estrus after calving on %s (%s days) is %s', (calvingDate, days, expected) => {
    expect(expectedEstrusAfterCalving(calvingDate, days)).toBe(expected);
  });
});
