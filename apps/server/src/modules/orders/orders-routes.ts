import { api } from '@cowcare/contract/api';
import { ORDERS_PAGE_SIZE } from '@cowcare/contract/routes/orders';
import { notFound } from '../../http/app-error';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { adminOf } from '../admin/authenticate-admin';
import { farmCurrency } from '../wallet/wallet-repository';
import { walletBalance } from '../wallet/ledger';
import { presentOrder, presentOrdersWithEvents } from './order-presenter';
import { findFarmOrder, listFarmOrders } from './orders-repository';
import { refundOrder } from './refund-order';

export const ordersRoutes = (services: Services) => {
  const { db } = services;
  return [
    bind(api.orders.listOrders, async ({ user, query }) => ({
      orders: (await listFarmOrders(db, user.farmId, ORDERS_PAGE_SIZE, query.before)).map(presentOrder),
    })),

    bind(api.orders.getOrder, async ({ user, params }) => {
      const order = await findFarmOrder(db, user.farmId, params.orderId);
      if (!order) throw notFound('No such order');
      const [withEvents] = await presentOrdersWithEvents(db, [order]);
      return withEvents!;
    }),

    bind(api.orders.supportFarmOrders, async ({ params }) => {
      const [farm] = await db.query('SELECT 1 FROM farms WHERE id = $1', [params.farmId]);
      if (!farm) throw notFound('No such farm');
      const currency = await farmCurrency(db, params.farmId);
      return {
        balance: await walletBalance(db, params.farmId),
        currency: currency.code,
        currencyDigits: currency.digits,
        orders: await presentOrdersWithEvents(db, await listFarmOrders(db, params.farmId, 200)),
      };
    }),

    bind(api.orders.refundOrder, async ({ params, body, request }) => {
      const order = await refundOrder(services, {
        adminId: adminOf(request).adminId,
        orderId: params.orderId,
        reason: body.reason,
      });
      const [withEvents] = await presentOrdersWithEvents(db, [order]);
      return withEvents!;
    }),
  ];
};
