import { ERROR_CODES } from '@cowcare/contract/errors';
import type { FastifyRequest } from 'fastify';
import { AppError, conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import type { Services } from '../../services';
import {
  createOrder,
  lockOrder,
  moveOrder,
  setProviderReference,
  type OrderRecord,
} from '../orders/orders-repository';
import { formatMoney, type Currency } from './currency';
import { topUpLimits } from './top-up-limits';
import { farmCurrency } from './wallet-repository';

/** Where the provider sends the payer back: the wallet page, which shows the order (paid, declined, given up). */
const returnUrls = (origin: string, orderId: number) => ({
  returnUrl: `${origin}/pages/index/wallet?order=${orderId}`,
  cancelUrl: `${origin}/pages/index/wallet?order=${orderId}&cancelled=1`,
});

/** The app's own address as the browser reached it (behind a proxy: as the proxy says, when trusted). */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/**
 * Starts a top-up: the order (its amount the owner's, within the currency's limits; its currency the farm's),
 * then the provider's checkout for it. Idempotent by key: a repeated call answers the same order and
 * checkout. The provider is called outside any transaction: when it cannot be reached the order stays
 * created, and the same key tries again.
 */
export const startTopUp = async (
  services: Services,
  user: AuthUser,
  request: { amount: number; idempotencyKey: string; origin: string },
): Promise<{ orderId: number; checkoutUrl: string }> => {
  const { db, payments } = services;
  const currency = await farmCurrency(db, user.farmId);
  const limits = topUpLimits(currency);
  if (request.amount < limits.minimum || request.amount > limits.maximum) {
    throw new AppError(
      400,
      ERROR_CODES.validation,
      `A top-up is between ${formatMoney(limits.minimum, currency)} and ${formatMoney(limits.maximum, currency)}`,
    );
  }
  const { order } = await db.transaction((tx) =>
    createOrder(
      tx,
      {
        farmId: user.farmId,
        userId: user.userId,
        kind: 'topup',
        state: 'created',
        amountMinor: request.amount,
        currency: currency.code,
        method: payments.provider.name,
        description: `Wallet top-up ${formatMoney(request.amount, currency)}`,
        idempotencyKey: `topup:${request.idempotencyKey}`,
      },
      'user',
      'top-up started',
    ),
  );
  if (order.amountMinor !== request.amount || order.kind !== 'topup') {
    throw conflict(ERROR_CODES.conflict, 'This idempotency key was used for another top-up');
  }
  return { orderId: order.id, checkoutUrl: await openCheckout(services, order, currency, request.origin) };
};

const openCheckout = async (
  services: Services,
  order: OrderRecord,
  currency: Currency,
  origin: string,
): Promise<string> => {
  const { provider } = services.payments;
  let session;
  try {
    session = await provider.createCheckout({
      reference: String(order.id),
      amountMinor: order.amountMinor,
      currency,
      description: order.description,
      ...returnUrls(origin, order.id),
    });
  } catch (error) {
    services.log.error({ err: error, orderId: order.id }, 'payments: the provider did not open a checkout');
    throw new AppError(
      503,
      ERROR_CODES.unavailable,
      'The payment provider cannot be reached; try again shortly',
    );
  }
  if (order.providerReference === null) {
    await services.db.transaction(async (tx) => {
      const current = await lockOrder(tx, order.id);
      if (current?.providerReference !== null) return; // a concurrent repeat of the call got here first
      await setProviderReference(tx, order.id, session.providerReference);
      if (current.state === 'created') await moveOrder(tx, order.id, 'pending', 'user', 'checkout opened');
    });
  }
  return session.checkoutUrl;
};
