// The rules of the farm's money (issue 36): how an order moves between states, and how a monthly plan is
// prorated. Amounts are integer minor units; days are UTC calendar days (YYYY-MM-DD).

export type OrderState = 'created' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded';
export type PaymentOutcome = 'pending' | 'paid' | 'failed' | 'cancelled';

/**
 * The state an order moves to when its provider reports `outcome`, or null when that changes nothing: an
 * event delivered twice, or late (a "pending" after "paid"). Money received wins: "paid" after a decline or
 * an expiry is booked, since the provider holds the money; nothing moves a paid order back.
 */
export const orderStateAfter = (current: OrderState, outcome: PaymentOutcome): OrderState | null => {
  switch (outcome) {
    case 'paid':
      return current === 'paid' || current === 'refunded' ? null : 'paid';
    case 'pending':
      return current === 'created' ? 'pending' : null;
    case 'failed':
    case 'cancelled':
      return current === 'created' || current === 'pending' ? outcome : null;
  }
};

export type PlanPricing = 'per_cow' | 'flat';

/** A whole month of a plan: per cow, times the cows wearing a sensor; flat, the price. */
export const monthlyPlanCharge = (pricing: PlanPricing, priceMinor: number, monitoredCows: number): number =>
  pricing === 'per_cow' ? priceMinor * monitoredCows : priceMinor;

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The first day of the month after `day`'s. */
export const nextMonthStart = (day: string): string => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

export interface PlanPeriod {
  periodStart: string;
  /** The first day not paid for: the next month's first. */
  periodEnd: string;
  chargeMinor: number;
}

/**
 * The period bought by subscribing on `today`: from today to the month's end, its charge the month's price
 * times the share of the month's days left (today counted), rounded down (the farm never pays a fraction
 * of a minor unit more).
 */
export const firstPeriod = (monthlyMinor: number, today: string): PlanPeriod => {
  const monthStart = `${today.slice(0, 7)}-01`;
  const periodEnd = nextMonthStart(today);
  const daysInMonth = dayNumber(periodEnd) - dayNumber(monthStart);
  const daysLeft = dayNumber(periodEnd) - dayNumber(today);
  return { periodStart: today, periodEnd, chargeMinor: Math.floor((monthlyMinor * daysLeft) / daysInMonth) };
};

/** The unused share of a period's charge when it ends on `today` (today counted as used), rounded down. */
export const unusedCharge = (period: PlanPeriod, today: string): number => {
  const periodDays = dayNumber(period.periodEnd) - dayNumber(period.periodStart);
  const unusedDays = Math.min(periodDays, Math.max(0, dayNumber(period.periodEnd) - dayNumber(today) - 1));
  return periodDays <= 0 ? 0 : Math.floor((period.chargeMinor * unusedDays) / periodDays);
};
