// Every value a client may send is bounded in the contract itself: a number the database cannot hold, a date
// it cannot read back or a text of any length must be refused by validation, never reach a query.
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../src/api';
import type { RouteDefinition } from '../src/route';

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  formatMinimum?: string;
  formatMaximum?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

/** What is unbounded in `schema` (and below it), as `path: problem` lines. */
const unboundedParts = (schema: JsonSchema, path: string): string[] => {
  if (schema.const !== undefined || schema.enum !== undefined) return [];
  const problems: string[] = [];
  for (const option of schema.anyOf ?? []) problems.push(...unboundedParts(option, path));
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    problems.push(...unboundedParts(property, `${path}.${name}`));
  }
  if (schema.type === 'array') {
    if (schema.maxItems === undefined) problems.push(`${path}: array without maxItems`);
    if (schema.items) problems.push(...unboundedParts(schema.items, `${path}[]`));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.minimum === undefined || schema.maximum === undefined) {
      problems.push(`${path}: ${schema.type} without minimum and maximum`);
    }
  }
  if (schema.type === 'string') {
    if (schema.format === 'date' || schema.format === 'date-time') {
      if (schema.formatMinimum === undefined || schema.formatMaximum === undefined) {
        problems.push(`${path}: ${schema.format} without formatMinimum and formatMaximum`);
      }
    } else if (schema.maxLength === undefined) {
      problems.push(`${path}: string without maxLength`);
    }
  }
  return problems;
};

const inputsOf = (route: RouteDefinition): [string, JsonSchema][] =>
  (
    [
      ['params', route.params],
      ['query', route.query],
      // A batch read item by item is checked against its item schema below, not as a whole.
      ['body', route.bodyJudgedItemByItem ? undefined : route.body],
    ] as const
  ).flatMap(([part, schema]) => (schema ? [[part, schema as JsonSchema] as [string, JsonSchema]] : []));

describe('bounds of every input in the contract', () => {
  it.each(allRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s bounds every number, text, date and list it takes',
    (_name, route) => {
      const problems = inputsOf(route).flatMap(([part, schema]) => unboundedParts(schema, part));
      expect(problems).toEqual([]);
    },
  );

  it('a gateway reading bounds each of its fields', async () => {
    const { SensorReadingSchema } = await import('../src/routes/ingest');
    expect(unboundedParts(SensorReadingSchema as JsonSchema, 'reading')).toEqual([]);
  });

  it('the checker itself finds an unbounded id, text, date and list', () => {
    const loose: JsonSchema = {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        city: { type: 'string' },
        at: { type: 'string', format: 'date-time' },
        ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 9 } },
      },
    };
    expect(unboundedParts(loose, 'body')).toEqual([
      'body.id: integer without minimum and maximum',
      'body.city: string without maxLength',
      'body.at: date-time without formatMinimum and formatMaximum',
      'body.ids: array without maxItems',
    ]);
  });
});
