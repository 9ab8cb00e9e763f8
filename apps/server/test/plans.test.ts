import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { Plans } from '@cowcare/contract/routes/plans';
import { runPlanRenewals } from '../src/modules/plans/renewal-job';
import { cancelSubscription, subscribe } from '../src/modules/plans/subscription-changes';
import type { AuthUser } from '../src/http/route-context';
import { emptyHerdsTypesAndWallets, insertFarmCow, openTwoFarms, topUpWallet } from './cows-fixtures';
import { call, type TestApp, type TestUser } from './helpers/test-app';
import { balanceOf, idempotencyKey, joinAsStaff, listOrdersOf } from './money-fixtures';

let testApp: TestApp;
let farmer: TestUser;
let stranger: TestUser;
let farmId: number;

beforeAll(async () => {
  ({ testApp, farmer, stranger, farmId } = await openTwoFarms());
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await emptyHerdsTypesAndWallets(testApp);
  await testApp.db.query('DELETE FROM notices');
});

const plansOf = async (user: TestUser): Promise<Plans> => {
  const response = await call(testApp, api.plans.listPlans, {
    token: user.token,
    params: { userId: user.id },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Plans }>().data;
};

const planId = async (code: string) =>
  (await plansOf(farmer)).plans.find((plan) => plan.code === code)?.id ?? 0;

let sensorSequence = 30_000;

/** Cows wearing a sensor: what a per-cow plan counts. */
const monitoredCows = async (count: number) => {
  for (let index = 0; index < count; index += 1) {
    const cowId = await insertFarmCow(testApp, farmId);
    sensorSequence += 1;
    await testApp.db.query('UPDATE cows SET sensor_id = $2 WHERE id = $1', [cowId, sensorSequence]);
  }
};

/** The farmer as the handlers see them, to run a change on a chosen day. */
const asHandler = (): AuthUser => ({
  userId: farmer.id,
  farmId,
  role: 'owner',
  country: farmer.country,
  farmNumber: farmer.farmNumber,
  sessionId: 'test',
});

/** The farmer subscribes to the plan of `code` on `day`, as the route's handler does. */
const subscribeOn = async (code: string, day: string) =>
  subscribe(
    testApp.services,
    asHandler(),
    { planId: await planId(code), idempotencyKey: idempotencyKey() },
    day,
  );

const noticeCodes = async () =>
  (
    await testApp.db.query<{ code: number }>('SELECT code FROM notices WHERE farm_id = $1 ORDER BY id', [
      farmId,
    ])
  ).map((row) => row.code);

describe('the plans, in the farm currency', () => {
  it('lists the plans with what a month would cost the farm now', async () => {
    await monitoredCows(3);
    const plans = await plansOf(farmer);
    expect(plans).toMatchObject({ currency: 'KRW', currencyDigits: 0, monitoredCows: 3, subscription: null });
    expect(plans.plans.map((plan) => [plan.code, plan.pricing, plan.price, plan.monthlyCharge])).toEqual([
      ['per-cow', 'per_cow', 2000, 6000],
      ['herd-100', 'flat', 150_000, 150_000],
      ['herd-500', 'flat', 600_000, 600_000],
    ]);
  });

  it('answers 401 without a token, 403 for another farm’s user, 400 for a bad body', async () => {
    expect((await call(testApp, api.plans.listPlans, { params: { userId: farmer.id } })).statusCode).toBe(
      401,
    );
    for (const route of [api.plans.listPlans, api.plans.subscribePlan, api.plans.cancelPlan]) {
      const response = await call(testApp, route, {
        token: stranger.token,
        params: { userId: farmer.id },
        body: { planId: 1, idempotencyKey: idempotencyKey() },
      });
      expect(response.statusCode).toBe(403);
    }
    const bad = await call(testApp, api.plans.subscribePlan, {
      token: farmer.token,
      params: { userId: farmer.id },
      body: { planId: 'one', idempotencyKey: idempotencyKey() },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('subscribing from the wallet', () => {
  it('charges the rest of the month (21 Nov: 10 of 30 days), books it as a paid order with notice 903', async () => {
    await topUpWallet(testApp, farmId, 200_000);
    const order = await subscribeOn('herd-100', '2026-11-21');
    expect(order).toMatchObject({ kind: 'subscribe', state: 'paid', amountMinor: 50_000, method: 'wallet' });
    expect(await balanceOf(testApp, farmer)).toBe(150_000);
    const { subscription } = await plansOf(farmer);
    expect(subscription).toMatchObject({
      planName: 'Herd up to 100 cows',
      periodStart: '2026-11-21',
      periodEnd: '2026-12-01',
      nextCharge: 150_000,
    });
    expect(await noticeCodes()).toEqual([903]);
  });

  it('refuses with 409 and changes nothing when the wallet does not cover it', async () => {
    await topUpWallet(testApp, farmId, 1_000);
    const response = await call(testApp, api.plans.subscribePlan, {
      token: farmer.token,
      params: { userId: farmer.id },
      body: { planId: await planId('herd-500'), idempotencyKey: idempotencyKey() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'E_INSUFFICIENT_BALANCE' });
    expect(await balanceOf(testApp, farmer)).toBe(1_000);
    expect((await plansOf(farmer)).subscription).toBeNull();
    expect(await listOrdersOf(testApp, farmer)).toEqual([]);
  });

  it('answers the same order to a repeated call, charging once', async () => {
    await topUpWallet(testApp, farmId, 1_000_000);
    const body = { planId: await planId('herd-100'), idempotencyKey: idempotencyKey() };
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(testApp, api.plans.subscribePlan, { token: farmer.token, params: { userId: farmer.id }, body }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(
      new Set(answers.map((answer) => answer.json<{ data: { order: { id: number } } }>().data.order.id)).size,
    ).toBe(1);
    expect((await listOrdersOf(testApp, farmer)).filter((order) => order.kind === 'subscribe')).toHaveLength(
      1,
    );
  });

  it('refuses a flat plan smaller than the herd it would monitor', async () => {
    await topUpWallet(testApp, farmId, 10_000_000);
    await testApp.db.query("UPDATE plans SET max_cows = 2 WHERE code = 'herd-100'");
    try {
      await monitoredCows(3);
      const response = await call(testApp, api.plans.subscribePlan, {
        token: farmer.token,
        params: { userId: farmer.id },
        body: { planId: await planId('herd-100'), idempotencyKey: idempotencyKey() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ msg: string }>().msg).toContain('covers 2 cows');
    } finally {
      await testApp.db.query("UPDATE plans SET max_cows = 100 WHERE code = 'herd-100'");
    }
  });

  it('moves to another plan: the unused days of the old one back, the new one charged, in one go', async () => {
    await topUpWallet(testApp, farmId, 1_000_000);
    await subscribeOn('herd-100', '2026-11-21');
    // 25 Nov: 5 of the 10 paid days unused (25th counted as used) -> 25,000 back; herd-500 for 6 of 30 days.
    await subscribeOn('herd-500', '2026-11-25');
    expect(
      (await listOrdersOf(testApp, farmer)).map((order) => [order.kind, order.state, order.amount]),
    ).toEqual([
      ['subscribe', 'paid', 120_000],
      ['cancel', 'refunded', 25_000],
      ['subscribe', 'paid', 50_000],
    ]);
    expect(await balanceOf(testApp, farmer)).toBe(1_000_000 - 50_000 + 25_000 - 120_000);
    expect((await plansOf(farmer)).subscription?.planName).toBe('Herd up to 500 cows');
  });

  it('cancels with the unused days refunded, and 404 when there is nothing to cancel', async () => {
    await topUpWallet(testApp, farmId, 200_000);
    await subscribeOn('herd-100', '2026-11-21');
    const order = await cancelSubscription(testApp.services, asHandler(), idempotencyKey(), '2026-11-21');
    expect(order).toMatchObject({ kind: 'cancel', state: 'refunded', amountMinor: 45_000 });
    expect(await balanceOf(testApp, farmer)).toBe(200_000 - 50_000 + 45_000);
    expect((await plansOf(farmer)).subscription).toBeNull();
    const none = await call(testApp, api.plans.cancelPlan, {
      token: farmer.token,
      params: { userId: farmer.id },
      body: { idempotencyKey: idempotencyKey() },
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('the monthly renewal job', () => {
  it('charges the whole month on the 1st at today’s count, once however often it runs, with notice 903', async () => {
    await topUpWallet(testApp, farmId, 100_000);
    await monitoredCows(4);
    await subscribeOn('per-cow', '2026-11-21');
    expect(await balanceOf(testApp, farmer)).toBe(100_000 - Math.floor((8_000 * 10) / 30));
    const before = await balanceOf(testApp, farmer);
    await monitoredCows(1);
    await runPlanRenewals(testApp.services, '2026-12-01');
    await runPlanRenewals(testApp.services, '2026-12-01');
    await runPlanRenewals(testApp.services, '2026-12-15');
    expect(await balanceOf(testApp, farmer)).toBe(before - 10_000);
    const renewals = (await listOrdersOf(testApp, farmer)).filter((order) => order.kind === 'renewal');
    expect(renewals.map((order) => [order.state, order.amount])).toEqual([['paid', 10_000]]);
    expect((await plansOf(farmer)).subscription).toMatchObject({
      periodStart: '2026-12-01',
      periodEnd: '2027-01-01',
    });
    expect((await noticeCodes()).filter((code) => code === 903)).toHaveLength(2);
  });

  it('renews each missed month when the job was down, and ends the plan with notice 901 when the wallet runs dry', async () => {
    await topUpWallet(testApp, farmId, 200_000);
    await subscribeOn('herd-100', '2026-11-21');
    await runPlanRenewals(testApp.services, '2027-02-10');
    // December paid (150,000 of the 150,000 left); January not covered: the plan ends, nothing is overdrawn.
    expect((await listOrdersOf(testApp, farmer)).map((order) => [order.kind, order.state])).toEqual([
      ['renewal', 'failed'],
      ['renewal', 'paid'],
      ['subscribe', 'paid'],
    ]);
    expect(await balanceOf(testApp, farmer)).toBe(0);
    expect((await plansOf(farmer)).subscription).toBeNull();
    expect((await noticeCodes()).filter((code) => code === 901)).toHaveLength(1);
  });

  it('warns once with notice 901 in the week before a renewal the wallet will not cover', async () => {
    await topUpWallet(testApp, farmId, 60_000);
    await subscribeOn('herd-100', '2026-11-21');
    await runPlanRenewals(testApp.services, '2026-11-22'); // more than a week ahead: quiet
    expect(await noticeCodes()).toEqual([903]);
    await runPlanRenewals(testApp.services, '2026-11-25');
    await runPlanRenewals(testApp.services, '2026-11-26');
    expect(await noticeCodes()).toEqual([903, 901]);
  });
});

describe('money notices are the owners’', () => {
  it('keeps 901-903 out of a staff member’s notice list while the owner sees them', async () => {
    await topUpWallet(testApp, farmId, 200_000);
    await subscribeOn('herd-100', '2026-11-21');
    const staff = await joinAsStaff(testApp, farmer);
    const codesFor = async (token: string, phone: string) => {
      const response = await call(testApp, api.notices.getNoticeData, {
        token,
        params: { country: farmer.country, FarmNumber: farmer.farmNumber, phone },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ data: { all: { noticecode: number }[] } }>()
        .data.all.map((notice) => notice.noticecode);
    };
    expect(await codesFor(farmer.token, '010-1234-5678')).toContain(903);
    expect(await codesFor(staff.token, '010-5555-0001')).not.toContain(903);
  });
});
