// fast-check arbitraries from the contract's JSON schemas (TypeBox output): values a schema accepts, leaning
// on realistic values where a field names something of the caller's farm (so a call gets past "no such
// cow" and reaches the SQL), and one-field mutations of such values with what breaks code behind validation:
// ids beyond int4, years 0001 and 9999, NUL and lone surrogates, very long text, empty and huge arrays.
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { createContractAjv } from '../../src/http/contract-ajv';

/** The part of JSON Schema the contract uses (and a few keywords a bound may add). */
export interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: readonly unknown[];
  anyOf?: readonly JsonSchema[];
  format?: string;
  /** ajv-formats' limits of a date or a time, in the format's own text. */
  formatMinimum?: string;
  formatMaximum?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/**
 * A number written into JSON as this exact text: 9007199254740993 has no double of its own and 1e400 is
 * beyond any, so `JSON.stringify` cannot say them; a client can.
 */
export class RawJsonNumber {
  constructor(readonly text: string) {}
}

/** JSON text of a value, RawJsonNumber written as it is. */
export const toJsonText = (value: unknown): string => {
  if (value instanceof RawJsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map((item: unknown) => toJsonText(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value).filter(([, field]) => field !== undefined);
    return `{${fields.map(([key, field]) => `${JSON.stringify(key)}:${toJsonText(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** A value as a path segment or query value carries it: text as it is, anything else as its JSON. */
export const toUrlText = (value: unknown): string => (typeof value === 'string' ? value : toJsonText(value));

// The server's own Ajv for the contract (formats and range keywords), configured like its body validation.
const ajv = createContractAjv({ allErrors: false, coerceTypes: false, removeAdditional: false });
const validators = new WeakMap<JsonSchema, ValidateFunction>();

/** Whether the schema accepts the value, as the server's validation decides it. */
export const fitsSchema = (schema: JsonSchema, value: unknown): boolean => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(value);
};

/** Realistic values for a field by its name (an array's items take the array's name), or none. */
export type FieldHints = (name: string) => readonly unknown[];

export interface SchemaArbitraryOptions {
  hints?: FieldHints;
  /** Longest array made for a valid value: a schema may allow 20,000 items, a call needs a few. */
  maxArrayLength?: number;
}

const NO_HINTS: FieldHints = () => [];
const DAY_MS = 86_400_000;
const INT32_MAX = 2_147_483_647;

/** A day near today (what a farmer types) or any day with a four-digit year (what the format allows). */
const dayArbitrary: fc.Arbitrary<Date> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.integer({ min: -730, max: 30 }).map((days) => new Date(Date.now() + days * DAY_MS)),
  },
  {
    weight: 1,
    arbitrary: fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
  },
);

/** The moment as local time at `offsetMinutes` east of UTC, with that offset (`Z` for none). */
export const withOffset = (moment: Date, offsetMinutes: number): string => {
  if (offsetMinutes === 0) return moment.toISOString();
  const local = new Date(moment.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const size = Math.abs(offsetMinutes);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${local}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
};

const dateTimeArbitrary = fc
  .tuple(dayArbitrary, fc.constantFrom(0, 540, -300, 330, 60))
  .map(([moment, offset]) => withOffset(moment, offset));

/** Integers from `min` to `max` (any size a double holds exactly), small ones more often. */
const integerBetween = (min: number, max: number): fc.Arbitrary<number> => {
  const any = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  if (max - min <= 1000) return any;
  const small = fc.bigInt({ min: BigInt(min), max: BigInt(min + 1000) }).map(Number);
  return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: any });
};

const numericBounds = (schema: JsonSchema, integer: boolean): [number, number] => {
  const widest = integer ? Number.MAX_SAFE_INTEGER : 1e9;
  const low = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -widest, -widest);
  const high = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? widest, widest);
  return integer ? [Math.ceil(low), Math.floor(high)] : [low, high];
};

const textArbitrary = (schema: JsonSchema): fc.Arbitrary<string> => {
  if (schema.format === 'date') return dayArbitrary.map((day) => day.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return dateTimeArbitrary;
  if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern, 'u'));
  const bounds = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) };
  return fc.oneof(fc.string(bounds), fc.string({ ...bounds, unit: 'grapheme' }));
};

/** Member schemas of a union, or the schema itself. */
const membersOf = (schema: JsonSchema): readonly JsonSchema[] => schema.anyOf ?? [schema];

/** Values the schema accepts, without hints: the shape alone decides. */
const shapeArbitrary = (
  schema: JsonSchema,
  name: string,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<unknown> => {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((member) => valueArbitrary(member, options, name)));
  switch (schema.type) {
    case 'integer':
      return integerBetween(...numericBounds(schema, true));
    case 'number': {
      const [min, max] = numericBounds(schema, false);
      return fc.oneof(
        integerBetween(Math.ceil(min), Math.floor(max)),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'string':
      return textArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'object':
      return objectArbitrary(schema, options);
    case 'array':
      return arrayArbitrary(schema, name, options);
    default:
      // Unknown: anything JSON holds, kept small.
      return fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 20 }));
  }
};

const objectArbitrary = (schema: JsonSchema, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> => {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueArbitrary(property, options, key)]),
  );
  const required = (schema.required ?? []).filter((key) => key in properties);
  return fc.record(model, { requiredKeys: required });
};

const arrayArbitrary = (
  schema: JsonSchema,
  name: string,
  options: SchemaArbitraryOptions,
): fc.Arbitrary<unknown[]> => {
  const item = valueArbitrary(schema.items ?? {}, options, name);
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? Infinity, options.maxArrayLength ?? 5));
  if (!schema.uniqueItems) return fc.array(item, { minLength, maxLength });
  return fc.uniqueArray(item, { minLength, maxLength, selector: (value) => toJsonText(value) });
};

/**
 * Values the schema accepts (the server's Ajv decides, so a pattern, a format and a length hold together),
 * the field's realistic values three times in four where it has some that fit.
 */
export const valueArbitrary = (
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
  name = '',
): fc.Arbitrary<unknown> => {
  const shaped = shapeArbitrary(schema, name, options).filter((value) => fitsSchema(schema, value));
  const isArray = membersOf(schema).some((member) => member.type === 'array');
  const hinted = isArray ? [] : (options.hints ?? NO_HINTS)(name).filter((hint) => fitsSchema(schema, hint));
  if (hinted.length === 0) return shaped;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: shaped });
};

// What breaks code behind validation. Some of these are valid by a loose schema: that is the point.

export const HOSTILE_NUMBERS: readonly unknown[] = [
  0,
  -1,
  0.5,
  2147483647,
  2147483648,
  -2147483649,
  new RawJsonNumber('9007199254740993'),
  1e308,
  -1e308,
  new RawJsonNumber('1e400'),
  new RawJsonNumber('-0'),
];

export const HOSTILE_DATES: readonly string[] = [
  '0001-01-01',
  '0000-01-01',
  '1000-06-15',
  '1899-12-31',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '10000-01-01',
];

export const HOSTILE_DATE_TIMES: readonly string[] = [
  '9999-12-31T23:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '1000-06-15T12:00:00+09:00',
  '+275760-09-13T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T24:00:00Z',
];

export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0001',
  'esc\u001b[2J',
  '\u007f',
  'tab\tline\nfeed\r',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  'مزرعة الأبقار',
  '🐄🐮',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  '\ufeffbom',
  "1' OR '1'='1",
  '%_\\',
  '../../etc/passwd',
  '2147483648',
  '9007199254740993',
  '1e308',
  'NaN',
  'x'.repeat(100_000),
  ...HOSTILE_DATES,
  ...HOSTILE_DATE_TIMES,
];

/** A value of another type for a field of any type. */
const WRONG_TYPES: readonly unknown[] = [null, true, '1', [], {}];

const textAround = (schema: JsonSchema): string[] =>
  schema.maxLength === undefined
    ? []
    : ['x'.repeat(schema.maxLength + 1), '🐄'.repeat(schema.maxLength), 'é'.repeat(schema.maxLength)];

const numbersAround = (schema: JsonSchema): number[] =>
  [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].flatMap((bound) =>
    bound === undefined ? [] : [bound - 1, bound, bound + 1],
  );

/** Boundary and hostile values for one field, by the kinds of value it takes. */
export const hostileValues = (schema: JsonSchema): readonly unknown[] => {
  const members = membersOf(schema);
  const kinds = new Set(members.map((member) => member.type ?? (member.enum ? 'string' : 'unknown')));
  const values: unknown[] = [...WRONG_TYPES];
  if (kinds.has('integer') || kinds.has('number') || kinds.has('unknown')) {
    values.push(...HOSTILE_NUMBERS, ...members.flatMap(numbersAround));
  }
  if (kinds.has('string') || kinds.has('unknown')) {
    values.push(...HOSTILE_TEXT, ...members.flatMap(textAround));
  }
  if (kinds.has('boolean')) values.push(0, 1, 'true');
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = typeof value === 'string' ? `s${value}` : `j${toJsonText(value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** Whether a text field holds a day or a moment: by its format, or a pattern that starts with the year. */
const holdsDate = (schema: JsonSchema): boolean =>
  schema.format === 'date' || schema.format === 'date-time' || (schema.pattern ?? '').startsWith('^\\d{4}-');

/**
 * The hostile values most likely to get past validation into the code behind it, for the field's own kind:
 * numbers for a number, dates and times for a date, characters and lengths for text. Mutations draw from
 * these three times in four, so a few runs a route still try them.
 */
export const pointedHostileValues = (schema: JsonSchema): readonly unknown[] => {
  const pointed = membersOf(schema).flatMap((member): unknown[] => {
    if (member.type === 'integer' || member.type === 'number') {
      return [...HOSTILE_NUMBERS, ...numbersAround(member)];
    }
    if (member.type !== 'string' || member.enum || member.const !== undefined) return [];
    return holdsDate(member)
      ? [...HOSTILE_DATES, ...HOSTILE_DATE_TIMES]
      : [...HOSTILE_TEXT, ...textAround(member)];
  });
  return pointed.length > 0 ? pointed : hostileValues(schema);
};

/** One hostile value for the field: of its own kind three times in four, of any other kind else. */
export const hostileArbitrary = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pointedHostileValues(schema)) },
    { weight: 1, arbitrary: fc.constantFrom(...hostileValues(schema)) },
  );

/** A value the schema accepts but for one place, where `hostile` stands. */
export interface Mutant {
  value: unknown;
  /** Where the hostile value is: `.cowId`, `[0].city`, or '' for the whole value. */
  path: string;
  hostile: unknown;
}

/** Arrays with the item repeated: more than allowed, or twice (a duplicate). */
const arrayMutants = (schema: JsonSchema, options: SchemaArbitraryOptions, name: string, path: string) => {
  const item = valueArbitrary(schema.items ?? {}, options, name);
  const tooMany = (schema.maxItems ?? 10_000) + 1;
  const mutant = (value: unknown[]): Mutant => ({ value, path, hostile: value });
  return fc.oneof(
    item.map((one) => mutant(Array.from({ length: tooMany }, () => one))),
    item.map((one) => mutant([one, one])),
    fc.constant(mutant([])),
  );
};

/** One item of a valid array (made at least one long) replaced by a mutant of the item. */
const itemMutants = (schema: JsonSchema, options: SchemaArbitraryOptions, name: string, path: string) => {
  const atLeastOne: JsonSchema = { ...schema, minItems: Math.max(1, schema.minItems ?? 0) };
  return fc
    .tuple(
      valueArbitrary(atLeastOne, options, name),
      mutantArbitrary(schema.items ?? {}, options, name, `${path}[i]`),
      fc.nat(),
    )
    .map(([items, mutant, at]) => {
      const copy = [...(items as unknown[])];
      const index = at % copy.length;
      copy[index] = mutant.value;
      return { ...mutant, value: copy, path: mutant.path.replace(`${path}[i]`, `${path}[${index}]`) };
    });
};

/** One property of a valid object (given or not) replaced by a mutant of it. */
const propertyMutants = (schema: JsonSchema, options: SchemaArbitraryOptions, path: string) => {
  const properties = Object.entries(schema.properties ?? {});
  return fc
    .constantFrom(...properties)
    .chain(([key, property]) =>
      fc
        .tuple(valueArbitrary(schema, options), mutantArbitrary(property, options, key, `${path}.${key}`))
        .map(([base, mutant]) => ({ ...mutant, value: { ...(base as object), [key]: mutant.value } })),
    );
};

/** A valid object with one field it does not declare; `__proto__` as a JSON key, not a prototype. */
const extraFieldMutants = (schema: JsonSchema, options: SchemaArbitraryOptions, path: string) =>
  fc
    .tuple(valueArbitrary(schema, options), fc.constantFrom('unexpected', '__proto__', 'constructor'))
    .map(([base, key]) => {
      const value: Record<string, unknown> = { ...(base as object) };
      Object.defineProperty(value, key, { value: { polluted: 1 }, enumerable: true, writable: true });
      return { value, path: `${path}.${key}`, hostile: { polluted: 1 } };
    });

/**
 * Values the schema accepts but for one field: a hostile value there (of `hostileValues`), or for an array
 * none, too many or duplicate items. The rest is valid and realistic, so the one field is what is tried.
 */
export const mutantArbitrary = (
  schema: JsonSchema,
  options: SchemaArbitraryOptions = {},
  name = '',
  path = '',
): fc.Arbitrary<Mutant> => {
  const own = hostileArbitrary(schema).map((hostile) => ({ value: hostile, path, hostile }));
  const deeper: fc.Arbitrary<Mutant>[] = [];
  for (const member of membersOf(schema)) {
    if (member.type === 'object' && Object.keys(member.properties ?? {}).length > 0) {
      deeper.push(propertyMutants(member, options, path), extraFieldMutants(member, options, path));
    }
    if (member.type === 'array') {
      deeper.push(arrayMutants(member, options, name, path), itemMutants(member, options, name, path));
    }
  }
  if (deeper.length === 0) return own;
  return fc.oneof(
    { weight: 1, arbitrary: own },
    { weight: 2 * deeper.length, arbitrary: fc.oneof(...deeper) },
  );
};

/** Largest value an int4 column holds: ids beyond it must be refused before the database sees them. */
export const INT4_MAX = INT32_MAX;
