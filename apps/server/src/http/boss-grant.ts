import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, HEADERS } from '@cowcare/contract/errors';
import type { Services } from '../services';
import { AppError } from './app-error';
import type { AuthUser } from './route-context';

/** Whether the request carries a valid boss grant (`x-boss-grant`) of this user and farm. */
export const hasBossGrant = async (
  services: Pick<Services, 'tokens'>,
  request: FastifyRequest,
  user: AuthUser,
): Promise<boolean> => {
  const grant = request.headers[HEADERS.bossGrant];
  return typeof grant === 'string' && services.tokens.verifyBossGrant(grant, user.userId, user.farmId);
};

/** The refusal of a guarded change made without the boss password. */
export const bossGrantRequired = (message = 'Enter the boss password first') =>
  new AppError(403, ERROR_CODES.bossGrantRequired, message);
