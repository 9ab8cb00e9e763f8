import type { Cow } from '@cowcare/contract/cow-schemas';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';

/** The sensors of the herd charts: those worn by cows that are not culled, each once. */
export const herdSensors = (cows: readonly Cow[]): number[] => [
  ...new Set(
    cows
      .filter((cow) => cow.sensor !== null && !isCulledStoredValue(cow.status))
      .map((cow) => cow.sensor as number),
  ),
];
