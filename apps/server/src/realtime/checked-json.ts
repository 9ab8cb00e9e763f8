import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** A text from another process or a browser, as `schema` describes it; undefined if not JSON or not that. */
export const checkedJson = <T extends TSchema>(schema: T, text: string): Static<T> | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return Value.Check(schema, value) ? value : undefined;
};
