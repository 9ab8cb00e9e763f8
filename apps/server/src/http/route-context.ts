import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FarmRole } from '@cowcare/contract/schemas';
import type {
  RouteAccessOf,
  RouteBody,
  RouteData,
  RouteDefinition,
  RouteParams,
  RouteQuery,
} from '@cowcare/contract/route';

/** The caller of a `user` route, resolved from the bearer token and the database on every request. */
export interface AuthUser {
  userId: number;
  farmId: number;
  farmNumber: string;
  country: string;
  sessionId: string;
  /** Read with the user on every request, so a changed role counts from the next call. */
  role: FarmRole;
}

export interface RouteContext<R> {
  params: RouteParams<R>;
  body: RouteBody<R>;
  query: RouteQuery<R>;
  user: RouteAccessOf<R> extends 'user' ? AuthUser : undefined;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer made ready beforehand, the JSON envelope included (the cow list: serialized and compressed
 * once, sent many times), or a body-less one (304). Sent as is, past the schema serializer.
 */
export class PreparedAnswer {
  constructor(
    readonly statusCode: 200 | 304,
    readonly headers: Record<string, string>,
    readonly body: Buffer | undefined,
  ) {}
}

export type RouteHandler<R> = (context: RouteContext<R>) => Promise<RouteData<R> | PreparedAnswer>;

export interface RouteBinding {
  route: RouteDefinition;
  handler: RouteHandler<RouteDefinition>;
}

/** Pairs a contract route with its handler; the types of params, body and answer come from the contract. */
export const bind = <R extends RouteDefinition>(route: R, handler: RouteHandler<R>): RouteBinding => ({
  route,
  handler,
});
