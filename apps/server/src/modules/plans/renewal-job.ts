import { monthlyPlanCharge, nextMonthStart } from '@cowcare/domain/money';
import type { Job } from '../../jobs/job-runner';
import type { Services } from '../../services';
import { createOrder } from '../orders/orders-repository';
import {
  MONEY_NOTICE,
  noMoneyEvents,
  publishMoneyEvents,
  recordMoneyNotice,
} from '../payments/farm-money-events';
import { formatMoney } from '../wallet/currency';
import { lockFarmWallet, walletBalance } from '../wallet/ledger';
import { farmCurrency } from '../wallet/wallet-repository';
import { chargePlan } from './plan-charges';
import {
  endSubscription,
  listPricedPlans,
  lockActiveSubscription,
  monitoredCowCount,
  renewSubscription,
  subscriptionsDue,
  subscriptionsEndingWithin,
  type SubscriptionRecord,
} from './plans-repository';
import { utcToday } from './subscription-changes';

/** Farms are told this many days ahead when the wallet will not cover the next month. */
export const LOW_BALANCE_WARNING_DAYS = 7;
const BATCH = 100;

/**
 * Renews one subscription for the month from its period's end: the whole month at today's count of monitored
 * cows, from the wallet, as a 'renewal' order (notice 903). A wallet that does not cover it ends the plan
 * with a failed order and notice 901. Once per period, by the order's key, however often it runs.
 */
const renewOne = async (services: Services, due: SubscriptionRecord): Promise<void> => {
  const events = noMoneyEvents(due.farmId);
  await services.db.transaction(async (tx) => {
    await lockFarmWallet(tx, due.farmId);
    const subscription = await lockActiveSubscription(tx, due.farmId);
    if (subscription?.id !== due.id || subscription.periodEnd !== due.periodEnd) return; // changed meanwhile
    const currency = await farmCurrency(tx, due.farmId);
    const plan = (await listPricedPlans(tx, currency.code)).find((candidate) => candidate.id === due.planId);
    const periodStart = due.periodEnd;
    const period = { periodStart, periodEnd: nextMonthStart(periodStart) };
    const charge = plan
      ? monthlyPlanCharge(plan.pricing, plan.priceMinor, await monitoredCowCount(tx, due.farmId))
      : 0;
    const balance = await walletBalance(tx, due.farmId);
    const movement = {
      farmId: due.farmId,
      userId: null,
      currency: currency.code,
      kind: 'renewal' as const,
      amountMinor: charge,
      description: `${plan?.name ?? 'Plan'}: ${period.periodStart} to ${period.periodEnd}`,
      planId: due.planId,
      idempotencyKey: `renewal:${due.id}:${periodStart}`,
      source: 'job' as const,
    };
    if (!plan || balance < charge) {
      const reason = plan
        ? `the wallet holds ${formatMoney(balance, currency)}, the month costs ${formatMoney(charge, currency)}`
        : 'the plan is no longer offered in this currency';
      await createOrder(tx, { ...movement, state: 'failed', method: 'wallet' }, 'job', reason);
      await endSubscription(tx, due.id, 'unpaid');
      await recordMoneyNotice(tx, events, MONEY_NOTICE.lowBalance, `unpaid:${due.id}:${periodStart}`, {
        needed: charge,
        balance,
        currency: currency.code,
        planEnded: true,
      });
      return;
    }
    await chargePlan(tx, movement, events);
    await renewSubscription(tx, due.id, { ...period, chargeMinor: charge });
  });
  await publishMoneyEvents(services.db, services.bus, events);
};

/** Notice 901 once per period when the next renewal, at today's count, is more than the wallet holds. */
const warnLowBalance = async (services: Services, subscription: SubscriptionRecord): Promise<void> => {
  const events = noMoneyEvents(subscription.farmId);
  await services.db.transaction(async (tx) => {
    const currency = await farmCurrency(tx, subscription.farmId);
    const plan = (await listPricedPlans(tx, currency.code)).find(
      (candidate) => candidate.id === subscription.planId,
    );
    if (!plan) return;
    const next = monthlyPlanCharge(
      plan.pricing,
      plan.priceMinor,
      await monitoredCowCount(tx, subscription.farmId),
    );
    const balance = await walletBalance(tx, subscription.farmId);
    if (balance >= next) return;
    await recordMoneyNotice(
      tx,
      events,
      MONEY_NOTICE.lowBalance,
      `low-balance:${subscription.id}:${subscription.periodEnd}`,
      {
        needed: next,
        balance,
        currency: currency.code,
        renewsOn: subscription.periodEnd,
        planEnded: false,
      },
    );
  });
  await publishMoneyEvents(services.db, services.bus, events);
};

/**
 * One run of the plan job: renews every subscription whose period has ended (again and again when the
 * server was down for more than a month), then warns farms whose next renewal the wallet will not cover.
 */
export const runPlanRenewals = async (services: Services, today = utcToday()): Promise<void> => {
  // Each pass moves every due subscription a month on (or ends it), so the passes come to an end.
  for (;;) {
    const due = await subscriptionsDue(services.db, today, BATCH);
    if (due.length === 0) break;
    for (const subscription of due) await renewOne(services, subscription);
  }
  for (const subscription of await subscriptionsEndingWithin(services.db, today, LOW_BALANCE_WARNING_DAYS)) {
    await warnLowBalance(services, subscription);
  }
};

export const planRenewalJob = (services: Services): Job => ({
  name: 'plan-renewals',
  intervalMs: 3600_000,
  runAtStart: true,
  run: () => runPlanRenewals(services),
});
