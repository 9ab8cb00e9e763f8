import type { Plans } from '@cowcare/contract/routes/plans';
import { monthlyPlanCharge } from '@cowcare/domain/money';
import type { Queryable } from '../../db/database';
import { farmCurrency } from '../wallet/wallet-repository';
import { activeSubscription, listPricedPlans, monitoredCowCount } from './plans-repository';

/** The plans in the farm's currency, what each would cost a month now, and the farm's subscription. */
export const plansOfFarm = async (db: Queryable, farmId: number): Promise<Plans> => {
  const currency = await farmCurrency(db, farmId);
  const plans = await listPricedPlans(db, currency.code);
  const monitoredCows = await monitoredCowCount(db, farmId);
  const subscription = await activeSubscription(db, farmId);
  const held = subscription && plans.find((plan) => plan.id === subscription.planId);
  return {
    currency: currency.code,
    currencyDigits: currency.digits,
    monitoredCows,
    plans: plans.map((plan) => ({
      id: plan.id,
      code: plan.code,
      name: plan.name,
      pricing: plan.pricing,
      price: plan.priceMinor,
      maxCows: plan.maxCows,
      monthlyCharge: monthlyPlanCharge(plan.pricing, plan.priceMinor, monitoredCows),
    })),
    subscription:
      subscription && held
        ? {
            id: subscription.id,
            planId: held.id,
            planName: held.name,
            periodStart: subscription.periodStart,
            periodEnd: subscription.periodEnd,
            nextCharge: monthlyPlanCharge(held.pricing, held.priceMinor, monitoredCows),
            startedAt: subscription.startedAt,
          }
        : null,
  };
};
