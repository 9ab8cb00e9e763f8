import type { Order, OrderWithEvents } from '@cowcare/contract/routes/orders';
import type { Plans } from '@cowcare/contract/routes/plans';
import type { StatementLine, Wallet } from '@cowcare/contract/routes/wallet';
import { ok, type FakeHandler } from './fake-api';

/** A US farm's wallet: $1,234.50, top-ups from $5 to $1,000. */
export const wallet: Wallet = {
  balance: 123450,
  currency: 'USD',
  currencyDigits: 2,
  entries: [],
  topUp: { minimum: 500, maximum: 100_000, presets: [2000, 5000, 10_000] },
};

export const statementLines: StatementLine[] = [
  {
    id: 1,
    kind: 'topup',
    amount: 5000,
    description: 'Top-up',
    cowCount: null,
    typeName: null,
    orderId: 11,
    createdAt: '2026-11-02T09:00:00.000Z',
    balanceAfter: 125950,
  },
  {
    id: 2,
    kind: 'charge',
    amount: -2500,
    description: 'Cow type Breeding',
    cowCount: 5,
    typeName: 'Breeding',
    orderId: null,
    createdAt: '2026-11-03T10:00:00.000Z',
    balanceAfter: 123450,
  },
];

export const order = (overrides: Partial<OrderWithEvents> = {}): OrderWithEvents => ({
  id: 11,
  kind: 'topup',
  state: 'paid',
  amount: 5000,
  currency: 'USD',
  currencyDigits: 2,
  method: 'sandbox',
  description: 'Top-up',
  createdAt: '2026-11-02T08:59:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  events: [
    { state: 'created', source: 'user', detail: '', at: '2026-11-02T08:59:00.000Z' },
    { state: 'paid', source: 'provider', detail: 'card 4242', at: '2026-11-02T09:00:00.000Z' },
  ],
  ...overrides,
});

export const plans: Plans = {
  currency: 'USD',
  currencyDigits: 2,
  monitoredCows: 12,
  plans: [
    {
      id: 1,
      code: 'per-cow',
      name: 'Per cow',
      pricing: 'per_cow',
      price: 150,
      maxCows: null,
      monthlyCharge: 1800,
    },
    {
      id: 2,
      code: 'small',
      name: 'Small herd',
      pricing: 'flat',
      price: 2500,
      maxCows: 20,
      monthlyCharge: 2500,
    },
    { id: 3, code: 'tiny', name: 'Tiny herd', pricing: 'flat', price: 900, maxCows: 10, monthlyCharge: 900 },
  ],
  subscription: null,
};

const listOnly = (value: OrderWithEvents): Order => {
  const { events: _events, ...rest } = value;
  return rest;
};

/** Every call of the wallet page, answering a farm with a statement, no plan and one paid top-up. */
export function walletHandlers(extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
  return {
    'GET wallet/wallet/getwallet/7': () => ok(wallet),
    'GET wallet/statement/7': (request) => {
      const month = new URLSearchParams(request.path.split('?')[1]).get('month') ?? '2026-11';
      return ok({
        month,
        currency: 'USD',
        currencyDigits: 2,
        openingBalance: 120950,
        closingBalance: 123450,
        lines: statementLines,
        months: ['2026-11', '2026-10'],
      });
    },
    'GET wallet/plans/7': () => ok(plans),
    'GET wallet/orders/7': () => ok({ orders: [listOnly(order())] }),
    ...extra,
  };
}
