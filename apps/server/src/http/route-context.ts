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

export type RouteHandler<R> = (context: RouteContext<R>) => Promise<RouteData<R>>;

export interface RouteBinding {
  route: RouteDefinition;
  handler: RouteHandler<RouteDefinition>;
}

/** Pairs a contract route with its handler; the types of params, body and answer come from the contract. */
export const bind = <R extends RouteDefinition>(route: R, handler: RouteHandler<R>): RouteBinding => ({
  route,
  handler,
});
