import type { OrderKind } from '@cowcare/contract/routes/orders';
import type { Queryable } from '../../db/database';
import { createOrder, type OrderRecord } from '../orders/orders-repository';
import { MONEY_NOTICE, recordMoneyNotice, type MoneyEvents } from '../payments/farm-money-events';
import { currencyByCode, formatMoney } from '../wallet/currency';
import { postLedgerTransaction, walletBalance } from '../wallet/ledger';

export interface PlanMovement {
  farmId: number;
  userId: number | null;
  currency: string;
  kind: OrderKind;
  amountMinor: number;
  description: string;
  planId: number;
  /** The order's key: the movement happens once per key. */
  idempotencyKey: string;
  source: 'user' | 'job';
}

/**
 * A plan payment from the wallet, as a paid order with its ledger transaction and notice 903. The caller
 * holds the farm's wallet lock and has checked the balance.
 */
export const chargePlan = async (
  tx: Queryable,
  movement: PlanMovement,
  events: MoneyEvents,
): Promise<OrderRecord> => {
  const currency = currencyByCode(movement.currency);
  const { order, created } = await createOrder(
    tx,
    { ...movement, state: 'paid', method: 'wallet' },
    movement.source,
    `paid from the wallet: ${formatMoney(movement.amountMinor, currency)}`,
  );
  if (!created || movement.amountMinor === 0) return order;
  await postLedgerTransaction(tx, {
    farmId: movement.farmId,
    kind: 'plan',
    description: movement.description,
    idempotencyKey: `order:${order.id}:paid`,
    orderId: order.id,
    userId: movement.userId,
    legs: [
      {
        account: { kind: 'wallet', farmId: movement.farmId, currency: movement.currency },
        amountMinor: -movement.amountMinor,
      },
      { account: { kind: 'plan_revenue', currency: movement.currency }, amountMinor: movement.amountMinor },
    ],
  });
  await recordMoneyNotice(tx, events, MONEY_NOTICE.chargeApplied, `charge:${order.id}`, {
    orderId: order.id,
    amount: movement.amountMinor,
    currency: movement.currency,
    description: movement.description,
    balance: await walletBalance(tx, movement.farmId),
  });
  return order;
};

/** The unused days of a plan back to the wallet, as a refunded 'cancel' order. */
export const refundPlanDays = async (tx: Queryable, movement: PlanMovement): Promise<OrderRecord> => {
  const currency = currencyByCode(movement.currency);
  const { order, created } = await createOrder(
    tx,
    { ...movement, state: 'refunded', method: 'wallet' },
    movement.source,
    `unused days refunded to the wallet: ${formatMoney(movement.amountMinor, currency)}`,
  );
  if (!created || movement.amountMinor === 0) return order;
  await postLedgerTransaction(tx, {
    farmId: movement.farmId,
    kind: 'refund',
    description: movement.description,
    idempotencyKey: `order:${order.id}:refund`,
    orderId: order.id,
    userId: movement.userId,
    legs: [
      {
        account: { kind: 'wallet', farmId: movement.farmId, currency: movement.currency },
        amountMinor: movement.amountMinor,
      },
      { account: { kind: 'plan_revenue', currency: movement.currency }, amountMinor: -movement.amountMinor },
    ],
  });
  return order;
};
