import type { OrderEvent } from '@cowcare/contract/routes/orders';
import { orderStateAfter } from '@cowcare/domain/money';
import type { Services } from '../../services';
import { lockOrder, moveOrder, type OrderRecord } from '../orders/orders-repository';
import { currencyByCode, formatMoney } from '../wallet/currency';
import { lockFarmWallet, postLedgerTransaction, walletBalance } from '../wallet/ledger';
import type { Queryable } from '../../db/database';
import {
  MONEY_NOTICE,
  noMoneyEvents,
  publishMoneyEvents,
  recordMoneyNotice,
  type MoneyEvents,
} from './farm-money-events';
import type { PaymentEvent } from './payment-provider';

export type PaymentApplication = 'applied' | 'unchanged' | 'duplicate' | 'unknown order' | 'mismatch';

/** The provider's event, once: a second delivery of its id finds the row and changes nothing. */
const firstDelivery = async (tx: Queryable, provider: string, event: PaymentEvent, orderId: number | null) =>
  (
    await tx.query(
      `INSERT INTO payment_events (provider, event_id, order_id, outcome) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, event.eventId, orderId, event.outcome],
    )
  ).length > 0;

const orderOfEvent = async (tx: Queryable, provider: string, event: PaymentEvent) => {
  const orderId = /^\d{1,9}$/.test(event.orderReference) ? Number(event.orderReference) : 0;
  const order = orderId > 0 ? await lockOrder(tx, orderId) : undefined;
  // The event must name the checkout we opened for that order with that provider: an event of another
  // provider, or of a checkout made for another order, books nothing.
  const matches =
    order?.method === provider &&
    order.kind === 'topup' &&
    (order.providerReference === null || order.providerReference === event.providerReference);
  return matches ? order : undefined;
};

/** Credits the wallet with a paid top-up: once per order, whatever path reported it. */
const creditTopUp = async (tx: Queryable, order: OrderRecord, events: MoneyEvents): Promise<void> => {
  await lockFarmWallet(tx, order.farmId);
  const currency = currencyByCode(order.currency);
  const { posted } = await postLedgerTransaction(tx, {
    farmId: order.farmId,
    kind: 'topup',
    description: `Top-up ${formatMoney(order.amountMinor, currency)} (${order.method})`,
    idempotencyKey: `order:${order.id}:paid`,
    orderId: order.id,
    userId: order.userId,
    legs: [
      {
        account: { kind: 'wallet', farmId: order.farmId, currency: order.currency },
        amountMinor: order.amountMinor,
      },
      {
        account: { kind: 'provider', provider: order.method, currency: order.currency },
        amountMinor: -order.amountMinor,
      },
    ],
  });
  if (!posted) return;
  const balance = await walletBalance(tx, order.farmId);
  await recordMoneyNotice(tx, events, MONEY_NOTICE.paymentReceived, `payment:${order.id}`, {
    orderId: order.id,
    amount: order.amountMinor,
    currency: order.currency,
    balance,
  });
  events.ownerMessages.push({
    type: 'paysuccess',
    data: {
      orderId: order.id,
      amount: order.amountMinor,
      currency: order.currency,
      currencyDigits: currency.digits,
      balance,
    },
  });
};

/**
 * Books what a provider reported about a top-up, in one transaction: the event once (by its id), the order's
 * move (domain rule `orderStateAfter`), and the wallet's credit once (by the order). A webhook delivered twice,
 * late, out of order or before the user's return, and the reconciliation job asking meanwhile, all end in
 * the same books.
 */
export const applyPaymentEvent = async (
  services: Services,
  provider: string,
  event: PaymentEvent,
  source: OrderEvent['source'],
): Promise<PaymentApplication> => {
  let events: MoneyEvents | undefined;
  const outcome = await services.db.transaction(async (tx): Promise<PaymentApplication> => {
    const order = await orderOfEvent(tx, provider, event);
    if (!(await firstDelivery(tx, provider, event, order?.id ?? null))) return 'duplicate';
    if (!order) return 'unknown order';
    if (event.amountMinor !== order.amountMinor || event.currencyCode !== order.currency) {
      services.log.error(
        {
          orderId: order.id,
          provider,
          eventId: event.eventId,
          amount: event.amountMinor,
          currency: event.currencyCode,
        },
        'payments: the provider reported another amount than the order; nothing booked',
      );
      return 'mismatch';
    }
    const next = orderStateAfter(order.state, event.outcome);
    if (next === null) return 'unchanged';
    await moveOrder(tx, order.id, next, source, event.detail || `${provider}: ${event.outcome}`);
    events = noMoneyEvents(order.farmId);
    if (next === 'paid') await creditTopUp(tx, order, events);
    return 'applied';
  });
  if (events) await publishMoneyEvents(services.db, services.bus, events);
  return outcome;
};
