import type { Cow } from '@cowcare/contract/cow-schemas';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';

/** A cow the farmer may put a sensor on, as the picker lists her. */
export interface CowChoice {
  id: number;
  code: string;
  /** The sensor she wears now (putting another on her replaces it), or null. */
  sensor: number | null;
}

const byCode = (a: CowChoice, b: CowChoice) => a.code.localeCompare(b.code, 'en', { numeric: true });

/**
 * The cows a reporting sensor (notice 703) may go on: the farm's kept cows (a culled cow takes no edit),
 * those wearing no sensor first, since a new collar most often goes on a cow without one; by code.
 */
export function cowChoicesFor(cows: readonly Cow[]): CowChoice[] {
  const kept = cows
    .filter((cow) => !isCulledStoredValue(cow.status))
    .map((cow) => ({ id: cow.id, code: cow.code, sensor: cow.sensor }));
  return [
    ...kept.filter((cow) => cow.sensor === null).sort(byCode),
    ...kept.filter((cow) => cow.sensor !== null).sort(byCode),
  ];
}

/** The kept cow that wears `sensor` now, if any: a 703 notice whose sensor went on a cow says so. */
export function wearerOf(cows: readonly Cow[], sensor: number): Cow | undefined {
  return cows.find((cow) => cow.sensor === sensor && !isCulledStoredValue(cow.status));
}
