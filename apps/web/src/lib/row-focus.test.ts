import { describe, expect, it } from 'vitest';
import { rowAfterKey } from './row-focus';

describe('rowAfterKey', () => {
  it('moves one row, a page or to either end, and stops at the ends', () => {
    expect(rowAfterKey('ArrowDown', 3, 10, 4)).toBe(4);
    expect(rowAfterKey('ArrowUp', 3, 10, 4)).toBe(2);
    expect(rowAfterKey('PageDown', 3, 10, 4)).toBe(7);
    expect(rowAfterKey('PageDown', 8, 10, 4)).toBe(9);
    expect(rowAfterKey('PageUp', 3, 10, 4)).toBe(0);
    expect(rowAfterKey('Home', 7, 10, 4)).toBe(0);
    expect(rowAfterKey('End', 2, 10, 4)).toBe(9);
    expect(rowAfterKey('ArrowUp', 0, 10, 4)).toBe(0);
    expect(rowAfterKey('ArrowDown', 9, 10, 4)).toBe(9);
  });

  it('moves a page of at least one row, and leaves other keys to the browser', () => {
    expect(rowAfterKey('PageDown', 3, 10, 0)).toBe(4);
    expect(rowAfterKey('Enter', 3, 10, 4)).toBeNull();
    expect(rowAfterKey(' ', 3, 10, 4)).toBeNull();
    expect(rowAfterKey('Tab', 3, 10, 4)).toBeNull();
  });
});
