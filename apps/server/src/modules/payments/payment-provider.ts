import type { Currency } from '../wallet/currency';

/**
 * A payment provider as the books see it (architecture §12): it opens a hosted checkout for an order, tells
 * us what happened through signed webhooks, answers when we ask about a payment (reconciliation), and pays
 * money back. The built-in sandbox and Stripe implement it; Toss Payments or Alipay would too
 * (docs/payments.md). Amounts are integer minor units of `currency` (ISO 4217 exponent).
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Opens a checkout for the order. Idempotent by `order.reference`: the same order gets the same session. */
  createCheckout(order: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks a webhook's signature and timestamp and reads it. Throws `WebhookRejected` for a forged, stale
   * or unreadable one; answers null for a verified event the books have no use for.
   */
  readWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): PaymentEvent | null;
  /** What the provider knows about a checkout now (the reconciliation job asks when no webhook came). */
  lookUp(providerReference: string): Promise<PaymentStatus>;
  /** Pays an order back in full to the card; idempotent by `idempotencyKey`. */
  refund(request: RefundRequest): Promise<{ refundReference: string }>;
}

export interface CheckoutRequest {
  /** Our order id, as text: the provider carries it back on every event. */
  reference: string;
  amountMinor: number;
  currency: Currency;
  description: string;
  /** Where the provider sends the user after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  providerReference: string;
  checkoutUrl: string;
}

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'pending';

export interface PaymentStatus {
  outcome: PaymentOutcome;
  amountMinor: number;
  currencyCode: string;
  /** A decline or expiry reason, for the order's events. */
  detail: string;
}

/** A verified webhook, in the books' terms. */
export interface PaymentEvent extends PaymentStatus {
  /** The provider's event id: a second delivery of the same id changes nothing. */
  eventId: string;
  orderReference: string;
  providerReference: string;
}

export interface RefundRequest {
  providerReference: string;
  amountMinor: number;
  currency: Currency;
  idempotencyKey: string;
}

/** A webhook that must change nothing: bad signature, too old, or not ours. The reason goes to the log. */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
}
