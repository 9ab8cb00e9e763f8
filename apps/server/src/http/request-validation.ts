import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { addFormatLimits } from './format-limits';

const createAjv = (coerceTypes: boolean) => {
  const ajv = new Ajv({
    coerceTypes,
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  });
  // The range keywords come from format-limits.ts: see there why not from ajv-formats.
  addFormats(ajv, { keywords: false });
  addFormatLimits(ajv);
  return ajv;
};

/**
 * Path and query parameters arrive as text, so they are coerced to the schema's types. Bodies are JSON
 * with real types: a string is never silently turned into a number there.
 */
export const registerRequestValidation = (app: FastifyInstance): void => {
  const coercing = createAjv(true);
  const strict = createAjv(false);
  const compile: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema) as ReturnType<
      FastifySchemaCompiler<FastifySchema>
    >;
  app.setValidatorCompiler(compile);
};
