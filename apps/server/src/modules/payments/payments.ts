import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { createSandboxWebhookSender, type SandboxWebhookSender } from './sandbox/sandbox-webhook-sender';

/** The payment side of the services: the configured provider, and the sandbox's webhook sender. */
export interface Payments {
  provider: PaymentProvider;
  /** The built-in sandbox's webhook delivery (it serves its checkout pages whatever provider is chosen). */
  sandboxWebhooks: SandboxWebhookSender;
  /** Where this server listens, for the sandbox's webhooks to itself; set once it listens. */
  listeningUrl: string | undefined;
}

export const WEBHOOK_PATH = '/api/payments/webhook';

export const createPayments = (config: Config, db: Database, log: FastifyBaseLogger): Payments => {
  const payments: Payments = {
    provider: createSandboxProvider(db, config.sandboxWebhookSecret),
    sandboxWebhooks: createSandboxWebhookSender({
      db,
      secret: config.sandboxWebhookSecret,
      targetUrl: () => payments.listeningUrl && `${payments.listeningUrl}${WEBHOOK_PATH}/sandbox`,
      log,
    }),
    listeningUrl: undefined,
  };
  return payments;
};
