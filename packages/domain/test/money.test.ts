import { describe, expect, it } from 'vitest';
import {
  firstPeriod,
  monthlyPlanCharge,
  nextMonthStart,
  orderStateAfter,
  unusedCharge,
  type OrderState,
} from '../src/money';

describe('an order moves once, whatever order its events come in', () => {
  it('books money received even after a decline or an expiry, and never twice', () => {
    const states: OrderState[] = ['created', 'pending', 'failed', 'cancelled'];
    for (const state of states) expect(orderStateAfter(state, 'paid')).toBe('paid');
    expect(orderStateAfter('paid', 'paid')).toBeNull();
    expect(orderStateAfter('refunded', 'paid')).toBeNull();
  });

  it('never moves a paid order back on a late failure, expiry or pending event', () => {
    expect(orderStateAfter('paid', 'failed')).toBeNull();
    expect(orderStateAfter('paid', 'cancelled')).toBeNull();
    expect(orderStateAfter('paid', 'pending')).toBeNull();
    expect(orderStateAfter('failed', 'cancelled')).toBeNull();
  });

  it('fails or cancels an open order, and marks a created one pending', () => {
    expect(orderStateAfter('created', 'failed')).toBe('failed');
    expect(orderStateAfter('pending', 'cancelled')).toBe('cancelled');
    expect(orderStateAfter('created', 'pending')).toBe('pending');
    expect(orderStateAfter('pending', 'pending')).toBeNull();
  });
});

describe('a monthly plan', () => {
  it('costs the price per monitored cow, or the flat price', () => {
    expect(monthlyPlanCharge('per_cow', 2000, 37)).toBe(74_000);
    expect(monthlyPlanCharge('flat', 150_000, 37)).toBe(150_000);
  });

  it('charges the days left of the month when subscribed on the 21st of November (10 of 30 days)', () => {
    expect(firstPeriod(150_000, '2026-11-21')).toEqual({
      periodStart: '2026-11-21',
      periodEnd: '2026-12-01',
      chargeMinor: 50_000,
    });
  });

  it('charges the whole month on the 1st, rounds a fraction down, and turns over the year', () => {
    expect(firstPeriod(11_000, '2026-12-01').chargeMinor).toBe(11_000);
    expect(firstPeriod(100, '2027-02-27')).toEqual({
      periodStart: '2027-02-27',
      periodEnd: '2027-03-01',
      chargeMinor: 7,
    });
    expect(nextMonthStart('2026-12-31')).toBe('2027-01-01');
  });

  it('refunds the unused days when cancelled, today counted as used', () => {
    const period = { periodStart: '2026-11-21', periodEnd: '2026-12-01', chargeMinor: 50_000 };
    expect(unusedCharge(period, '2026-11-21')).toBe(45_000); // 9 of 10 days unused
    expect(unusedCharge(period, '2026-11-30')).toBe(0);
    expect(unusedCharge({ ...period, chargeMinor: 333 }, '2026-11-25')).toBe(166); // 5/10 of 333, down
  });
});
