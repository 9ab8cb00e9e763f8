import { describe, it, expect } from 'vitest';
import { isAscendingSortValue, sortCows, type SortableCow } from '../src/cow-sort';

interface Row extends SortableCow {
  readonly label: string;
}

const herd: readonly Row[] = [
  { label: 'a', id: 3, drink: 5, fever: 0.4, activity: 12 },
  { label: 'b', id: 1, drink: 2, fever: 1.2, activity: null },
  { label: 'c', id: 2, drink: 5, fever: -0.3, activity: 7 },
  { label: 'd', id: 5, drink: undefined, fever: 1.2, activity: 12 },
  { label: 'e', id: 4, drink: 5, fever: 0.4, activity: 3 },
];
const labels = (rows: readonly Row[]): string => rows.map((row) => row.label).join('');

describe('isAscendingSortValue', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
    [-1, false],
    [0.5, false],
    [Number.NaN, false],
  ])('%s -> %s', (sortValue, ascending) => {
    expect(isAscendingSortValue(sortValue)).toBe(ascending);
  });
});

describe('sortCows', () => {
  it.each([
    ['id', 0, 'bcaed'],
    ['id', 1, 'bcaed'],
    ['id', 2, 'deacb'],
    ['id', -1, 'deacb'],
    // Equal keys keep input order in both directions; missing values go last in both.
    ['drink', 0, 'baced'],
    ['drink', 2, 'acebd'],
    ['fever', 1, 'caebd'],
    ['fever', 3, 'bdaec'],
    ['activity', 0, 'ecadb'],
    ['activity', 2, 'adceb'],
  ] as const)('by %s with sort value %s -> %s', (column, sortValue, expected) => {
    expect(labels(sortCows(herd, column, sortValue))).toBe(expected);
  });

  it('keeps input order for all-equal keys in both directions', () => {
    const same: Row[] = ['p', 'q', 'r', 's'].map((label, index) => ({ label, id: index, fever: 0.7 }));
    expect(labels(sortCows(same, 'fever', 0))).toBe('pqrs');
    expect(labels(sortCows(same, 'fever', 2))).toBe('pqrs');
  });

  it('orders string ids numerically and leaves the input untouched', () => {
    const coded: Row[] = [
      { label: 'x', id: 'C10' },
      { label: 'y', id: 'C9' },
      { label: 'z', id: 'C100' },
    ];
    expect(labels(sortCows(coded, 'id', 0))).toBe('yxz');
    expect(labels(sortCows(coded, 'id', 5))).toBe('zxy');
    expect(labels(coded)).toBe('xyz');
  });

  it('treats NaN as missing', () => {
    const rows: Row[] = [
      { label: 'n', id: 1, fever: Number.NaN },
      { label: 'm', id: 2, fever: 0 },
    ];
    expect(labels(sortCows(rows, 'fever', 0))).toBe('mn');
    expect(labels(sortCows(rows, 'fever', 2))).toBe('mn');
  });
});
