import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Queryable } from '../../db/database';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { Services } from '../../services';
import { recordAudit } from '../support/audit-log';
import { currencyByCode, formatMoney } from '../wallet/currency';
import { lockFarmWallet, postLedgerTransaction, walletBalance, type LedgerLeg } from '../wallet/ledger';
import { findOrder, lockOrder, moveOrder, type OrderRecord } from './orders-repository';

interface RefundRequest {
  adminId: number;
  orderId: number;
  reason: string;
}

const walletLeg = (order: OrderRecord, amountMinor: number): LedgerLeg => ({
  account: { kind: 'wallet', farmId: order.farmId, currency: order.currency },
  amountMinor,
});
const pendingLeg = (order: OrderRecord, amountMinor: number): LedgerLeg => ({
  account: { kind: 'refund_pending', currency: order.currency },
  amountMinor,
});

/**
 * First step, in one transaction with the audit record: the order is marked refunded (so a second request
 * refunds nothing more), and a top-up's amount leaves the wallet for the pending-refunds account while the
 * provider is asked; a plan payment simply comes back to the wallet. Answers the hold's key, if any.
 */
const beginRefund = (services: Services, request: RefundRequest) =>
  services.db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw notFound('No such order');
    if (order.state === 'refunded') return { order, holdKey: undefined };
    if (order.state !== 'paid' || order.amountMinor === 0) {
      throw conflict(ERROR_CODES.conflict, `Only a paid order can be refunded; this one is ${order.state}`);
    }
    await lockFarmWallet(tx, order.farmId);
    const currency = currencyByCode(order.currency);
    let holdKey: string | undefined;
    if (order.kind === 'topup') {
      if (order.method !== services.payments.provider.name || !order.providerReference) {
        throw conflict(
          ERROR_CODES.conflict,
          `This top-up was paid through ${order.method}, which is not configured now`,
        );
      }
      const balance = await walletBalance(tx, order.farmId);
      if (balance < order.amountMinor) {
        throw conflict(
          ERROR_CODES.insufficientBalance,
          `The wallet holds ${formatMoney(balance, currency)}: it has spent part of this top-up, which cannot go back to the card`,
        );
      }
      holdKey = `order:${order.id}:refund-hold:${randomUUID()}`;
      await postLedgerTransaction(tx, {
        farmId: order.farmId,
        kind: 'topup_refund',
        description: `Top-up refunded to the card: ${formatMoney(order.amountMinor, currency)}`,
        idempotencyKey: holdKey,
        orderId: order.id,
        legs: [walletLeg(order, -order.amountMinor), pendingLeg(order, order.amountMinor)],
      });
    } else {
      await refundPlanPayment(tx, order);
    }
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
    return { order, holdKey };
  });

const refundPlanPayment = async (tx: Queryable, order: OrderRecord): Promise<void> => {
  await postLedgerTransaction(tx, {
    farmId: order.farmId,
    kind: 'refund',
    description: `Refund of ${order.description}: ${formatMoney(order.amountMinor, currencyByCode(order.currency))}`,
    idempotencyKey: `order:${order.id}:refund`,
    orderId: order.id,
    legs: [
      walletLeg(order, order.amountMinor),
      { account: { kind: 'plan_revenue', currency: order.currency }, amountMinor: -order.amountMinor },
    ],
  });
};

/** Second step: the provider paid it back (held money goes to the provider), or refused (it comes back). */
const settleRefund = (services: Services, order: OrderRecord, holdKey: string, error: unknown) =>
  services.db.transaction(async (tx) => {
    await lockOrder(tx, order.id);
    if (!error) {
      await postLedgerTransaction(tx, {
        farmId: order.farmId,
        kind: 'topup_refund',
        description: `Refund paid out by ${order.method}`,
        idempotencyKey: `${holdKey}:paid`,
        orderId: order.id,
        legs: [
          pendingLeg(order, -order.amountMinor),
          {
            account: { kind: 'provider', provider: order.method, currency: order.currency },
            amountMinor: order.amountMinor,
          },
        ],
      });
      return;
    }
    await lockFarmWallet(tx, order.farmId);
    await postLedgerTransaction(tx, {
      farmId: order.farmId,
      kind: 'refund',
      description: 'Refund to the card failed: the amount is back in the wallet',
      idempotencyKey: `${holdKey}:released`,
      orderId: order.id,
      legs: [pendingLeg(order, -order.amountMinor), walletLeg(order, order.amountMinor)],
    });
    await moveOrder(
      tx,
      order.id,
      'paid',
      'support',
      `refund failed at ${order.method}: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  });

/**
 * Support refunds a paid order in full. A top-up goes back to the card in two steps around the provider's
 * call, which is never made inside a database transaction (a provider is another system, and the sandbox
 * shares this database): the money is held out of the wallet first, then paid out or released. A crash
 * between leaves it held in `refund_pending`, visible in the books, with the order marked refunded, for an
 * operator to settle; each attempt has its own key at the provider, so a retry after a refusal is a new one.
 */
export const refundOrder = async (services: Services, request: RefundRequest): Promise<OrderRecord> => {
  const { order, holdKey } = await beginRefund(services, request);
  if (holdKey && order.providerReference) {
    let failure: unknown;
    try {
      await services.payments.provider.refund({
        providerReference: order.providerReference,
        amountMinor: order.amountMinor,
        currency: currencyByCode(order.currency),
        idempotencyKey: `refund-${holdKey}`,
      });
    } catch (error) {
      failure = error;
      services.log.error({ err: error, orderId: order.id }, 'payments: the provider refused a refund');
    }
    await settleRefund(services, order, holdKey, failure);
    if (failure) {
      throw new AppError(
        503,
        ERROR_CODES.unavailable,
        'The payment provider did not make the refund; the money is back in the wallet',
      );
    }
  }
  return (await findOrder(services.db, order.id)) ?? order;
};
