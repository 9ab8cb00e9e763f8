import { MAX_READINGS_PER_BATCH } from '@cowcare/contract/routes/ingest';

export type ParsedPayload = { ok: true; items: unknown[] } | { ok: false; reason: string };

/** One reading or an array of them -> the items, each still to be checked. */
export const itemsOfPayload = (value: unknown): ParsedPayload => {
  if (Array.isArray(value)) {
    if (value.length === 0) return { ok: false, reason: 'the payload is an empty array' };
    if (value.length > MAX_READINGS_PER_BATCH) {
      return { ok: false, reason: `the payload has more than ${MAX_READINGS_PER_BATCH} readings` };
    }
    return { ok: true, items: value };
  }
  if (typeof value === 'object' && value !== null) return { ok: true, items: [value] };
  return { ok: false, reason: 'the payload must be a reading object or an array of them' };
};

/** Step 1 for MQTT: the message body as JSON. */
export const parsePayload = (payload: Buffer | string): ParsedPayload => {
  let value: unknown;
  try {
    value = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'the payload is not JSON' };
  }
  return itemsOfPayload(value);
};
