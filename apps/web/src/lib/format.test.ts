import { describe, expect, it } from 'vitest';
import { formatDecimal, formatSignedDecimal } from './format';

describe('formatDecimal', () => {
  it('writes the decimal mark of the language, with the digits asked for', () => {
    expect(formatDecimal(39.17, 2, 'en')).toBe('39.17');
    expect(formatDecimal(39.17, 2, 'pt')).toBe('39,17');
    expect(formatDecimal(9.3, 1, 'vi')).toBe('9,3');
    expect(formatDecimal(0.45, 2, 'id')).toBe('0,45');
    expect(formatDecimal(36.2, 2, 'ru')).toBe('36,20');
    expect(formatDecimal(39.1, 2, 'ja')).toBe('39.10');
  });

  it('drops trailing zeros only when asked, as an axis does', () => {
    expect([39, 38.5, 38.75].map((value) => formatDecimal(value, 2, 'pt', true))).toEqual([
      '39',
      '38,5',
      '38,75',
    ]);
  });

  it('never shows a rounding speck as minus zero', () => {
    expect(formatDecimal(-0.004, 2, 'en')).toBe('0.00');
  });
});

describe('formatSignedDecimal', () => {
  it('always shows the sign, a true minus, and ± for what rounds to nothing', () => {
    expect(formatSignedDecimal(0.8, 1, 'pt')).toBe('+0,8');
    expect(formatSignedDecimal(-0.84, 1, 'ru')).toBe('−0,8');
    expect(formatSignedDecimal(0.04, 1, 'en')).toBe('±0.0');
    expect(formatSignedDecimal(-0.04, 1, 'vi')).toBe('±0,0');
    expect(formatSignedDecimal(-12.4, 0, 'en')).toBe('−12');
  });
});
