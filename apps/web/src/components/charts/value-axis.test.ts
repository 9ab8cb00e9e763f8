import { describe, expect, it } from 'vitest';
import { valueAxis, valueTick } from './value-axis';

describe('valueAxis', () => {
  it('widens a flat series to the minimum span around its middle, with a tick on every half unit', () => {
    expect(valueAxis([39.02, 39.03], 1)).toEqual({ domain: [38.5, 40], ticks: [38.5, 39, 39.5, 40] });
    expect(valueAxis([38.6, 38.9], 1)).toEqual({ domain: [38, 39.5], ticks: [38, 38.5, 39, 39.5] });
  });

  it('leaves a series that already spans enough, or no minimum, to the chart', () => {
    expect(valueAxis([37.2, 39.2], 1)).toEqual({ domain: ['auto', 'auto'] });
    expect(valueAxis([39.02, 39.03], undefined)).toEqual({ domain: ['auto', 'auto'] });
    expect(valueAxis([], 1)).toEqual({ domain: ['auto', 'auto'] });
  });
});

describe('valueTick', () => {
  it('writes at most the digits asked for, without trailing zeros', () => {
    const tick = valueTick(2, 'en');
    expect([39.0275, 39, 38.75, 38.5].map(tick)).toEqual(['39.03', '39', '38.75', '38.5']);
  });

  it('writes the decimal mark of the language', () => {
    expect([38.75, 39, 38.5].map(valueTick(2, 'pt'))).toEqual(['38,75', '39', '38,5']);
    expect([1234, 12345].map(valueTick(0, 'pt'))).toEqual(['1.234', '12.345']);
  });
});
