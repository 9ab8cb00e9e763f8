import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { DateString, DateTimeString, Id, IdParam } from '../schemas';
import { OrderSchema } from './orders';
import { IdempotencyKey } from './wallet';

// The paid monitoring service (issue 36). Plans are data (the plans and plan_prices tables), priced per
// currency; a farm has at most one subscription, charged from its wallet for each calendar month (UTC).

const tag = 'plans';

export const PlanPricingSchema = Type.Union([Type.Literal('per_cow'), Type.Literal('flat')], {
  description: 'per_cow: price times the cows wearing a sensor when charged; flat: the price, up to maxCows',
});

export const PlanSchema = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  pricing: PlanPricingSchema,
  price: Type.Integer({ minimum: 0, description: "a month's price in the farm currency, minor units" }),
  maxCows: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: 'the most monitored cows the plan covers; null: no limit',
  }),
  monthlyCharge: Type.Integer({
    minimum: 0,
    description: "what a whole month would cost the farm now (per_cow: times today's monitored cows)",
  }),
});
export type Plan = Static<typeof PlanSchema>;

export const SubscriptionSchema = Type.Object({
  id: Id,
  planId: Id,
  planName: Type.String(),
  periodStart: DateString,
  periodEnd: DateString,
  nextCharge: Type.Integer({
    minimum: 0,
    description: 'what the renewal at periodEnd will take, at today’s count',
  }),
  startedAt: DateTimeString,
});
export type Subscription = Static<typeof SubscriptionSchema>;

export const PlansSchema = Type.Object({
  currency: Type.String(),
  currencyDigits: Type.Integer({ minimum: 0 }),
  monitoredCows: Type.Integer({ minimum: 0, description: 'cows of the farm wearing a sensor now' }),
  plans: Type.Array(PlanSchema),
  subscription: Type.Union([SubscriptionSchema, Type.Null()]),
});
export type Plans = Static<typeof PlansSchema>;

export const listPlans = defineRoute({
  method: 'GET',
  path: 'wallet/plans/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: "The monitoring plans in the farm currency, and the farm's subscription",
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  data: PlansSchema,
});

export const subscribePlan = defineRoute({
  method: 'POST',
  path: 'wallet/subscribe/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary:
    'Subscribe to a plan, or change to another: the rest of this month (prorated by day) is charged from ' +
    'the wallet now, and the unused days of a plan left are refunded. 409 E_INSUFFICIENT_BALANCE when the ' +
    'wallet does not cover it (nothing changes); 409 E_CONFLICT for the plan already held, or a flat plan ' +
    'with fewer cows than the farm monitors',
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  body: Type.Object({ planId: Id, idempotencyKey: IdempotencyKey }),
  data: Type.Object({ order: OrderSchema, plans: PlansSchema, balance: Type.Integer() }),
});

export const cancelPlan = defineRoute({
  method: 'POST',
  path: 'wallet/cancel-plan/:userId',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: "End the farm's subscription today: its unused days are refunded to the wallet. 404 without one",
  params: Type.Object({ userId: IdParam }),
  scopes: { userId: 'userId' },
  body: Type.Object({ idempotencyKey: IdempotencyKey }),
  data: Type.Object({ order: OrderSchema, plans: PlansSchema, balance: Type.Integer() }),
});
