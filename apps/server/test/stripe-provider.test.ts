import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WebhookRejected,
  type CheckoutRequest,
  type PaymentProvider,
} from '../src/modules/payments/payment-provider';
import { createStripeProvider } from '../src/modules/payments/stripe-provider';
import { signedEvent, startFakeStripe, type FakeSession, type FakeStripe } from './stripe-fixtures';

const WEBHOOK_SECRET = 'whsec_test_cowcare_endpoint_secret';
const SECRET_KEY = 'sk_test_cowcare_fake_key';

let fake: FakeStripe;
let stripe: PaymentProvider;
let orders = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.apiUrl,
  });
});
afterEach(() => {
  // The adapter calls no endpoint beyond the three the fake knows.
  expect(fake.unhandled).toEqual([]);
});
afterAll(async () => {
  await fake.close();
});

const topUp = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => {
  orders += 1;
  return {
    reference: `order-${orders}`,
    amountMinor: 15_000,
    currency: { code: 'CNY', digits: 2 },
    description: 'Wallet top-up',
    returnUrl: 'https://farm.example/wallet?paid=1',
    cancelUrl: 'https://farm.example/wallet',
    ...overrides,
  };
};

/** A checkout opened through the adapter, as the fake holds it. */
const openCheckout = async (overrides: Partial<CheckoutRequest> = {}): Promise<FakeSession> => {
  const { providerReference } = await stripe.createCheckout(topUp(overrides));
  const session = fake.sessions.get(providerReference);
  if (!session) throw new Error('the fake has no such session');
  return session;
};

const lastRequest = () => {
  const request = fake.requests.at(-1);
  if (!request) throw new Error('no request reached the fake');
  return request;
};

describe('Stripe checkout', () => {
  it('opens a session for the order with its amount, currency, reference and return addresses', async () => {
    const order = topUp();
    const checkout = await stripe.createCheckout(order);

    expect(checkout.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${checkout.providerReference}`);
    const request = lastRequest();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `checkout-${order.reference}`,
      authorization: `Bearer ${SECRET_KEY}`,
    });
    expect(request.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'cny',
      'line_items[0][price_data][unit_amount]': '15000',
      'line_items[0][price_data][product_data][name]': 'Wallet top-up',
      client_reference_id: order.reference,
      'metadata[order]': order.reference,
      success_url: order.returnUrl,
      cancel_url: order.cancelUrl,
    });
  });

  it('gives the same order the same session when asked again', async () => {
    const order = topUp();
    const first = await stripe.createCheckout(order);
    const second = await stripe.createCheckout(order);

    expect(second).toEqual(first);
    const keys = fake.requests.slice(-2).map((request) => request.idempotencyKey);
    expect(keys).toEqual([`checkout-${order.reference}`, `checkout-${order.reference}`]);
  });

  it('sends won as whole won, since both ISO 4217 and Stripe count KRW without a minor unit', async () => {
    const session = await openCheckout({ amountMinor: 15_000, currency: { code: 'KRW', digits: 0 } });

    expect(lastRequest().form['line_items[0][price_data][unit_amount]']).toBe('15000');
    expect(lastRequest().form['line_items[0][price_data][currency]']).toBe('krw');
    const paid = signedEvent(
      'checkout.session.completed',
      { ...session, payment_status: 'paid' },
      WEBHOOK_SECRET,
    );
    expect(stripe.readWebhook(paid.rawBody, paid.headers)).toMatchObject({
      amountMinor: 15_000,
      currencyCode: 'KRW',
    });
  });

  it('sends krónur as Stripe wants them, two-decimal, and reads them back in whole krónur', async () => {
    const session = await openCheckout({ amountMinor: 5_000, currency: { code: 'ISK', digits: 0 } });

    expect(lastRequest().form['line_items[0][price_data][unit_amount]']).toBe('500000');
    const paid = signedEvent(
      'checkout.session.completed',
      { ...session, payment_status: 'paid' },
      WEBHOOK_SECRET,
    );
    expect(stripe.readWebhook(paid.rawBody, paid.headers)).toMatchObject({
      amountMinor: 5_000,
      currencyCode: 'ISK',
    });
  });

  it('refuses an amount Stripe cannot charge exactly, before calling it', async () => {
    const before = fake.requests.length;
    await expect(
      stripe.createCheckout(topUp({ amountMinor: 5_125, currency: { code: 'KWD', digits: 3 } })),
    ).rejects.toThrow(/multiples of 10/);
    await expect(stripe.createCheckout(topUp({ amountMinor: 0 }))).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });
});

describe('Stripe webhooks', () => {
  it.each([
    ['checkout.session.completed', { status: 'complete', payment_status: 'paid' }, 'paid'],
    ['checkout.session.completed', { status: 'complete', payment_status: 'unpaid' }, 'pending'],
    ['checkout.session.async_payment_succeeded', { status: 'complete', payment_status: 'paid' }, 'paid'],
    ['checkout.session.async_payment_failed', { status: 'complete', payment_status: 'unpaid' }, 'failed'],
    ['checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }, 'cancelled'],
  ] as const)('reads %s (%o) as %s', async (type, change, outcome) => {
    const session = await openCheckout();
    const event = signedEvent(type, { ...session, ...change }, WEBHOOK_SECRET, {
      id: `evt_${type}_${session.id}`,
    });

    expect(stripe.readWebhook(event.rawBody, event.headers)).toEqual({
      outcome,
      amountMinor: 15_000,
      currencyCode: 'CNY',
      detail: expect.any(String) as string,
      eventId: `evt_${type}_${session.id}`,
      orderReference: session.client_reference_id,
      providerReference: session.id,
    });
  });

  it('finds the order in the metadata when the session has no client reference', async () => {
    const session = await openCheckout();
    const event = signedEvent(
      'checkout.session.completed',
      { ...session, client_reference_id: null },
      WEBHOOK_SECRET,
    );

    expect(stripe.readWebhook(event.rawBody, event.headers)?.orderReference).toBe(session.metadata.order);
  });

  it('answers null for a verified event the books have no use for', async () => {
    const session = await openCheckout();
    const other = signedEvent('customer.created', session, WEBHOOK_SECRET);
    const notOurs = signedEvent(
      'checkout.session.completed',
      { ...session, client_reference_id: null, metadata: {} },
      WEBHOOK_SECRET,
    );

    expect(stripe.readWebhook(other.rawBody, other.headers)).toBeNull();
    expect(stripe.readWebhook(notOurs.rawBody, notOurs.headers)).toBeNull();
  });

  describe('rejects', () => {
    let session: FakeSession;
    beforeAll(async () => {
      session = await openCheckout();
    });
    const paid = () => ({ ...session, status: 'complete' as const, payment_status: 'paid' as const });
    const rejection = (rawBody: Buffer, headers: Record<string, string | string[] | undefined>): string => {
      try {
        stripe.readWebhook(rawBody, headers);
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookRejected);
        return (error as WebhookRejected).message;
      }
      throw new Error('the webhook was accepted');
    };

    it('a forged body: the signature is for another amount', () => {
      const genuine = signedEvent('checkout.session.completed', paid(), WEBHOOK_SECRET);
      const forged = Buffer.from(
        genuine.rawBody.toString().replace('"amount_total":15000', '"amount_total":9915000'),
      );

      expect(rejection(forged, genuine.headers)).toMatch(/No signatures found matching/);
    });

    it('an event signed with another secret', () => {
      const event = signedEvent('checkout.session.completed', paid(), 'whsec_someone_else');

      expect(rejection(event.rawBody, event.headers)).toMatch(/No signatures found matching/);
    });

    it('a replay older than the 300 s tolerance', () => {
      const stale = Math.floor(Date.now() / 1000) - 301;
      const event = signedEvent('checkout.session.completed', paid(), WEBHOOK_SECRET, { timestamp: stale });

      expect(rejection(event.rawBody, event.headers)).toMatch(/Timestamp outside the tolerance zone/);
    });

    it('no signature header, or several', () => {
      const event = signedEvent('checkout.session.completed', paid(), WEBHOOK_SECRET);
      const signature = event.headers['stripe-signature'] ?? '';

      expect(rejection(event.rawBody, {})).toMatch(/no Stripe-Signature header/);
      expect(rejection(event.rawBody, { 'stripe-signature': '' })).toMatch(/no Stripe-Signature header/);
      expect(rejection(event.rawBody, { 'stripe-signature': [signature, signature] })).toMatch(
        /more than one/,
      );
      expect(rejection(event.rawBody, { 'stripe-signature': 'garbage' })).toMatch(
        /Unable to extract timestamp/,
      );
    });

    it('a correctly signed body that is not JSON', () => {
      const rawBody = Buffer.from('{"id": "evt_1", "type": checkout');
      const headers = {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: rawBody.toString(),
          secret: WEBHOOK_SECRET,
        }),
      };

      expect(rejection(rawBody, headers)).toMatch(/JSON/);
    });

    it('a correctly signed body that is not an event', () => {
      for (const payload of ['{}', '"hello"', 'null', '{"id":"evt_1","type":"checkout.session.completed"}']) {
        const headers = {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        };

        expect(rejection(Buffer.from(payload), headers)).toMatch(/not a Stripe event/);
      }
    });

    it('a checkout event without an amount', () => {
      const event = signedEvent(
        'checkout.session.completed',
        { ...paid(), amount_total: null } as unknown as FakeSession,
        WEBHOOK_SECRET,
      );

      expect(rejection(event.rawBody, event.headers)).toMatch(/no amount or currency/);
    });
  });
});

describe('Stripe look-up', () => {
  it('reads an open checkout as pending', async () => {
    const session = await openCheckout();

    expect(await stripe.lookUp(session.id)).toMatchObject({
      outcome: 'pending',
      amountMinor: 15_000,
      currencyCode: 'CNY',
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${session.id}` });
  });

  it('reads a completed, paid checkout as paid', async () => {
    const session = await openCheckout();
    fake.settle(
      session.id,
      { status: 'complete', payment_status: 'paid' },
      { id: `pi_${session.id}`, status: 'succeeded', last_payment_error: null },
    );

    expect(await stripe.lookUp(session.id)).toEqual({
      outcome: 'paid',
      amountMinor: 15_000,
      currencyCode: 'CNY',
      detail: '',
    });
  });

  it('reads an expired checkout as cancelled', async () => {
    const session = await openCheckout();
    fake.settle(session.id, { status: 'expired' });

    expect(await stripe.lookUp(session.id)).toMatchObject({
      outcome: 'cancelled',
      detail: 'the checkout expired',
    });
  });

  it('reads a delayed payment still settling as pending, and one the bank refused as failed with its reason', async () => {
    const settling = await openCheckout();
    fake.settle(
      settling.id,
      { status: 'complete', payment_status: 'unpaid' },
      { id: `pi_${settling.id}`, status: 'processing', last_payment_error: null },
    );
    const refused = await openCheckout();
    const reason = 'The customer’s bank account has insufficient funds.';
    fake.settle(
      refused.id,
      { status: 'complete', payment_status: 'unpaid' },
      { id: `pi_${refused.id}`, status: 'requires_payment_method', last_payment_error: { message: reason } },
    );

    expect(await stripe.lookUp(settling.id)).toMatchObject({ outcome: 'pending' });
    expect(await stripe.lookUp(refused.id)).toMatchObject({ outcome: 'failed', detail: reason });
  });

  it('throws Stripe’s error for a checkout it does not know', async () => {
    await expect(stripe.lookUp('cs_test_unknown')).rejects.toThrow(/No such checkout.session/);
  });
});

describe('Stripe refund', () => {
  it('refunds the checkout’s payment intent for the amount, with the idempotency key', async () => {
    const session = await openCheckout();
    fake.settle(
      session.id,
      { status: 'complete', payment_status: 'paid' },
      { id: `pi_${session.id}`, status: 'succeeded', last_payment_error: null },
    );

    const refund = {
      providerReference: session.id,
      amountMinor: 15_000,
      currency: { code: 'CNY', digits: 2 },
      idempotencyKey: `refund-${session.id}`,
    };
    const first = await stripe.refund(refund);
    const again = await stripe.refund(refund);

    expect(first.refundReference).toMatch(/^re_/);
    expect(again).toEqual(first);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: `refund-${session.id}`,
      form: { payment_intent: `pi_${session.id}`, amount: '15000' },
    });
  });

  it('refuses to refund a checkout nobody paid', async () => {
    const session = await openCheckout();
    const before = fake.requests.length;

    await expect(
      stripe.refund({
        providerReference: session.id,
        amountMinor: 15_000,
        currency: { code: 'CNY', digits: 2 },
        idempotencyKey: 'refund-unpaid',
      }),
    ).rejects.toThrow(/no payment to refund/);
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual([
      `/v1/checkout/sessions/${session.id}`,
    ]);
  });
});
