import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

type Limit = 'formatMinimum' | 'formatMaximum';

/** Epoch milliseconds of a date or date-time the schema's format already accepted; dates are UTC midnights. */
const instantOf = (value: string): number =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);

/**
 * `formatMinimum` / `formatMaximum` on date and date-time strings (the contract's record-day range). ajv-formats
 * has these keywords, but it generates code with its own copy of Ajv, which npm may install apart from ours;
 * the two do not mix, so they are registered here as plain functions on our instance.
 */
const addFormatLimits = (ajv: Ajv): void => {
  for (const keyword of ['formatMinimum', 'formatMaximum'] as const satisfies readonly Limit[]) {
    const below = keyword === 'formatMinimum';
    const validate = (limit: string, data: unknown): boolean => {
      if (typeof data !== 'string') return true;
      const instant = instantOf(data);
      // A value the format refuses is reported by the format keyword, once.
      if (Number.isNaN(instant)) return true;
      const ok = below ? instant >= instantOf(limit) : instant <= instantOf(limit);
      if (!ok) {
        validate.errors = [
          {
            keyword,
            message: `must be ${below ? 'on or after' : 'on or before'} ${limit.slice(0, 10)}`,
            params: { limit },
          },
        ];
      }
      return ok;
    };
    validate.errors = [] as { keyword: string; message: string; params: { limit: string } }[];
    ajv.addKeyword({ keyword, type: 'string', schemaType: 'string', errors: true, validate });
  }
};

/**
 * An Ajv for the contract's schemas, wherever they are checked (requests, gateway readings, the fuzzer's
 * "would the server accept this"): the formats, and the range keywords above instead of ajv-formats' own.
 */
export const createContractAjv = (options: Options): Ajv => {
  const ajv = new Ajv({ strict: false, ...options });
  addFormats(ajv, { keywords: false });
  addFormatLimits(ajv);
  return ajv;
};
