import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import { localDateTimeInputValue } from '../../lib/format';

/** A record as the cow's history shows it: what a record form starts from when it edits one. */
export type HistoryItemOf<K extends CowHistoryItem['kind']> = Extract<CowHistoryItem, { kind: K }>;

/** A recorded moment (ISO, UTC) as a `datetime-local` value on the device's clock. */
export const timeInputValue = (iso: string): string => localDateTimeInputValue(new Date(iso));

/**
 * The fields of `after` that differ from `before`. An edit sends only these: a field left out stays as
 * the server has it, so an untouched time keeps the local day it was entered with and an untouched
 * hand-set date stays hand-set.
 */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== before[key]) changed[key] = after[key];
  }
  return changed;
}

/** A text the user may empty: the trimmed text, or null when nothing is left (clears it on the server). */
export const textOrNull = (value: string): string | null => value.trim() || null;
