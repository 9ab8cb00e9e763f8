import type { TSchema } from '@sinclair/typebox';
import { allRoutes } from './api';
import { ErrorBody, UpgradeRequiredBody } from './errors';
import { apiPath, successEnvelope, type RouteDefinition } from './route';

type JsonObject = Record<string, unknown>;

const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_]+)/g, '{$1}');

const parametersOf = (route: RouteDefinition): JsonObject[] => {
  const properties = (route.params as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {};
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema }));
};

const operationOf = (route: RouteDefinition): JsonObject => ({
  summary: route.summary,
  tags: [route.tag],
  ...(route.access === 'user' ? { security: [{ bearer: [] }] } : {}),
  parameters: [
    ...parametersOf(route),
    { name: 'version', in: 'header', required: false, schema: { type: 'string' } },
    ...(route.needsBossGrant
      ? [{ name: 'x-boss-grant', in: 'header', required: true, schema: { type: 'string' } }]
      : []),
  ],
  ...(route.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
    : {}),
  responses: {
    200: { description: 'success', content: { 'application/json': { schema: successEnvelope(route.data) } } },
    '4XX': { description: 'client error', content: { 'application/json': { schema: ErrorBody } } },
    409: {
      description: 'app version too old',
      content: { 'application/json': { schema: UpgradeRequiredBody } },
    },
  },
});

/** The OpenAPI 3.1 document of every route in the contract (served at /api/docs). */
export const buildOpenApiDocument = (version: string): JsonObject => {
  const paths: Record<string, JsonObject> = {};
  for (const route of allRoutes) {
    const path = toOpenApiPath(apiPath(route));
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CowCare API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
};
