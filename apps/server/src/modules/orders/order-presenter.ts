import type { Order, OrderWithEvents } from '@cowcare/contract/routes/orders';
import type { Queryable } from '../../db/database';
import { currencyByCode } from '../wallet/currency';
import { orderEvents, type OrderRecord } from './orders-repository';

export const presentOrder = (order: OrderRecord): Order => ({
  id: order.id,
  kind: order.kind,
  state: order.state,
  amount: order.amountMinor,
  currency: order.currency,
  currencyDigits: currencyByCode(order.currency).digits,
  method: order.method,
  description: order.description,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
});

/** The orders with their events, in one query for all of them. */
export const presentOrdersWithEvents = async (
  db: Queryable,
  orders: readonly OrderRecord[],
): Promise<OrderWithEvents[]> => {
  const events = await orderEvents(
    db,
    orders.map((order) => order.id),
  );
  return orders.map((order) => ({
    ...presentOrder(order),
    events: events
      .filter((event) => event.orderId === order.id)
      .map(({ state, source, detail, at }) => ({ state, source, detail, at })),
  }));
};
