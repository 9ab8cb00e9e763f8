import { Type, type Static, type TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A path parameter that names a scope. The server never trusts it: it compares it with the token's user
 * and answers 403 (`E_FORBIDDEN`) without touching data when it does not match.
 */
export type ScopeKind = 'userId' | 'farmNumber' | 'country';

/** `admin` routes serve the support side and take an admin token (POST admin/login), never a user's. */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface RouteDefinition<
  Params extends TSchema = TSchema,
  Body extends TSchema = TSchema,
  Query extends TSchema = TSchema,
  Data extends TSchema = TSchema,
  Access extends RouteAccess = RouteAccess,
> {
  method: HttpMethod;
  /** Path below `/api/`, Fastify style (`user/user/setLg/:id/:lang`). */
  path: string;
  /** `public` routes need no token (login, register, refresh, agreements, admin list, health). */
  access: Access;
  summary: string;
  tag: string;
  params?: Params;
  body?: Body;
  query?: Query;
  /** Schema of `data` in the `{ success: true, data }` envelope. */
  data: Data;
  scopes?: Readonly<Record<string, ScopeKind>>;
  /** The boss password must have been verified (an `x-boss-grant` header from verifybosspassword). */
  needsBossGrant?: boolean;
  /**
   * Only the farm's owners may call it (architecture §10: money, settings, gateways, staff); a staff token
   * answers 403 `E_OWNER_ONLY`. Left out, every member of the farm may. `route-roles.ts` lists the
   * classification of every route.
   */
  ownerOnly?: true;
  /**
   * The body is a batch whose items the handler judges one by one, so one bad item does not refuse the
   * good ones (a gateway's readings); the edge checks of the whole body skip it.
   */
  bodyJudgedItemByItem?: true;
  /** A body larger than the server's default limit (1 MiB) is accepted up to this many bytes (an import). */
  bodyLimitBytes?: number;
}

export const defineRoute = <
  P extends TSchema,
  B extends TSchema,
  Q extends TSchema,
  D extends TSchema,
  A extends RouteAccess,
>(
  route: RouteDefinition<P, B, Q, D, A>,
): RouteDefinition<P, B, Q, D, A> => route;

/** A schema left out of a route is inferred as plain `TSchema`; that means "nothing here". */
type StaticOr<S, Fallback> = TSchema extends S ? Fallback : S extends TSchema ? Static<S> : Fallback;

export type RouteParams<R> = R extends RouteDefinition<infer P> ? StaticOr<P, Record<string, never>> : never;
export type RouteBody<R> = R extends RouteDefinition<TSchema, infer B> ? StaticOr<B, undefined> : never;
export type RouteQuery<R> =
  R extends RouteDefinition<TSchema, TSchema, infer Q> ? StaticOr<Q, undefined> : never;
export type RouteData<R> = R extends RouteDefinition<TSchema, TSchema, TSchema, infer D> ? Static<D> : never;
export type RouteAccessOf<R> =
  R extends RouteDefinition<TSchema, TSchema, TSchema, TSchema, infer A> ? A : never;

export const successEnvelope = <D extends TSchema>(data: D) =>
  Type.Object({ success: Type.Literal(true), data });

/** Full URL path of a route as the server mounts it. */
export const apiPath = (route: Pick<RouteDefinition, 'path'>): string => `/api/${route.path}`;

/** A `:name` segment of a route path. */
const PATH_PARAMETER = /:([A-Za-z_]+)/g;

/** The names of a route path's `:name` segments, in order. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(PATH_PARAMETER)].map(([, name = '']) => name);

/** Fill `:name` segments of a route path; values are URI-encoded. */
export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(PATH_PARAMETER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
