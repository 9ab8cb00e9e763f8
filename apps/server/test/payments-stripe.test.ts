import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { agentToken } from './chat-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { balanceOf, idempotencyKey, orderOf, startTopUp } from './money-fixtures';
import { signedEvent, startFakeStripe, type FakeStripe } from './stripe-fixtures';

// The Stripe adapter wired into the real app (PAYMENT_PROVIDER=stripe), against the fake Stripe API on
// loopback: a top-up opens a Checkout Session, Stripe's signed webhook books it once, support refunds it.

const WEBHOOK_SECRET = 'whsec_test_cowcare';
let stripe: FakeStripe;
let testApp: TestApp;
let farmer: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  testApp = await createTestApp({
    payments: {
      provider: 'stripe',
      stripeSecretKey: 'sk_test_cowcare',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: stripe.apiUrl,
    },
  });
  farmer = await createFarmUser(testApp);
});
afterAll(async () => {
  await testApp.close();
  await stripe.close();
});

const deliver = (event: { rawBody: Buffer; headers: Record<string, string> }) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: { ...event.headers, 'content-type': 'application/json' },
    payload: event.rawBody,
  });

describe('top-ups through Stripe Checkout', () => {
  it('opens a Checkout Session for the order and credits the wallet once from its signed webhook', async () => {
    const { orderId, checkoutUrl } = await startTopUp(testApp, farmer, 25_000);
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = [...stripe.sessions.values()].find(
      (candidate) => candidate.client_reference_id === String(orderId),
    );
    expect(session).toMatchObject({ amount_total: 25_000, currency: 'krw' });
    if (!session) return;
    expect((await orderOf(testApp, farmer, orderId)).method).toBe('stripe');

    stripe.settle(
      session.id,
      { status: 'complete', payment_status: 'paid' },
      { id: 'pi_cowcare_1', status: 'succeeded', last_payment_error: null },
    );
    const event = signedEvent('checkout.session.completed', session, WEBHOOK_SECRET);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await orderOf(testApp, farmer, orderId)).state).toBe('paid');
    expect(await balanceOf(testApp, farmer)).toBe(25_000);

    const forged = await deliver(
      signedEvent('checkout.session.completed', session, 'whsec_not_ours', { id: 'evt_forged' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(await balanceOf(testApp, farmer)).toBe(25_000);

    const refund = await call(testApp, api.orders.refundOrder, {
      token: await agentToken(testApp, 'Stripe Agent'),
      params: { orderId },
      body: { reason: 'duplicate payment', idempotencyKey: idempotencyKey() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await balanceOf(testApp, farmer)).toBe(0);
    const refundCall = stripe.requests.find((request) => request.path === '/v1/refunds');
    expect(refundCall?.form).toMatchObject({ payment_intent: 'pi_cowcare_1', amount: '25000' });
  });

  it('answers 404 to sandbox webhooks while Stripe is the provider', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});
