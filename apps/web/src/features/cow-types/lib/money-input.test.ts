import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './money-input';

describe('typed costs', () => {
  it('turns a typed cost into minor units', () => {
    expect(toMinorUnits(5000, 0)).toBe(5000);
    expect(toMinorUnits('12.5', 2)).toBe(1250);
    expect(toMinorUnits('12,55', 2)).toBe(1255);
    expect(toMinorUnits(1.234, 2)).toBeNull();
    expect(toMinorUnits(-1, 0)).toBeNull();
  });
});
