// Column sorting of the cow list (spec §4). The legacy sort value is a number: 0 or 1 means ascending and
// any other value descending, so persisted values keep their meaning.

export const COW_SORT_COLUMNS = ['id', 'drink', 'fever', 'activity'] as const;
export type CowSortColumn = (typeof COW_SORT_COLUMNS)[number];

export interface SortableCow {
  readonly id: number | string;
  readonly drink?: number | null;
  readonly fever?: number | null;
  readonly activity?: number | null;
}

export function isAscendingSortValue(sortValue: number): boolean {
  return sortValue === 0 || sortValue === 1;
}

type SortKey = number | string | undefined;

function sortKeyOf(cow: SortableCow, column: CowSortColumn): SortKey {
  const value = cow[column];
  if (typeof value === 'string') return value;
  return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
}

let idCollator: Intl.Collator | undefined;

// Numeric-aware so string ids order C9 before C10; a fixed locale keeps the order the same on every device.
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  idCollator ??= new Intl.Collator('en', { numeric: true });
  return idCollator.compare(String(a), String(b));
}

/**
 * Returns a new array; the input is not touched. Equal keys keep their input order in both directions
 * (Array#sort is stable, and descending negates the comparison instead of reversing). Cows without a value
 * for the column go last in both directions, so an empty reading never tops the list.
 */
export function sortCows<T extends SortableCow>(
  cows: readonly T[],
  column: CowSortColumn,
  sortValue: number,
): T[] {
  const direction = isAscendingSortValue(sortValue) ? 1 : -1;
  const keyed = cows.map((cow) => ({ cow, key: sortKeyOf(cow, column) }));
  keyed.sort((left, right) => {
    if (left.key === undefined || right.key === undefined) {
      return (left.key === undefined ? 1 : 0) - (right.key === undefined ? 1 : 0);
    }
    return direction * compareKeys(left.key, right.key);
  });
  return keyed.map((entry) => entry.cow);
}
