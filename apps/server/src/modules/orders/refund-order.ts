import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Queryable } from '../../db/database';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { Services } from '../../services';
import { recordAudit } from '../support/audit-log';
import { currencyByCode, formatMoney } from '../wallet/currency';
import { lockFarmWallet, postLedgerTransaction, walletBalance } from '../wallet/ledger';
import { lockOrder, moveOrder, type OrderRecord } from './orders-repository';

interface RefundRequest {
  adminId: number;
  orderId: number;
  reason: string;
}

/** A top-up goes back to the card: the provider pays it back, and the wallet gives up what it received. */
const refundTopUp = async (services: Services, tx: Queryable, order: OrderRecord): Promise<void> => {
  const currency = currencyByCode(order.currency);
  const balance = await walletBalance(tx, order.farmId);
  if (balance < order.amountMinor) {
    throw conflict(
      ERROR_CODES.insufficientBalance,
      `The wallet holds ${formatMoney(balance, currency)}: it has spent part of this top-up, which cannot go back to the card`,
    );
  }
  if (order.method === 'wallet' || !order.providerReference) {
    throw new Error(`top-up ${order.id} has no provider payment`);
  }
  if (order.method !== services.payments.provider.name) {
    throw conflict(
      ERROR_CODES.conflict,
      `This top-up was paid through ${order.method}, which is not configured now`,
    );
  }
  // Inside the transaction: if the provider refuses, nothing is booked; its idempotency key makes a retry
  // after a crash between its refund and our commit refund once.
  try {
    await services.payments.provider.refund({
      providerReference: order.providerReference,
      amountMinor: order.amountMinor,
      currency,
      idempotencyKey: `refund-order-${order.id}`,
    });
  } catch (error) {
    services.log.error({ err: error, orderId: order.id }, 'payments: the provider refused a refund');
    throw new AppError(
      503,
      ERROR_CODES.unavailable,
      'The payment provider did not make the refund; nothing changed',
    );
  }
  await postLedgerTransaction(tx, {
    farmId: order.farmId,
    kind: 'topup_refund',
    description: `Top-up refunded to the card: ${formatMoney(order.amountMinor, currency)}`,
    idempotencyKey: `order:${order.id}:refund`,
    orderId: order.id,
    legs: [
      {
        account: { kind: 'wallet', farmId: order.farmId, currency: order.currency },
        amountMinor: -order.amountMinor,
      },
      {
        account: { kind: 'provider', provider: order.method, currency: order.currency },
        amountMinor: order.amountMinor,
      },
    ],
  });
};

/** A plan payment comes back to the wallet, from the plan's revenue. */
const refundPlanPayment = async (tx: Queryable, order: OrderRecord): Promise<void> => {
  const currency = currencyByCode(order.currency);
  await postLedgerTransaction(tx, {
    farmId: order.farmId,
    kind: 'refund',
    description: `Refund of ${order.description}: ${formatMoney(order.amountMinor, currency)}`,
    idempotencyKey: `order:${order.id}:refund`,
    orderId: order.id,
    legs: [
      {
        account: { kind: 'wallet', farmId: order.farmId, currency: order.currency },
        amountMinor: order.amountMinor,
      },
      { account: { kind: 'plan_revenue', currency: order.currency }, amountMinor: -order.amountMinor },
    ],
  });
};

/**
 * Support refunds a paid order in full, written to the audit log in the same transaction. A refunded order
 * answers as it is (a repeated request refunds nothing more); any other state is 409.
 */
export const refundOrder = async (services: Services, request: RefundRequest): Promise<OrderRecord> =>
  services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw notFound('No such order');
    if (order.state === 'refunded') return order;
    if (order.state !== 'paid' || order.amountMinor === 0) {
      throw conflict(ERROR_CODES.conflict, `Only a paid order can be refunded; this one is ${order.state}`);
    }
    await lockFarmWallet(tx, order.farmId);
    if (order.kind === 'topup') await refundTopUp(services, tx, order);
    else await refundPlanPayment(tx, order);
    await moveOrder(tx, order.id, 'refunded', 'support', request.reason);
    await recordAudit(tx, {
      adminId: request.adminId,
      action: 'refundOrder',
      target: `order ${order.id} (farm ${order.farmId})`,
      details: {
        amount: order.amountMinor,
        currency: order.currency,
        kind: order.kind,
        reason: request.reason,
      },
    });
    return (await lockOrder(tx, order.id)) ?? order;
  });
