import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { DateTimeString, Id, IdParam } from '../schemas';
import { IdempotencyKey } from './wallet';

// Orders (issue 36): every top-up and purchase, with its state and the events that moved it. The order's
// amount is the server's: a top-up's as the owner chose it within the limits, a plan's from the plan's price.

const tag = 'orders';

export const OrderStateSchema = Type.Union([
  Type.Literal('created'),
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  Type.Literal('refunded'),
]);
export type OrderState = Static<typeof OrderStateSchema>;

export const OrderKindSchema = Type.Union(
  [Type.Literal('topup'), Type.Literal('subscribe'), Type.Literal('renewal'), Type.Literal('cancel')],
  {
    description:
      'topup: money paid in through a provider; subscribe, renewal: the plan, paid from the wallet; cancel: ' +
      'the plan ended, its unused days refunded to the wallet',
  },
);
export type OrderKind = Static<typeof OrderKindSchema>;

export const OrderMethodSchema = Type.Union([
  Type.Literal('sandbox'),
  Type.Literal('stripe'),
  Type.Literal('wallet'),
]);
export type OrderMethod = Static<typeof OrderMethodSchema>;

export const OrderSchema = Type.Object({
  id: Id,
  kind: OrderKindSchema,
  state: OrderStateSchema,
  amount: Type.Integer({ description: 'minor units of currency; what the order moves, never negative' }),
  currency: Type.String(),
  currencyDigits: Type.Integer({ minimum: 0 }),
  method: OrderMethodSchema,
  description: Type.String(),
  createdAt: DateTimeString,
  updatedAt: DateTimeString,
});
export type Order = Static<typeof OrderSchema>;

export const OrderEventSchema = Type.Object({
  state: OrderStateSchema,
  source: Type.Union(
    [
      Type.Literal('user'),
      Type.Literal('provider'),
      Type.Literal('reconciliation'),
      Type.Literal('job'),
      Type.Literal('support'),
    ],
    { description: 'who moved it: the user, a provider webhook, the reconciliation job, a job, support' },
  ),
  detail: Type.String({ description: 'what happened, in English (a decline reason, a refund reason)' }),
  at: DateTimeString,
});
export type OrderEvent = Static<typeof OrderEventSchema>;

export const OrderWithEventsSchema = Type.Composite([
  OrderSchema,
  Type.Object({ events: Type.Array(OrderEventSchema, { description: 'oldest first' }) }),
]);
export type OrderWithEvents = Static<typeof OrderWithEventsSchema>;

export const ORDERS_PAGE_SIZE = 50;

export const listOrders = defineRoute({
  method: 'GET',
  path: 'wallet/orders/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: `The farm's orders, newest first, ${ORDERS_PAGE_SIZE} a page; before: the id of the last one seen`,
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  query: Type.Object({ before: Type.Optional(Id) }),
  data: Type.Object({ orders: Type.Array(OrderSchema) }),
});

export const getOrder = defineRoute({
  method: 'GET',
  path: 'wallet/order/:userId/:orderId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: "One of the farm's orders with its events; 404 for another farm's",
  params: Type.Object({ userId: IdParam, orderId: IdParam }),
  scopes: { userId: 'userId' },
  data: OrderWithEventsSchema,
});

export const supportFarmOrders = defineRoute({
  method: 'GET',
  path: 'support/farms/:farmId/orders',
  access: 'admin',
  tag,
  summary: "Support: a farm's orders, newest first, with their events, and its wallet balance",
  params: Type.Object({ farmId: IdParam }),
  data: Type.Object({
    balance: Type.Integer(),
    currency: Type.String(),
    currencyDigits: Type.Integer({ minimum: 0 }),
    orders: Type.Array(OrderWithEventsSchema),
  }),
});

export const refundOrder = defineRoute({
  method: 'POST',
  path: 'support/orders/:orderId/refund',
  access: 'admin',
  tag,
  summary:
    'Support: refund a paid order in full, written to the audit log. A top-up goes back to the card ' +
    'through its provider and leaves the wallet (409 E_INSUFFICIENT_BALANCE when the wallet has spent ' +
    'it); a plan payment comes back to the wallet. 409 E_CONFLICT for an order that is neither paid nor ' +
    'refunded; a refunded order answers as it is, so a repeated request (any key) refunds nothing more',
  params: Type.Object({ orderId: IdParam }),
  body: Type.Object({
    reason: Type.String({ minLength: 3, maxLength: 500, pattern: '\\S' }),
    idempotencyKey: IdempotencyKey,
  }),
  data: OrderWithEventsSchema,
});
