import type { PlanPricing } from '@cowcare/domain/money';
import type { Queryable } from '../../db/database';

export interface PlanRecord {
  id: number;
  code: string;
  name: string;
  pricing: PlanPricing;
  maxCows: number | null;
  /** A month's price in the asked currency, minor units. */
  priceMinor: number;
}

export interface SubscriptionRecord {
  id: number;
  farmId: number;
  planId: number;
  periodStart: string;
  periodEnd: string;
  periodChargeMinor: number;
  startedAt: string;
}

/** The active plans priced in `currency` (a plan without a price there is not offered). */
export const listPricedPlans = (db: Queryable, currency: string): Promise<PlanRecord[]> =>
  db.query<PlanRecord>(
    `SELECT p.id, p.code, p.name, p.pricing, p.max_cows AS "maxCows", pp.amount_minor::float8 AS "priceMinor"
       FROM plans p JOIN plan_prices pp ON pp.plan_id = p.id AND pp.currency = $1
      WHERE p.active ORDER BY p.sort_order, p.id`,
    [currency],
  );

const SUBSCRIPTION_COLUMNS = `id, farm_id AS "farmId", plan_id AS "planId",
  to_char(period_start, 'YYYY-MM-DD') AS "periodStart", to_char(period_end, 'YYYY-MM-DD') AS "periodEnd",
  period_charge_minor::float8 AS "periodChargeMinor",
  to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt"`;

export const activeSubscription = async (
  db: Queryable,
  farmId: number,
): Promise<SubscriptionRecord | undefined> =>
  (
    await db.query<SubscriptionRecord>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE farm_id = $1 AND ended_at IS NULL`,
      [farmId],
    )
  )[0];

/** Active subscriptions whose paid period has ended by `today`: the renewal job's work. */
export const subscriptionsDue = (
  db: Queryable,
  today: string,
  limit: number,
): Promise<SubscriptionRecord[]> =>
  db.query<SubscriptionRecord>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
      WHERE ended_at IS NULL AND period_end <= $1::date ORDER BY id LIMIT $2`,
    [today, limit],
  );

/** Active subscriptions whose period ends within `days` of `today`: the low-balance warning's. */
export const subscriptionsEndingWithin = (
  db: Queryable,
  today: string,
  days: number,
): Promise<SubscriptionRecord[]> =>
  db.query<SubscriptionRecord>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions
      WHERE ended_at IS NULL AND period_end <= $1::date + $2::int ORDER BY id`,
    [today, days],
  );

export const insertSubscription = async (
  tx: Queryable,
  farmId: number,
  planId: number,
  period: { periodStart: string; periodEnd: string; chargeMinor: number },
): Promise<void> => {
  await tx.query(
    `INSERT INTO subscriptions (farm_id, plan_id, period_start, period_end, period_charge_minor)
     VALUES ($1, $2, $3, $4, $5)`,
    [farmId, planId, period.periodStart, period.periodEnd, period.chargeMinor],
  );
};

export const renewSubscription = async (
  tx: Queryable,
  subscriptionId: number,
  period: { periodStart: string; periodEnd: string; chargeMinor: number },
): Promise<void> => {
  await tx.query(
    'UPDATE subscriptions SET period_start = $2, period_end = $3, period_charge_minor = $4 WHERE id = $1',
    [subscriptionId, period.periodStart, period.periodEnd, period.chargeMinor],
  );
};

export const endSubscription = async (
  tx: Queryable,
  subscriptionId: number,
  reason: string,
): Promise<void> => {
  await tx.query('UPDATE subscriptions SET ended_at = now(), end_reason = $2 WHERE id = $1', [
    subscriptionId,
    reason,
  ]);
};

/** The farm's cows wearing a sensor now: what a per-cow plan is charged for. */
export const monitoredCowCount = async (db: Queryable, farmId: number): Promise<number> => {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM cows WHERE farm_id = $1 AND sensor_id IS NOT NULL AND culled_at IS NULL',
    [farmId],
  );
  return row?.count ?? 0;
};

/** The farm's subscription row, held for the change (a renewal and a cancel never cross). */
export const lockActiveSubscription = async (
  tx: Queryable,
  farmId: number,
): Promise<SubscriptionRecord | undefined> =>
  (
    await tx.query<SubscriptionRecord>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE farm_id = $1 AND ended_at IS NULL FOR UPDATE`,
      [farmId],
    )
  )[0];
