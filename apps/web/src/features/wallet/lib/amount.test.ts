import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from './amount';

const usd = { minimum: 500, maximum: 100_000 };
const krw = { minimum: 1_000, maximum: 1_000_000 };

describe('top-up amount entry', () => {
  it('turns major units into exact minor units', () => {
    expect(parseAmount('12.50', 2, usd)).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('12,5', 2, usd)).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('1,000.00', 2, usd)).toEqual({ ok: true, minor: 100_000 });
    // 0.1 + 0.2 style float errors would make 19.99 into 1998.9999…
    expect(parseAmount('19.99', 2, usd)).toEqual({ ok: true, minor: 1999 });
    expect(parseAmount(' 20 ', 2, usd)).toEqual({ ok: true, minor: 2000 });
  });

  it('reads thousands separators in a currency without decimals', () => {
    expect(parseAmount('10,000', 0, krw)).toEqual({ ok: true, minor: 10_000 });
    expect(parseAmount('10.000', 0, krw)).toEqual({ ok: true, minor: 10_000 });
    expect(parseAmount('50000', 0, krw)).toEqual({ ok: true, minor: 50_000 });
  });

  it('names what is wrong', () => {
    expect(parseAmount('', 2, usd)).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmount('ten', 2, usd)).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmount('-5', 2, usd)).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmount('12.345', 2, usd)).toEqual({ ok: false, problem: 'decimals' });
    expect(parseAmount('1000.5', 0, krw)).toEqual({ ok: false, problem: 'decimals' });
    expect(parseAmount('4.99', 2, usd)).toEqual({ ok: false, problem: 'tooSmall' });
    expect(parseAmount('1000.01', 2, usd)).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseAmount('99999999999999999999', 2, usd)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('accepts the limits themselves', () => {
    expect(parseAmount('5', 2, usd)).toEqual({ ok: true, minor: 500 });
    expect(parseAmount('1000', 2, usd)).toEqual({ ok: true, minor: 100_000 });
  });

  it('writes a preset back as the text a user would type', () => {
    expect(amountText(1250, 2)).toBe('12.50');
    expect(amountText(5, 2)).toBe('0.05');
    expect(amountText(10_000, 0)).toBe('10000');
  });
});
