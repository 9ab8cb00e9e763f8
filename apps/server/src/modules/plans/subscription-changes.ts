import { ERROR_CODES } from '@cowcare/contract/errors';
import { firstPeriod, monthlyPlanCharge, unusedCharge } from '@cowcare/domain/money';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/route-context';
import type { Services } from '../../services';
import { findOrderByKey, type OrderRecord } from '../orders/orders-repository';
import { noMoneyEvents, publishMoneyEvents, type MoneyEvents } from '../payments/farm-money-events';
import { insufficientBalance } from '../wallet/insufficient-balance';
import { lockFarmWallet, walletBalance } from '../wallet/ledger';
import { farmCurrency } from '../wallet/wallet-repository';
import { chargePlan, refundPlanDays } from './plan-charges';
import {
  endSubscription,
  insertSubscription,
  listPricedPlans,
  lockActiveSubscription,
  monitoredCowCount,
  type SubscriptionRecord,
} from './plans-repository';

export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Ends the subscription today and gives its unused days back. */
const endWithRefund = async (
  tx: Queryable,
  user: AuthUser,
  subscription: SubscriptionRecord,
  currency: string,
  idempotencyKey: string,
  today: string,
): Promise<OrderRecord> => {
  const refund = unusedCharge(
    {
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
      chargeMinor: subscription.periodChargeMinor,
    },
    today,
  );
  await endSubscription(tx, subscription.id, 'cancelled');
  return refundPlanDays(tx, {
    farmId: user.farmId,
    userId: user.userId,
    currency,
    kind: 'cancel',
    amountMinor: refund,
    description: `Plan cancelled on ${today}: unused days until ${subscription.periodEnd} refunded`,
    planId: subscription.planId,
    idempotencyKey,
    source: 'user',
  });
};

/** Runs a wallet change of the farm under its wallet lock, then tells the farm what it did. */
const withFarmWallet = async <T>(
  services: Services,
  farmId: number,
  change: (tx: Queryable, events: MoneyEvents) => Promise<T>,
): Promise<T> => {
  const events = noMoneyEvents(farmId);
  const result = await services.db.transaction(async (tx) => {
    await lockFarmWallet(tx, farmId);
    return change(tx, events);
  });
  await publishMoneyEvents(services.db, services.bus, events);
  return result;
};

/**
 * Subscribes the farm to a plan, or moves it to another: the plan left gives its unused days back, the new
 * one takes the rest of this month (prorated) from the wallet, in one transaction. Refused with nothing
 * changed when the wallet does not cover it. Idempotent by key.
 */
export const subscribe = async (
  services: Services,
  user: AuthUser,
  request: { planId: number; idempotencyKey: string },
  today = utcToday(),
): Promise<OrderRecord> => {
  const key = `subscribe:${request.idempotencyKey}`;
  return withFarmWallet(services, user.farmId, async (tx, events) => {
    const repeated = await findOrderByKey(tx, user.farmId, key);
    if (repeated) return repeated;
    const currency = await farmCurrency(tx, user.farmId);
    const plan = (await listPricedPlans(tx, currency.code)).find(
      (candidate) => candidate.id === request.planId,
    );
    if (!plan) throw notFound('No such plan');
    const monitored = await monitoredCowCount(tx, user.farmId);
    if (plan.maxCows !== null && monitored > plan.maxCows) {
      throw conflict(
        ERROR_CODES.conflict,
        `${plan.name} covers ${plan.maxCows} cows; the farm monitors ${monitored}`,
      );
    }
    const current = await lockActiveSubscription(tx, user.farmId);
    if (current?.planId === plan.id) {
      throw conflict(ERROR_CODES.conflict, `The farm has ${plan.name} already`);
    }
    if (current) {
      await endWithRefund(tx, user, current, currency.code, `cancel-for:${request.idempotencyKey}`, today);
    }
    const period = firstPeriod(monthlyPlanCharge(plan.pricing, plan.priceMinor, monitored), today);
    const balance = await walletBalance(tx, user.farmId);
    if (balance < period.chargeMinor) {
      throw insufficientBalance(period.chargeMinor, balance, currency, `${plan.name} until the month's end`);
    }
    await insertSubscription(tx, user.farmId, plan.id, period);
    return chargePlan(
      tx,
      {
        farmId: user.farmId,
        userId: user.userId,
        currency: currency.code,
        kind: 'subscribe',
        amountMinor: period.chargeMinor,
        description: `${plan.name}: ${period.periodStart} to ${period.periodEnd}`,
        planId: plan.id,
        idempotencyKey: key,
        source: 'user',
      },
      events,
    );
  });
};

/** Ends the farm's subscription today with its unused days refunded; 404 without one. Idempotent by key. */
export const cancelSubscription = async (
  services: Services,
  user: AuthUser,
  idempotencyKey: string,
  today = utcToday(),
): Promise<OrderRecord> => {
  const key = `cancel:${idempotencyKey}`;
  return withFarmWallet(services, user.farmId, async (tx) => {
    const repeated = await findOrderByKey(tx, user.farmId, key);
    if (repeated) return repeated;
    const current = await lockActiveSubscription(tx, user.farmId);
    if (!current) throw notFound('The farm has no plan to cancel');
    const currency = await farmCurrency(tx, user.farmId);
    return endWithRefund(tx, user, current, currency.code, key, today);
  });
};
