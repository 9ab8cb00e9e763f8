import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Order, OrderWithEvents } from '@cowcare/contract/routes/orders';
import { call, type TestApp, type TestUser } from './helpers/test-app';

export const idempotencyKey = (): string => randomUUID();

/** Starts a top-up through the real call; answers the order and the sandbox's checkout address. */
export const startTopUp = async (
  testApp: TestApp,
  user: TestUser,
  amount: number,
  key = idempotencyKey(),
) => {
  const response = await call(testApp, api.wallet.startTopUp, {
    token: user.token,
    params: { userId: user.id },
    body: { amount, idempotencyKey: key },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { orderId: number; checkoutUrl: string } }>().data;
};

/** Submits the sandbox's checkout form as a browser does; answers where it sends the payer. */
export const submitCheckout = async (baseUrl: string, path: string, form: Record<string, string>) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};

export const orderOf = async (
  testApp: TestApp,
  user: TestUser,
  orderId: number,
): Promise<OrderWithEvents> => {
  const response = await call(testApp, api.orders.getOrder, {
    token: user.token,
    params: { userId: user.id, orderId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OrderWithEvents }>().data;
};

export const balanceOf = async (testApp: TestApp, user: TestUser): Promise<number> => {
  const response = await call(testApp, api.wallet.getWallet, {
    token: user.token,
    params: { userId: user.id },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { balance: number } }>().data.balance;
};

/** Waits until the order leaves created/pending (the sandbox's webhook has been booked). */
export const settledOrder = async (testApp: TestApp, user: TestUser, orderId: number, withinMs = 10_000) => {
  const until = Date.now() + withinMs;
  for (;;) {
    const order = await orderOf(testApp, user, orderId);
    if (order.state !== 'created' && order.state !== 'pending') return order;
    if (Date.now() > until) throw new Error(`order ${orderId} still ${order.state} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export const listOrdersOf = async (testApp: TestApp, user: TestUser): Promise<Order[]> =>
  (await call(testApp, api.orders.listOrders, { token: user.token, params: { userId: user.id } })).json<{
    data: { orders: Order[] };
  }>().data.orders;

/** A staff member of the owner's farm, joined by a fresh invitation code (phone 010-5555-0001). */
export const joinAsStaff = async (
  testApp: TestApp,
  owner: TestUser,
): Promise<{ id: number; token: string }> => {
  const invitation = await call(testApp, api.staff.createInvitation, { token: owner.token });
  const { code } = invitation.json<{ data: { code: string } }>().data;
  const joined = await call(testApp, api.staff.joinFarm, {
    body: {
      invitationCode: code,
      username: `staff${idempotencyKey().slice(0, 8)}`,
      password: 'staff password 1',
      name: 'Staff member',
      phone: '010-5555-0001',
    },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const session = joined.json<{ data: { token: string; user: { id: number } } }>().data;
  return { id: session.user.id, token: session.token };
};
