import type { ErrorObject } from 'ajv';
import { SensorReadingSchema, type SensorReading } from '@cowcare/contract/routes/ingest';
import { createContractAjv } from '../http/contract-ajv';

/** A reading that passed every check, in the server's names. */
export interface ValidReading {
  /** Position in the payload, for the per-item answer. */
  index: number;
  /** Which message of a group it came in (0 when written alone). */
  message: number;
  sensorId: number;
  sequenceNumber: number;
  measuredAt: Date;
  temperature: number | null;
  activity: number | null;
  drink: number | null;
  /** A GPS collar's position (both or neither, the schema says). */
  lat: number | null;
  lon: number | null;
}

export interface RejectedItem {
  index: number;
  reason: string;
}

export interface ValidatedItems {
  valid: ValidReading[];
  rejected: RejectedItem[];
}

/** A gateway clock may run a little ahead; a reading further in the future than this is refused. */
export const MAX_CLOCK_AHEAD_MS = 60 * 60_000;

// The same Ajv as the API's: a copy of its own once missed the reading time's range keywords, and every
// batch failed unacknowledged (crash-safety.test.ts found it).
const ajv = createContractAjv({ allErrors: false, coerceTypes: false });
const isReading = ajv.compile<SensorReading>(SensorReadingSchema);

const describe = (error: ErrorObject | undefined): string => {
  if (!error) return 'is not a valid reading';
  const missing = error.params.missingProperty as unknown;
  const field = [error.instancePath.replace(/^\//, '').replaceAll('/', '.'), missing]
    .filter((part) => typeof part === 'string' && part !== '')
    .join('.');
  return `${field || 'reading'} ${error.message ?? 'is invalid'}`;
};

const checkItem = (item: unknown, index: number, message: number, now: Date): ValidReading | RejectedItem => {
  if (!isReading(item)) return { index, reason: describe(isReading.errors?.[0]) };
  const measuredAt = new Date(item.timedate);
  if (Number.isNaN(measuredAt.getTime())) return { index, reason: 'timedate is not a real time' };
  if (measuredAt.getTime() - now.getTime() > MAX_CLOCK_AHEAD_MS) {
    return { index, reason: 'timedate is more than an hour in the future' };
  }
  return {
    index,
    message,
    sensorId: item.sensor,
    sequenceNumber: item.num,
    measuredAt,
    temperature: item.temp ?? null,
    activity: item.activity ?? null,
    drink: item.drink ?? null,
    lat: item.lat ?? null,
    lon: item.lon ?? null,
  };
};

/** Step 2: each item against the contract schema; bad ones are set aside with the reason, never fatal. */
export const validateReadings = (items: readonly unknown[], now: Date, message = 0): ValidatedItems => {
  const valid: ValidReading[] = [];
  const rejected: RejectedItem[] = [];
  items.forEach((item, index) => {
    const checked = checkItem(item, index, message, now);
    if ('reason' in checked) rejected.push(checked);
    else valid.push(checked);
  });
  return { valid, rejected };
};
