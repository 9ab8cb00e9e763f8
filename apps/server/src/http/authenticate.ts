import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { isSessionActive } from '../modules/auth/sessions-repository';
import { findUserById } from '../modules/users/users-repository';
import type { Services } from '../services';
import { unauthorized } from './app-error';
import type { AuthUser } from './route-context';

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | undefined;
  }
}

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** Resolves a token to its user; the session is checked too, so a revoked login stops at once. */
export const resolveAccessToken = async (
  services: Services,
  token: string | undefined,
): Promise<AuthUser> => {
  if (!token) throw unauthorized();
  const check = await services.tokens.verifyAccessToken(token);
  if (!check.ok) {
    throw check.expired ? unauthorized('Please Login', ERROR_CODES.tokenExpired) : unauthorized();
  }
  const { userId, sessionId } = check.claims;
  if (!(await isSessionActive(services.db, sessionId, userId))) throw unauthorized();
  const user = await findUserById(services.db, userId);
  // Removing a member revokes their logins; this also covers a token checked in the same moment.
  if (!user || user.removedFromFarm) throw unauthorized();
  return {
    userId,
    sessionId,
    farmId: user.farmId,
    farmNumber: user.farmNumber,
    country: user.country,
    role: user.role,
  };
};

export const authenticate =
  (services: Services): onRequestAsyncHookHandler =>
  async (request) => {
    request.authUser = await resolveAccessToken(services, bearerToken(request));
  };
