import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database';
import {
  type PaymentEvent,
  type PaymentProvider,
  type PaymentStatus,
  WebhookRejected,
} from '../payment-provider';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignatureProblem } from './sandbox-signature';
import {
  addSandboxRefund,
  findSandboxCheckout,
  openSandboxCheckout,
  type SandboxCheckout,
  type SandboxWebhookBody,
} from './sandbox-store';

/** Where the sandbox's hosted checkout pages live on this server. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox-pay';

const statusOf = (checkout: SandboxCheckout): PaymentStatus => ({
  outcome: checkout.state === 'open' || checkout.state === 'confirming' ? 'pending' : checkout.state,
  amountMinor: checkout.amountMinor,
  currencyCode: checkout.currency,
  detail: checkout.detail,
});

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

const isWebhookBody = (value: unknown): value is SandboxWebhookBody => {
  const body = value as Partial<SandboxWebhookBody> | null;
  const data = body?.data;
  return (
    typeof body?.id === 'string' &&
    typeof data?.checkout === 'string' &&
    typeof data.order === 'string' &&
    (data.outcome === 'paid' || data.outcome === 'failed' || data.outcome === 'cancelled') &&
    Number.isSafeInteger(data.amount) &&
    typeof data.currency === 'string'
  );
};

/**
 * The built-in payment provider of the embedded default (architecture §12): a hosted checkout page served by
 * this server, signed webhooks posted back to it, lookups and refunds, all on its own tables, so the whole
 * payment flow runs on one machine as it would with a real provider.
 */
export const createSandboxProvider = (db: Database, webhookSecret: string): PaymentProvider => ({
  name: 'sandbox',

  async createCheckout(request) {
    const checkout = await openSandboxCheckout(db, request);
    return { providerReference: checkout.id, checkoutUrl: `${SANDBOX_CHECKOUT_PATH}/${checkout.id}` };
  },

  readWebhook(rawBody, headers): PaymentEvent | null {
    const body = rawBody.toString('utf8');
    const problem = sandboxSignatureProblem(
      webhookSecret,
      body,
      headerValue(headers[SANDBOX_SIGNATURE_HEADER]),
      Math.floor(Date.now() / 1000),
    );
    if (problem) throw new WebhookRejected(problem);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new WebhookRejected('the body is not JSON');
    }
    if (!isWebhookBody(parsed)) throw new WebhookRejected('the body is not a sandbox checkout event');
    return {
      eventId: parsed.id,
      orderReference: parsed.data.order,
      providerReference: parsed.data.checkout,
      outcome: parsed.data.outcome,
      amountMinor: parsed.data.amount,
      currencyCode: parsed.data.currency,
      detail: parsed.data.detail,
    };
  },

  async lookUp(providerReference) {
    const checkout = await findSandboxCheckout(db, providerReference);
    if (!checkout) {
      return { outcome: 'cancelled', amountMinor: 0, currencyCode: '', detail: 'no such checkout' };
    }
    return statusOf(checkout);
  },

  async refund(request) {
    const checkout = await findSandboxCheckout(db, request.providerReference);
    if (!checkout || checkout.state !== 'paid') throw new Error('the sandbox has no payment to refund there');
    if (checkout.refundedMinor + request.amountMinor > checkout.amountMinor) {
      throw new Error('the sandbox cannot refund more than was paid');
    }
    await addSandboxRefund(db, checkout.id, request.amountMinor);
    return { refundReference: `re_sandbox_${randomBytes(8).toString('hex')}` };
  },
});
