import Stripe from 'stripe';
import {
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStatus,
  type RefundRequest,
} from './payment-provider';
import { fromStripeAmount, toStripeAmount } from './stripe-amounts';

export interface StripeProviderOptions {
  /** `sk_…` or a restricted `rk_…` key allowed to write Checkout Sessions and Refunds. */
  secretKey: string;
  /** The `whsec_…` signing secret of the webhook endpoint in the Stripe dashboard. */
  webhookSecret: string;
  /** Another API address than Stripe's, such as a fake one on loopback in tests (`http://127.0.0.1:12345`). */
  apiUrl?: string | undefined;
}

type Session = Stripe.Checkout.Session;

/** Stripe Checkout (hosted payment page) behind our provider interface; docs/payments.md, "Stripe". */
export const createStripeProvider = (options: StripeProviderOptions): PaymentProvider => {
  const stripe = new Stripe(options.secretKey, {
    ...addressOf(options.apiUrl),
    // Each write carries our idempotency key, so the client's retries of a lost answer cannot pay twice.
    maxNetworkRetries: 2,
    // A user waits on the checkout redirect; Stripe's own default is 80 s.
    timeout: 20_000,
  });

  return {
    name: 'stripe',

    async createCheckout(order: CheckoutRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.code.toLowerCase(),
                unit_amount: toStripeAmount(order.amountMinor, order.currency),
                product_data: { name: order.description },
              },
            },
          ],
          client_reference_id: order.reference,
          metadata: { order: order.reference },
          success_url: order.returnUrl,
          cancel_url: order.cancelUrl,
        },
        // Stripe answers a repeated key (kept 24 h) with the first session, so a retried order gets it again.
        { idempotencyKey: `checkout-${order.reference}` },
      );
      if (!session.url) throw new Error(`Stripe opened checkout ${session.id} without a URL`);
      return { providerReference: session.id, checkoutUrl: session.url };
    },

    readWebhook(rawBody, headers): PaymentEvent | null {
      const event = verifiedEvent(stripe, rawBody, headers['stripe-signature'], options.webhookSecret);
      const checkout = checkoutOf(event);
      if (checkout === null) return null;
      const { session, outcome } = checkout;
      const orderReference = session.client_reference_id ?? session.metadata?.order;
      // A checkout this server did not open (a payment link, another app on the same account): not ours.
      if (!orderReference) return null;
      const status = statusOf(session, outcome);
      if (status === null) throw new WebhookRejected(`checkout ${session.id} has no amount or currency`);
      return { ...status, eventId: event.id, orderReference, providerReference: session.id };
    },

    async lookUp(providerReference: string): Promise<PaymentStatus> {
      const session = await stripe.checkout.sessions.retrieve(providerReference, {
        expand: ['payment_intent'],
      });
      const status = statusOf(session, outcomeOfSession(session));
      if (status === null) throw new Error(`Stripe checkout ${session.id} has no amount or currency`);
      return status;
    },

    async refund(request: RefundRequest): Promise<{ refundReference: string }> {
      const session = await stripe.checkout.sessions.retrieve(request.providerReference);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error(`Stripe checkout ${session.id} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: toStripeAmount(request.amountMinor, request.currency) },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundReference: refund.id };
    },
  };
};

/** `http://127.0.0.1:12345` as the client's host, port and protocol options; nothing for Stripe's own. */
const addressOf = (
  apiUrl: string | undefined,
): { host?: string; port?: number; protocol?: 'http' | 'https' } => {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
};

const verifiedEvent = (
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
): Stripe.Event => {
  if (signature === undefined || signature === '') throw new WebhookRejected('no Stripe-Signature header');
  if (Array.isArray(signature)) throw new WebhookRejected('more than one Stripe-Signature header');
  let event: Stripe.Event;
  try {
    // Checks the HMAC over the raw bytes and that the signed timestamp is at most 300 s old.
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    // A body that is signed but not JSON lands here too (its parse comes after the check).
    throw new WebhookRejected(error instanceof Error ? error.message.split('\n')[0] : 'unreadable webhook');
  }
  // The library returns whatever JSON was signed; the mapping below reads these three.
  const shape = event as Partial<Stripe.Event> | null;
  if (
    typeof shape?.id !== 'string' ||
    typeof shape.type !== 'string' ||
    typeof shape.data?.object !== 'object'
  ) {
    throw new WebhookRejected('the signed body is not a Stripe event');
  }
  return event;
};

interface CheckoutEvent {
  session: Session;
  outcome: PaymentOutcome;
}

/** The four Checkout events the books use (docs/payments.md lists them for the dashboard); null for others. */
const checkoutOf = (event: Stripe.Event): CheckoutEvent | null => {
  switch (event.type) {
    case 'checkout.session.completed': {
      // Card payments arrive paid; bank debits and vouchers complete unpaid and settle with a later event.
      const session = event.data.object;
      return { session, outcome: session.payment_status === 'unpaid' ? 'pending' : 'paid' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { session: event.data.object, outcome: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { session: event.data.object, outcome: 'failed' };
    case 'checkout.session.expired':
      return { session: event.data.object, outcome: 'cancelled' };
    default:
      return null;
  }
};

const outcomeOfSession = (session: Session): PaymentOutcome => {
  if (session.status === 'expired') return 'cancelled';
  if (session.status !== 'complete') return 'pending';
  if (session.payment_status !== 'unpaid') return 'paid';
  // Complete but unpaid: a delayed method still settling, or one that failed (its intent wants a new method).
  const intent = session.payment_intent;
  const failed = typeof intent === 'object' && intent !== null && FAILED_INTENT.has(intent.status);
  return failed ? 'failed' : 'pending';
};

const FAILED_INTENT = new Set<string>(['requires_payment_method', 'canceled']);

const DETAIL: Readonly<Record<PaymentOutcome, string>> = {
  paid: '',
  pending: 'the payment is still being processed',
  failed: 'the payment failed',
  cancelled: 'the checkout expired',
};

/** Null when the session lacks an amount or currency, which a payment-mode session always has. */
const statusOf = (session: Session, outcome: PaymentOutcome): PaymentStatus | null => {
  if (session.amount_total === null || !session.currency) return null;
  const intent = session.payment_intent;
  const decline = typeof intent === 'object' ? intent?.last_payment_error?.message : undefined;
  return {
    outcome,
    amountMinor: fromStripeAmount(session.amount_total, session.currency),
    currencyCode: session.currency.toUpperCase(),
    detail: outcome === 'failed' && decline ? decline : DETAIL[outcome],
  };
};

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
