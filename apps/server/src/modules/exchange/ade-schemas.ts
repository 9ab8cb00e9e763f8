import { readdirSync, readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { AdeCollection } from '@cowcare/contract/routes/exchange';
import { COLLECTION_SCHEMAS } from './ade-vocabulary';

// The ICAR ADE 1.3.2 JSON schemas (./icar-ade, Apache 2.0, as published by the ICAR ADE working group),
// loaded into one Ajv so their relative $refs (../types/…) resolve across files. They are JSON Schema
// draft-07 with OpenAPI 3.0's `nullable`; Ajv's default class is draft-07.

const ROOT = new URL('./icar-ade/', import.meta.url);
/** A base the files' relative refs resolve against; the files carry no $id of their own. */
const BASE = 'https://adewg.icar.org/ade/1.3/';
const FOLDERS = ['enums', 'types', 'resources', 'collections'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * OpenAPI's `nullable: true` beside a `$ref` or `allOf` (no `type`) means "this, or null"; Ajv's own
 * `nullable` needs a `type`, so those are rewritten to an `anyOf` with null. Enum values are left alone.
 */
const withNullAllowed = (schema: Json): Json => {
  if (Array.isArray(schema)) return schema.map(withNullAllowed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === 'enum' ? value : withNullAllowed(value)]),
  );
  if (copy.nullable !== true || copy.type !== undefined) return copy;
  const { nullable: _nullable, description, ...rest } = copy;
  return { ...(description === undefined ? {} : { description }), anyOf: [{ type: 'null' }, rest] };
};

const createAdeAjv = (): Ajv => {
  // Not strict: the standard's schemas name required properties declared in a sibling allOf branch, and use
  // OpenAPI's `discriminator`, which JSON Schema does not know and need not check.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // OpenAPI's number format: any number is a double.
  ajv.addFormat('double', true);
  for (const folder of FOLDERS) {
    const directory = new URL(`${folder}/`, ROOT);
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.json'))) {
      const schema = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as Json;
      ajv.addSchema({ ...(withNullAllowed(schema) as object), $id: `${BASE}${folder}/${file}` });
    }
  }
  return ajv;
};

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

/** The validator of one schema of the standard, by file name without `.json` (`icarAnimalCoreResource`). */
export const adeSchemaValidator = (name: string, folder = 'resources'): ValidateFunction => {
  const key = `${folder}/${name}`;
  const known = validators.get(key);
  if (known) return known;
  ajv ??= createAdeAjv();
  const validate = ajv.getSchema(`${BASE}${folder}/${name}.json`);
  if (!validate) throw new Error(`no ADE schema ${key}`);
  validators.set(key, validate);
  return validate;
};

const describe = (error: ErrorObject): string =>
  `${error.instancePath || '(the resource)'} ${error.message ?? 'is invalid'}${
    error.keyword === 'enum'
      ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
      : ''
  }`;

/** The problems of a resource against its list's schema, in words; empty when it is valid. */
export const adeSchemaProblems = (collection: AdeCollection, resource: unknown): string[] => {
  const validate = adeSchemaValidator(COLLECTION_SCHEMAS[collection].schema);
  if (validate(resource)) return [];
  return (validate.errors ?? []).map(describe);
};
