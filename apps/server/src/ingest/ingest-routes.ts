import type { FastifyReply } from 'fastify';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { AppError, badRequest, throttled, unauthorized } from '../http/app-error';
import { bind } from '../http/route-context';
import { firstStoredSensor } from '../modules/gateways/gateway-traffic';
import type { GatewayIdentity } from '../modules/gateways/gateways-repository';
import type { Services } from '../services';
import { itemsOfPayload } from './parse-payload';

const BASIC_REALM = 'Basic realm="CowCare gateways", charset="UTF-8"';

const basicCredentials = (header: string | undefined): { username: string; secret: string } | undefined => {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
};

/** HTTP Basic with the gateway's username and secret (RFC 7617); the farm is the gateway's own. */
const authenticateGateway = async (
  services: Services,
  header: string | undefined,
  address: string,
  reply: FastifyReply,
): Promise<GatewayIdentity> => {
  const credentials = basicCredentials(header);
  const check =
    credentials && (await services.gateways.check(credentials.username, credentials.secret, address));
  if (check?.ok) return check.gateway;
  if (check?.reason === 'throttled') {
    throw throttled(check.retryAfterSeconds ?? 60, 'Too many wrong gateway secrets. Try again later.');
  }
  void reply.header('www-authenticate', BASIC_REALM);
  throw unauthorized('Gateway username or secret is wrong');
};

export const ingestRoutes = (services: Services) => [
  bind(api.ingest.postReadings, async ({ body, request, ip, reply }) => {
    const gateway = await authenticateGateway(services, request.headers.authorization, ip, reply);
    const payload = itemsOfPayload(body);
    if (!payload.ok) throw badRequest(ERROR_CODES.validation, `body: ${payload.reason}`);
    const running = services.ingest.tryIngest(gateway.farmId, payload.items);
    if (!running) {
      // HTTP has no acknowledgement to hold back, so a full queue says so and when to come back.
      void reply.header('retry-after', '1');
      throw new AppError(503, ERROR_CODES.ingestBusy, 'The ingest is busy. Send the readings again shortly.');
    }
    const result = await running;
    services.gatewayTraffic.record(gateway, {
      stored: result.stored,
      firstStoredSensor: firstStoredSensor(payload.items, result.outcomes),
      refusals: result.rejected.map((item) => item.reason),
    });
    return {
      stored: result.stored,
      duplicate: result.duplicate,
      rejected: result.rejected.length,
      items: result.outcomes,
    };
  }),
];
