import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { apiPath, successEnvelope, type RouteDefinition, type ScopeKind } from '@cowcare/contract/route';
import { authenticateAdmin } from '../modules/admin/authenticate-admin';
import type { Services } from '../services';
import { AppError, badRequest, forbidden } from './app-error';
import { bossGrantRequired, hasBossGrant } from './boss-grant';
import { forbiddenCharacterAt } from './control-characters';
import { authenticate } from './authenticate';
import { PreparedAnswer, type AuthUser, type RouteBinding } from './route-context';

const scopeMatches = (kind: ScopeKind, value: unknown, user: AuthUser): boolean => {
  switch (kind) {
    case 'userId':
      return Number(value) === user.userId;
    case 'farmNumber':
      return value === user.farmNumber;
    case 'country':
      return value === user.country;
  }
};

const userOf = (request: FastifyRequest): AuthUser => {
  if (!request.authUser) throw new Error('authenticate must run before this hook');
  return request.authUser;
};

const checkScopes =
  (scopes: Readonly<Record<string, ScopeKind>>): preHandlerAsyncHookHandler =>
  async (request) => {
    const user = userOf(request);
    const params = request.params as Record<string, unknown>;
    for (const [name, kind] of Object.entries(scopes)) {
      if (!scopeMatches(kind, params[name], user)) throw forbidden();
    }
  };

const checkBossGrant =
  (services: Services): preHandlerAsyncHookHandler =>
  async (request) => {
    if (!(await hasBossGrant(services, request, userOf(request)))) throw bossGrantRequired();
  };

/**
 * A staff token on a call only the farm's owners may make (the contract's `ownerOnly`, architecture §10).
 * Like authentication it runs on the headers alone, before the body is parsed: staff learn nothing about
 * what a valid request of the call looks like.
 */
const requireOwner: onRequestAsyncHookHandler = async (request) => {
  if (userOf(request).role !== 'owner') {
    throw new AppError(403, ERROR_CODES.ownerOnly, "Only the farm's owner can do this");
  }
};

/**
 * Refuses a control character or a broken UTF-16 pair anywhere in the path, the query or the body. A body
 * judged item by item (the gateways' readings) is left to that judgement: a stray character in a field of a
 * gateway's own must not cost the batch its good readings, and only numbers and a time are kept of it.
 */
const rejectControlCharacters = (route: RouteDefinition): preValidationAsyncHookHandler => {
  const wholeBody = route.bodyJudgedItemByItem !== true;
  return async (request) => {
    const found =
      forbiddenCharacterAt(request.params, 'params') ??
      forbiddenCharacterAt(request.query, 'query') ??
      (wholeBody ? forbiddenCharacterAt(request.body, 'body') : undefined);
    if (found) {
      throw badRequest(
        ERROR_CODES.validation,
        `${found.path} must not contain the character ${found.character}`,
      );
    }
  };
};

/**
 * Registers every binding from its contract route: schemas validate the request and shape the answer
 * (fields outside the response schema are dropped), then authenticate -> owner check -> scope check -> boss
 * grant run before the handler. Handlers never see a request that failed any of these.
 */
export const registerRoutes = (app: FastifyInstance, services: Services, bindings: RouteBinding[]): void => {
  for (const { route, handler } of bindings) {
    // Authentication runs on the headers alone, before the body is parsed, so a caller without a token
    // learns nothing about what a valid request looks like.
    const onRequest =
      route.access === 'user'
        ? [authenticate(services), ...(route.ownerOnly ? [requireOwner] : [])]
        : route.access === 'admin'
          ? [authenticateAdmin(services)]
          : [];
    const preHandler: preHandlerAsyncHookHandler[] = [];
    if (route.access === 'user') {
      if (route.scopes) preHandler.push(checkScopes(route.scopes));
      if (route.needsBossGrant) preHandler.push(checkBossGrant(services));
    }
    app.route({
      method: route.method,
      url: apiPath(route),
      schema: schemaOf(route),
      ...(route.bodyLimitBytes ? { bodyLimit: route.bodyLimitBytes } : {}),
      onRequest,
      preValidation: rejectControlCharacters(route),
      preHandler,
      handler: async (request, reply) => {
        const data = await handler({
          params: request.params as never,
          body: request.body as never,
          query: request.query as never,
          user: request.authUser as never,
          ip: request.ip,
          request,
          reply,
        });
        if (data instanceof PreparedAnswer) {
          reply.statusCode = data.statusCode;
          return reply.headers(data.headers).send(data.body);
        }
        return { success: true, data };
      },
    });
  }
};

const schemaOf = (route: RouteDefinition) => ({
  ...(route.params ? { params: route.params } : {}),
  ...(route.body ? { body: route.body } : {}),
  ...(route.query ? { querystring: route.query } : {}),
  response: { 200: successEnvelope(route.data) },
});
