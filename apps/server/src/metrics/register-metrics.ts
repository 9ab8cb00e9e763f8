import type { FastifyInstance } from 'fastify';
import { checkMachineAccess } from '../http/machine-access';
import { createMetricsRegistry, type MetricSources } from './metrics-registry';

export const METRICS_PATH = '/metrics';

/** `GET /metrics`: this instance's metrics in the Prometheus text format (docs/operations.md, "Metrics"). */
export const registerMetrics = (app: FastifyInstance, sources: MetricSources): void => {
  const { registry, stop } = createMetricsRegistry(sources);
  app.addHook('onClose', async () => stop());
  app.get(METRICS_PATH, async (request, reply) => {
    // They hold no farm's data, but tell how busy the install is and which services it uses.
    checkMachineAccess(request, sources.services.config.metricsToken, 'Metrics', 'METRICS_TOKEN');
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
};
