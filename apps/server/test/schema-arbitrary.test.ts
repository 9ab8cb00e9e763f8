// The schema-to-arbitrary converter the route fuzzing is built on (test/helpers/schema-arbitrary.ts): what
// it makes fits the schema, leans on the hints it is given, and its mutations change one place only, with
// the boundary and hostile values the reliability issue lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '@cowcare/contract/api';
import {
  fitsSchema,
  hostileValues,
  mutantArbitrary,
  RawJsonNumber,
  toJsonText,
  valueArbitrary,
  withOffset,
  type JsonSchema,
} from './helpers/schema-arbitrary';

const SEED = 4242;
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 200): T[] =>
  fc.sample(arbitrary, { seed: SEED, numRuns });

const Id: JsonSchema = { type: 'integer', minimum: 1, maximum: 2147483647 };
const Day: JsonSchema = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const RecordBody: JsonSchema = {
  type: 'object',
  required: ['cowId', 'on'],
  properties: {
    cowId: Id,
    on: Day,
    memo: { type: 'string', maxLength: 20 },
    ids: { type: 'array', items: Id, maxItems: 3, uniqueItems: true },
  },
};

/** Every params, query and body schema of the contract. */
const contractSchemas = allRoutes.flatMap((route) =>
  (['params', 'query', 'body'] as const).flatMap((part) =>
    route[part] ? [[`${route.method} ${route.path} ${part}`, route[part] as JsonSchema] as const] : [],
  ),
);

const valueAt = (value: unknown, path: string): unknown =>
  [...path.matchAll(/\.([^.[]+)|\[(\d+)\]/g)].reduce<unknown>(
    (at, [, key, index]) => (at as Record<string, unknown>)[key ?? index ?? ''],
    value,
  );

describe('fitsSchema', () => {
  it('decides like the server: formats, patterns, bounds and the date limits', () => {
    expect(fitsSchema(Day, '2026-02-28')).toBe(true);
    expect(fitsSchema(Day, '2026-02-30')).toBe(false);
    expect(fitsSchema(Id, 2147483648)).toBe(false);
    const bounded: JsonSchema = { ...Day, formatMinimum: '1990-01-01', formatMaximum: '2099-12-31' };
    expect(
      ['1989-12-31', '1990-01-01', '2099-12-31', '2100-01-01'].map((day) => fitsSchema(bounded, day)),
    ).toEqual([false, true, true, false]);
    const moment: JsonSchema = {
      type: 'string',
      format: 'date-time',
      formatMaximum: '2099-12-31T23:59:59-12:00',
    };
    expect(fitsSchema(moment, '2100-01-01T11:00:00Z')).toBe(true);
    expect(fitsSchema(moment, '2100-01-01T12:00:00Z')).toBe(false);
  });
});

describe('valueArbitrary', () => {
  it.each(contractSchemas)(
    'makes values of %s that the schema accepts, and of some variety',
    (_name, schema) => {
      const values = sample(valueArbitrary(schema), 60);
      expect(values.filter((value) => !fitsSchema(schema, value))).toEqual([]);
      expect(new Set(values.map((value) => toJsonText(value))).size).toBeGreaterThan(1);
    },
  );

  it('uses the hints that fit three times in four, and never one that does not', () => {
    const hints = (name: string) => (name === 'cowId' ? [7, 8, 'abc', 0] : name === 'ids' ? [5] : []);
    const values = sample(valueArbitrary(RecordBody, { hints }), 400) as { cowId: number; ids?: number[] }[];
    const hinted = values.filter((value) => value.cowId === 7 || value.cowId === 8).length;
    expect(hinted / values.length).toBeGreaterThan(0.6);
    expect(values.some((value) => value.cowId === 0)).toBe(false);
    // An array's items take the array's name.
    expect(values.some((value) => value.ids?.includes(5))).toBe(true);
  });

  it('makes real calendar days, most of them near today, some in any year of four digits', () => {
    const days = sample(valueArbitrary(Day), 400) as string[];
    const nearToday = days.filter((day) => Math.abs(Date.parse(day) - Date.now()) < 800 * 86_400_000);
    expect(nearToday.length / days.length).toBeGreaterThan(0.6);
    expect(days.some((day) => day < '1900')).toBe(true);
  });

  it('makes ids of the whole range a schema allows, small ones most often', () => {
    const ids = sample(valueArbitrary({ type: 'integer', minimum: 1 }), 400) as number[];
    expect(ids.every((id) => Number.isSafeInteger(id) && id >= 1)).toBe(true);
    expect(ids.some((id) => id > 2147483647)).toBe(true);
    expect(ids.filter((id) => id <= 1001).length / ids.length).toBeGreaterThan(0.5);
  });
});

describe('hostileValues', () => {
  it('has the boundaries of an int4 id and the numbers JSON cannot say exactly', () => {
    const values = hostileValues(Id).map((value) => toJsonText(value));
    for (const number of [
      '0',
      '-1',
      '2147483647',
      '2147483648',
      '9007199254740993',
      '1e+308',
      '0.5',
      '1e400',
    ]) {
      expect(values).toContain(number);
    }
  });

  it('has the dates, times and characters that broke reads, and text longer than allowed', () => {
    const values = hostileValues({ type: 'string', maxLength: 64 });
    const wanted = [
      '0001-01-01',
      '0000-01-01',
      '1000-06-15',
      '1899-12-31',
      '9999-12-31',
      '2026-02-30',
      '9999-12-31T23:00:00Z',
      '0001-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      'x'.repeat(65),
    ];
    expect(values).toEqual(expect.arrayContaining(wanted));
    for (const character of ['\u0000', '\u0001', '\u001b', '\u007f', '\ud800', '\u202e', '🐄']) {
      expect(values.some((value) => typeof value === 'string' && value.includes(character))).toBe(true);
    }
  });
});

describe('mutantArbitrary', () => {
  const mutants = sample(mutantArbitrary(RecordBody, { hints: () => [] }), 600);

  it('puts the hostile value in one place and leaves every other field valid', () => {
    for (const mutant of mutants) {
      const field = /^\.(\w+)/.exec(mutant.path)?.[1];
      if (field === undefined || field === '__proto__' || field === 'constructor' || field === 'unexpected') {
        continue;
      }
      const rest = { ...(mutant.value as object) } as Record<string, unknown>;
      delete rest[field];
      const others: JsonSchema = {
        ...RecordBody,
        required: (RecordBody.required ?? []).filter((name) => name !== field),
      };
      expect(fitsSchema(others, rest), `${mutant.path} in ${toJsonText(mutant.value)}`).toBe(true);
      expect(valueAt(mutant.value, mutant.path)).toEqual(mutant.hostile);
    }
  });

  it('reaches every field, array items, and arrays empty, too long and with duplicates', () => {
    const places = new Set(mutants.map((mutant) => mutant.path.replace(/\[\d+\]/, '[]')));
    expect(places).toEqual(
      new Set(['', '.cowId', '.on', '.memo', '.ids', '.ids[]', '.unexpected', '.__proto__', '.constructor']),
    );
    const idLists = mutants
      .filter((mutant) => mutant.path === '.ids')
      .map((mutant) => valueAt(mutant.value, '.ids'));
    expect(idLists).toContainEqual([]);
    expect(idLists.some((ids) => Array.isArray(ids) && ids.length === 4)).toBe(true);
    expect(idLists.some((ids) => Array.isArray(ids) && ids.length === 2 && ids[0] === ids[1])).toBe(true);
  });

  it('sends __proto__ as a field of the JSON, not as a prototype', () => {
    const polluted = mutants.find((mutant) => mutant.path === '.__proto__');
    expect(toJsonText(polluted?.value)).toContain('"__proto__":{"polluted":1}');
  });
});

describe('toJsonText and withOffset', () => {
  it('writes what JSON.stringify writes, and raw numbers as they are', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(toJsonText(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { seed: SEED },
    );
    expect(toJsonText({ id: new RawJsonNumber('9007199254740993') })).toBe('{"id":9007199254740993}');
  });

  it('writes a moment as local time at an offset, the same moment', () => {
    const moment = new Date('2026-01-01T00:00:00Z');
    expect(withOffset(moment, 540)).toBe('2026-01-01T09:00:00+09:00');
    expect(withOffset(moment, -300)).toBe('2025-12-31T19:00:00-05:00');
    expect(Date.parse(withOffset(moment, 330))).toBe(moment.getTime());
  });
});
