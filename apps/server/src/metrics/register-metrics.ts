import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/app-error';
import { createMetricsRegistry, type MetricSources } from './metrics-registry';

export const METRICS_PATH = '/metrics';

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
 * Who may read the metrics. They hold no farm's data, but they do tell how busy the install is and which
 * services it uses: with METRICS_TOKEN set, whoever sends it as a bearer token; without, only a client on
 * this machine (the socket's own address, and not relayed by a proxy).
 */
const checkAccess = (request: FastifyRequest, token: string | undefined): void => {
  if (token === undefined) {
    if (isLoopback(request.socket.remoteAddress) && !relayed(request)) return;
    throw forbidden('Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere');
  }
  const [scheme, given] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Bearer' || given === undefined || !sameSecret(given, token)) {
    throw unauthorized('Metrics need the METRICS_TOKEN as a bearer token');
  }
};

/** `GET /metrics`: this instance's metrics in the Prometheus text format (docs/operations.md, "Metrics"). */
export const registerMetrics = (app: FastifyInstance, sources: MetricSources): void => {
  const { registry, stop } = createMetricsRegistry(sources);
  app.addHook('onClose', async () => stop());
  app.get(METRICS_PATH, async (request, reply) => {
    checkAccess(request, sources.services.config.metricsToken);
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};
