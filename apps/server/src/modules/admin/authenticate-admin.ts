import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { unauthorized } from '../../http/app-error';
import type { Services } from '../../services';
import { findAdminById } from './admin-users-repository';

/** The caller of an `admin` route. */
export interface AuthAdmin {
  adminId: number;
  username: string;
  /** What the other agents see; the username when the account has no name. */
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authAdmin: AuthAdmin | undefined;
  }
}

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/**
 * Accepts only an admin token (a user's access token has another type and fails here), and only while its
 * administrator still exists, so removing an account ends its access at once.
 */
export const resolveAdminToken = async (
  services: Services,
  token: string | undefined,
): Promise<AuthAdmin> => {
  if (!token) throw unauthorized();
  const check = await services.tokens.verifyAdminToken(token);
  if (!check.ok) {
    throw check.expired ? unauthorized('Please Login', ERROR_CODES.tokenExpired) : unauthorized();
  }
  const admin = await findAdminById(services.db, check.claims.adminId);
  if (!admin) throw unauthorized();
  return { adminId: admin.id, username: admin.username, name: admin.name || admin.username };
};

export const authenticateAdmin =
  (services: Services): onRequestAsyncHookHandler =>
  async (request) => {
    request.authAdmin = await resolveAdminToken(services, bearerToken(request));
  };

/** The administrator of an `admin` route; registration guarantees the hook above ran. */
export const adminOf = (request: FastifyRequest): AuthAdmin => {
  if (!request.authAdmin) throw new Error('authenticateAdmin must run before an admin handler');
  return request.authAdmin;
};
