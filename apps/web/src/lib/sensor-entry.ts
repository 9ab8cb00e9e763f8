import { SensorId } from '@cowcare/contract/cow-schemas';
import type { MessageKey } from '@cowcare/locales/catalog';

const min = SensorId.minimum ?? 1;
const max = SensorId.maximum ?? 99_999_999;

export interface SensorEntryResult {
  added: number[];
  problems: { text: string; key: MessageKey; values?: Record<string, string | number> }[];
}

/**
 * Sensor ids typed or pasted (separated by spaces, commas or lines): each must be a number in range, not
 * already in the list and not worn by an active cow of the farm.
 */
export function parseSensorEntry(
  input: string,
  current: readonly number[],
  worn: ReadonlyMap<number, string>,
): SensorEntryResult {
  const added: number[] = [];
  const problems: SensorEntryResult['problems'] = [];
  for (const text of input.split(/[\s,;]+/).filter(Boolean)) {
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push({ text, key: 'herd.rules.sensorNumber', values: { min, max } });
    } else if (current.includes(value) || added.includes(value)) {
      problems.push({ text, key: 'herd.rules.sensorRepeated' });
    } else if (worn.has(value)) {
      problems.push({ text, key: 'herd.rules.sensorTaken', values: { code: worn.get(value) ?? '' } });
    } else {
      added.push(value);
    }
  }
  return { added, problems };
}
