import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database';
import type { Job } from '../../../jobs/job-runner';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from './sandbox-signature';
import { leaseDueWebhooks, markWebhookDelivered, retryWebhookLater, type DueWebhook } from './sandbox-store';

const BATCH = 20;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface SandboxWebhookSender {
  /** Delivers what is due now (after a checkout's outcome, and on the job's tick). */
  deliverDue(): Promise<void>;
  job: Job;
}

/**
 * The sandbox's webhook delivery, as a provider does it: signed POSTs to the server's webhook endpoint over
 * HTTP, retried with backoff until one is answered 2xx, so a server that was down, or crashed between the
 * payment and its booking, still gets every event.
 */
export const createSandboxWebhookSender = (options: {
  db: Database;
  secret: string;
  /** The webhook endpoint; undefined while the server is not listening yet. */
  targetUrl: () => string | undefined;
  log: FastifyBaseLogger;
}): SandboxWebhookSender => {
  const { db, secret, log } = options;

  const deliver = async (webhook: DueWebhook, url: string): Promise<void> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(secret, webhook.body, Math.floor(Date.now() / 1000)),
        },
        body: webhook.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.ok) await markWebhookDelivered(db, webhook.id);
      else await retryWebhookLater(db, webhook, `answered ${response.status}`);
    } catch (error) {
      await retryWebhookLater(db, webhook, String(error)).catch(() => undefined);
    }
  };

  const deliverDue = async (): Promise<void> => {
    const url = options.targetUrl();
    if (!url) return;
    for (;;) {
      const due = await leaseDueWebhooks(db, BATCH);
      await Promise.all(due.map((webhook) => deliver(webhook, url)));
      if (due.length < BATCH) return;
    }
  };

  // Passes run one after another in this process: a pass asked for while one runs follows it, so an event
  // queued meanwhile is not left for the next tick.
  let passes: Promise<void> = Promise.resolve();
  return {
    deliverDue: () => {
      passes = passes.then(() =>
        deliverDue().catch((error: unknown) => log.warn({ err: error }, 'sandbox: webhook delivery failed')),
      );
      return passes;
    },
    job: {
      name: 'sandbox-webhooks',
      intervalMs: 2_000,
      run: () => deliverDue(),
    },
  };
};
