import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { reconciliationJob } from './reconciliation-job';
import { registerSandboxPages } from './sandbox/sandbox-pages';
import { registerWebhookRoutes } from './webhook-routes';

/**
 * The payment side of the server: providers' webhooks, the sandbox's checkout pages, and the jobs that
 * deliver the sandbox's webhooks and reconcile top-ups no webhook settled.
 */
export const registerPayments = (app: FastifyInstance, services: Services): void => {
  registerWebhookRoutes(app, services);
  registerSandboxPages(app, services);
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) return;
    // The sandbox posts its webhooks to this server directly (loopback when it listens everywhere), as a
    // provider posts to its public address.
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const ip = wildcard ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
    const host = ip.includes(':') ? `[${ip}]` : ip;
    services.payments.listeningUrl = `http://${host}:${address.port}`;
    void services.payments.sandboxWebhooks.deliverDue();
  });
  if (services.config.jobs) {
    services.jobs.start(services.payments.sandboxWebhooks.job);
    services.jobs.start(reconciliationJob(services));
  }
};
