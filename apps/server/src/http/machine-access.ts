import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './app-error';

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

// Compared as digests so that neither the length nor the content of the token leaks through timing.
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

// A reverse proxy on this machine connects from the loopback address too; what it relays is not local.
const relayed = (request: FastifyRequest): boolean =>
  request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;

/**
 * Who may call an endpoint meant for the operator's machines (metrics, a broker's hooks): with `token` set,
 * whoever sends it as a bearer token; without, only a client on this machine (the socket's own address, and
 * not relayed by a proxy). `what` and `tokenName` make the refusal say how to get in.
 */
export const checkMachineAccess = (
  request: FastifyRequest,
  token: string | undefined,
  what: string,
  tokenName: string,
): void => {
  if (token === undefined) {
    if (isLoopback(request.socket.remoteAddress) && !relayed(request)) return;
    throw forbidden(`${what} are served to this machine only; set ${tokenName} to call them from elsewhere`);
  }
  const [scheme, given] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || given === undefined || !sameSecret(given, token)) {
    throw unauthorized(`${what} need the ${tokenName} as a bearer token`);
  }
};
