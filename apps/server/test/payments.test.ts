import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { SANDBOX_TEST_CARDS } from '../src/modules/payments/sandbox/sandbox-pages';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxWebhook,
} from '../src/modules/payments/sandbox/sandbox-signature';
import { reconcileOpenOrders } from '../src/modules/payments/reconciliation-job';
import { openRecordingSocket, type ChatSocket } from './chat-fixtures';
import {
  balanceOf,
  idempotencyKey,
  joinAsStaff,
  listOrdersOf,
  orderOf,
  settledOrder,
  startTopUp,
  submitCheckout,
} from './money-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let baseUrl: string;
let dataDir: string;
let farmer: TestUser;
let stranger: TestUser;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cowcare-payments-'));
  testApp = await createTestApp({ dataDir });
  // Listening: the sandbox posts its webhooks to the server over HTTP, as a provider does.
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ownSocket = async (user: TestUser) => {
  const socket = await openRecordingSocket(
    `${baseUrl.replace('http', 'ws')}/socket?token=${encodeURIComponent(user.token)}`,
  );
  sockets.push(socket);
  return socket;
};

const webhookUrl = () => `${baseUrl}/api/payments/webhook/sandbox`;

/** A sandbox event signed with the server's sandbox secret (what the sandbox itself would post). */
const signedEvent = (
  data: Record<string, unknown>,
  options: { id?: string; at?: number; secret?: string } = {},
) => {
  const body = JSON.stringify({
    id: options.id ?? `evt_test_${idempotencyKey()}`,
    type: 'checkout.completed',
    created: Math.floor(Date.now() / 1000),
    data,
  });
  const signature = signSandboxWebhook(
    options.secret ?? testApp.services.config.sandboxWebhookSecret,
    body,
    options.at ?? Math.floor(Date.now() / 1000),
  );
  return { body, signature };
};

const postWebhook = (event: { body: string; signature: string }) =>
  fetch(webhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: event.signature },
    body: event.body,
  });

/** A top-up whose checkout was opened but not paid: the order and its sandbox session id. */
const openTopUp = async (user: TestUser, amount: number) => {
  const { orderId, checkoutUrl } = await startTopUp(testApp, user, amount);
  return { orderId, checkoutUrl, checkout: checkoutUrl.split('/').at(-1) ?? '' };
};

const paidEvent = (orderId: number, checkout: string, amount: number, outcome = 'paid') => ({
  checkout,
  order: String(orderId),
  outcome,
  amount,
  currency: 'KRW',
  detail: `test ${outcome}`,
});

describe('a top-up through the sandbox provider', () => {
  it('pays with the card that succeeds: the payer returns to the wallet, the order is paid, the wallet credited, owners told', async () => {
    const before = await balanceOf(testApp, farmer);
    const socket = await ownSocket(farmer);
    const staffSocket = await ownSocket({ ...farmer, ...(await joinAsStaff(testApp, farmer)) });
    const strangerSocket = await ownSocket(stranger);
    const { orderId, checkoutUrl } = await startTopUp(testApp, farmer, 50_000);

    const page = await fetch(`${baseUrl}${checkoutUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Card number');
    expect(html).toContain('50,000 KRW');

    const paid = await submitCheckout(baseUrl, checkoutUrl, { card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    // The app's own address as the call reached it (inject: localhost), then the wallet page of the order.
    const returnTo = new URL(paid.location ?? '');
    expect(`${returnTo.pathname}${returnTo.search}`).toBe(`/pages/index/wallet?order=${orderId}`);

    const order = await settledOrder(testApp, farmer, orderId);
    expect(order).toMatchObject({
      kind: 'topup',
      state: 'paid',
      amount: 50_000,
      currency: 'KRW',
      method: 'sandbox',
    });
    expect(order.events.map((event) => [event.state, event.source])).toEqual([
      ['created', 'user'],
      ['pending', 'user'],
      ['paid', 'provider'],
    ]);
    expect(await balanceOf(testApp, farmer)).toBe(before + 50_000);
    const message = await socket.next((received) => received.type === 'paysuccess');
    expect(message.data).toMatchObject({ orderId, amount: 50_000, balance: before + 50_000 });
    // Money news is the owners': the farm's staff and another farm hear nothing of it.
    await socket.next((received) => received.type === 'notice' && received.data.noticecode === 902);
    const money = (received: { type: string; data: unknown }) =>
      received.type === 'paysuccess' ||
      (received.type === 'notice' &&
        String((received.data as { noticecode: number }).noticecode).startsWith('90'));
    expect(staffSocket.messages.filter(money)).toEqual([]);
    expect(strangerSocket.messages.filter(money)).toEqual([]);
  });

  it('records a declined card as a failed order and leaves the wallet as it was', async () => {
    const before = await balanceOf(testApp, farmer);
    const { orderId, checkoutUrl } = await startTopUp(testApp, farmer, 20_000);
    const declined = await submitCheckout(baseUrl, checkoutUrl, { card: SANDBOX_TEST_CARDS.declined });
    expect(declined.status).toBe(303);
    const order = await settledOrder(testApp, farmer, orderId);
    expect(order.state).toBe('failed');
    expect(order.events.at(-1)?.detail).toBe('card declined');
    expect(await balanceOf(testApp, farmer)).toBe(before);
  });

  it('asks for the confirmation step, then pays once it is confirmed', async () => {
    const before = await balanceOf(testApp, farmer);
    const { orderId, checkoutUrl } = await startTopUp(testApp, farmer, 30_000);
    const step = await submitCheckout(baseUrl, checkoutUrl, { card: SANDBOX_TEST_CARDS.needsConfirmation });
    expect(step.status).toBe(200);
    expect(step.html).toContain('Confirm payment');
    expect((await orderOf(testApp, farmer, orderId)).state).toBe('pending');
    const confirmed = await submitCheckout(baseUrl, `${checkoutUrl}/confirm`, { decision: 'confirm' });
    expect(confirmed.status).toBe(303);
    expect((await settledOrder(testApp, farmer, orderId)).state).toBe('paid');
    expect(await balanceOf(testApp, farmer)).toBe(before + 30_000);
  });

  it('cancels the order when the payer gives up, sending them to the cancel address', async () => {
    const { orderId, checkoutUrl } = await startTopUp(testApp, farmer, 10_000);
    const cancelled = await submitCheckout(baseUrl, `${checkoutUrl}/cancel`, {});
    expect(cancelled.location).toContain(`order=${orderId}&cancelled=1`);
    expect((await settledOrder(testApp, farmer, orderId)).state).toBe('cancelled');
  });

  it('refuses an unknown card on the page and changes nothing', async () => {
    const { orderId, checkoutUrl } = await startTopUp(testApp, farmer, 10_000);
    const refused = await submitCheckout(baseUrl, checkoutUrl, { card: '1234 5678 9012 3456' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Use one of the test cards');
    expect((await orderOf(testApp, farmer, orderId)).state).toBe('pending');
  });

  it('answers the same order and checkout to a repeated call, and 409 to the key reused for another amount', async () => {
    const key = idempotencyKey();
    const first = await startTopUp(testApp, farmer, 15_000, key);
    const again = await startTopUp(testApp, farmer, 15_000, key);
    expect(again).toEqual(first);
    const other = await call(testApp, api.wallet.startTopUp, {
      token: farmer.token,
      params: { userId: farmer.id },
      body: { amount: 16_000, idempotencyKey: key },
    });
    expect(other.statusCode).toBe(409);
    expect((await listOrdersOf(testApp, farmer)).filter((order) => order.amount === 15_000)).toHaveLength(1);
  });

  it('refuses an amount outside the currency limits with 400 and makes no order', async () => {
    const ordersBefore = (await listOrdersOf(testApp, farmer)).length;
    for (const amount of [999, 10_000_001]) {
      const response = await call(testApp, api.wallet.startTopUp, {
        token: farmer.token,
        params: { userId: farmer.id },
        body: { amount, idempotencyKey: idempotencyKey() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    }
    expect((await listOrdersOf(testApp, farmer)).length).toBe(ordersBefore);
  });
});

describe('webhooks change the books once, and only when they are genuine', () => {
  it('credits once when the same webhook arrives five times at once', async () => {
    const before = await balanceOf(testApp, farmer);
    const { orderId, checkout } = await openTopUp(farmer, 40_000);
    const event = signedEvent(paidEvent(orderId, checkout, 40_000));
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(event)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(testApp, farmer)).toBe(before + 40_000);
    expect((await orderOf(testApp, farmer, orderId)).events.filter((e) => e.state === 'paid')).toHaveLength(
      1,
    );
  });

  it('credits once when a second event of another id reports the same payment', async () => {
    const before = await balanceOf(testApp, farmer);
    const { orderId, checkout } = await openTopUp(farmer, 11_000);
    await postWebhook(signedEvent(paidEvent(orderId, checkout, 11_000)));
    await postWebhook(signedEvent(paidEvent(orderId, checkout, 11_000)));
    expect(await balanceOf(testApp, farmer)).toBe(before + 11_000);
  });

  it('keeps a paid order paid when a late failure arrives, and books money that arrives after a decline', async () => {
    const before = await balanceOf(testApp, farmer);
    const late = await openTopUp(farmer, 12_000);
    await postWebhook(signedEvent(paidEvent(late.orderId, late.checkout, 12_000)));
    await postWebhook(signedEvent(paidEvent(late.orderId, late.checkout, 12_000, 'failed')));
    expect((await orderOf(testApp, farmer, late.orderId)).state).toBe('paid');

    const afterDecline = await openTopUp(farmer, 13_000);
    await postWebhook(signedEvent(paidEvent(afterDecline.orderId, afterDecline.checkout, 13_000, 'failed')));
    await postWebhook(signedEvent(paidEvent(afterDecline.orderId, afterDecline.checkout, 13_000)));
    expect((await orderOf(testApp, farmer, afterDecline.orderId)).state).toBe('paid');
    expect(await balanceOf(testApp, farmer)).toBe(before + 25_000);
  });

  it('refuses a forged, a stale and an unsigned webhook with 400, changing nothing', async () => {
    const before = await balanceOf(testApp, farmer);
    const { orderId, checkout } = await openTopUp(farmer, 14_000);
    const data = paidEvent(orderId, checkout, 14_000);
    const forged = await postWebhook(signedEvent(data, { secret: 'not the sandbox secret' }));
    const stale = await postWebhook(signedEvent(data, { at: Math.floor(Date.now() / 1000) - 3600 }));
    const unsigned = await fetch(webhookUrl(), { method: 'POST', body: signedEvent(data).body });
    for (const answer of [forged, stale, unsigned]) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, code: 'E_WEBHOOK_REJECTED' });
    }
    expect((await orderOf(testApp, farmer, orderId)).state).toBe('pending');
    expect(await balanceOf(testApp, farmer)).toBe(before);
  });

  it('books nothing for an unknown order, for another farm’s order, or for another amount', async () => {
    const farmerBefore = await balanceOf(testApp, farmer);
    const strangerBefore = await balanceOf(testApp, stranger);
    const own = await openTopUp(farmer, 17_000);
    const theirs = await openTopUp(stranger, 17_000);
    const unknown = await postWebhook(signedEvent(paidEvent(99_999, own.checkout, 17_000)));
    expect(await unknown.json()).toMatchObject({ data: { result: 'unknown order' } });
    // The farmer's checkout, naming the stranger's order: the checkout is not the one opened for that order.
    const crossed = await postWebhook(signedEvent(paidEvent(theirs.orderId, own.checkout, 17_000)));
    expect(await crossed.json()).toMatchObject({ data: { result: 'unknown order' } });
    const otherAmount = await postWebhook(signedEvent(paidEvent(own.orderId, own.checkout, 1_700_000)));
    expect(await otherAmount.json()).toMatchObject({ data: { result: 'mismatch' } });
    expect(await balanceOf(testApp, farmer)).toBe(farmerBefore);
    expect(await balanceOf(testApp, stranger)).toBe(strangerBefore);
    expect((await orderOf(testApp, stranger, theirs.orderId)).state).toBe('pending');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const response = await fetch(`${baseUrl}/api/payments/webhook/stripe`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});

describe('the reconciliation job', () => {
  it('books a payment whose webhook never came, once, by asking the provider', async () => {
    const before = await balanceOf(testApp, farmer);
    const { orderId, checkout } = await openTopUp(farmer, 18_000);
    // The sandbox settles its checkout as if paid, but its webhook is lost.
    await testApp.db.query("UPDATE sandbox_checkouts SET state = 'paid' WHERE id = $1", [checkout]);
    expect(await reconcileOpenOrders(testApp.services, 0)).toBe(1);
    expect(await reconcileOpenOrders(testApp.services, 0)).toBe(0);
    const order = await orderOf(testApp, farmer, orderId);
    expect(order.state).toBe('paid');
    expect(order.events.at(-1)?.source).toBe('reconciliation');
    expect(await balanceOf(testApp, farmer)).toBe(before + 18_000);
  });
});

describe('orders and their tenancy', () => {
  it('answers 404 and no data for another farm’s order, and 403 for its list', async () => {
    const { orderId } = await openTopUp(farmer, 19_000);
    const other = await call(testApp, api.orders.getOrder, {
      token: stranger.token,
      params: { userId: stranger.id, orderId },
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('19,000');
    const list = await call(testApp, api.orders.listOrders, {
      token: stranger.token,
      params: { userId: farmer.id },
    });
    expect(list.statusCode).toBe(403);
    expect((await listOrdersOf(testApp, stranger)).some((order) => order.id === orderId)).toBe(false);
  });

  it('answers 401 without a token and 400 for a malformed top-up', async () => {
    const unauthenticated = await call(testApp, api.wallet.startTopUp, {
      params: { userId: farmer.id },
      body: { amount: 10_000, idempotencyKey: idempotencyKey() },
    });
    expect(unauthenticated.statusCode).toBe(401);
    for (const body of [
      { amount: 10_000 },
      { amount: 1.5, idempotencyKey: idempotencyKey() },
      { amount: 10_000, idempotencyKey: 'no spaces allowed' },
    ]) {
      const response = await call(testApp, api.wallet.startTopUp, {
        token: farmer.token,
        params: { userId: farmer.id },
        body,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
