import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { createContractAjv } from './contract-ajv';

const createAjv = (coerceTypes: boolean) =>
  createContractAjv({ coerceTypes, allErrors: true, removeAdditional: false, useDefaults: true });

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
