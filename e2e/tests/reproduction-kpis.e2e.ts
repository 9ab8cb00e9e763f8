// Issue 40: the dashboard's reproduction KPIs on the demo farm are the figures a herd manager would work out
// from the farm's own records. The test reads every cow's history through the API and counts by hand, with
// the rules of docs/kpis.md written out plainly here, then compares with what the screen shows.
import { api } from '@cowcare/contract/api';
import type { CowHistoryItem } from '@cowcare/contract/routes/cows';
import { addDays, daysBetween } from '@cowcare/domain/calendar-date';
import { describe, expect, it } from 'vitest';
import { DEMO_FARM_UTC_OFFSET } from '../../apps/server/src/seed/demo-cow-story';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, callApi, farmCows, type ApiSession } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const OFFSET_HOURS = Number(DEMO_FARM_UTC_OFFSET.slice(0, 3));
/** The farm's own day of a moment the history gives in UTC: the day the farmer recorded it on. */
const farmDay = (utc: string) =>
  new Date(Date.parse(utc) + OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);

const pad = (value: number) => String(value).padStart(2, '0');
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

interface Service {
  cow: string;
  date: string;
  first: boolean;
  outcome: 'pregnant' | 'open' | 'pending';
}

/** A calving confirms a service when it comes 285 ± 30 days after it. */
const confirmsService = (service: string, calving: string) =>
  Math.abs(daysBetween(addDays(service, 285), calving)) <= 30;

/**
 * Every service of a cow, judged by what was recorded after it and before her next one. A first service is
 * the first after a recorded calving, or a heifer's first; a cow bought in calved has none until she calves.
 */
function servicesOf(code: string, parity: number, history: readonly CowHistoryItem[]): Service[] {
  const calvings = history.flatMap((item) =>
    item.kind === 'calving' && item.result !== 'abort' ? [farmDay(item.time)] : [],
  );
  const abortions = history.flatMap((item) =>
    (item.kind === 'calving' && item.result === 'abort') ||
    (item.kind === 'pregnancy' && item.result === 'abort')
      ? [farmDay(item.time)]
      : [],
  );
  const checks = history.flatMap((item) =>
    item.kind === 'pregnancy' ? [{ date: farmDay(item.time), result: item.result }] : [],
  );
  const services = history
    .flatMap((item) => (item.kind === 'fertilization' ? [item.effectiveServiceDate] : []))
    .sort();
  return services.map((date, index) => {
    const next = services[index + 1] ?? '9999-12-31';
    const between = (day: string) => day > date && day < next;
    const lastCalving = calvings
      .filter((day) => day < date)
      .sort()
      .at(-1);
    const first =
      lastCalving === undefined
        ? parity === calvings.length && index === 0
        : !services.slice(0, index).some((earlier) => earlier > lastCalving);
    const lastCheck = checks
      .filter((check) => between(check.date))
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1);
    const pregnant =
      calvings.some((day) => between(day) && confirmsService(date, day)) ||
      abortions.some(between) ||
      lastCheck?.result === 'pregnant';
    const outcome = pregnant ? 'pregnant' : lastCheck || index + 1 < services.length ? 'open' : 'pending';
    return { cow: code, date, first, outcome };
  });
}

const historyOf = (session: ApiSession, id: number) =>
  callApi(session, api.cows.cowHistory, { params: { id } });

const percent = (numerator: number, denominator: number) =>
  `${((numerator / denominator) * 100).toFixed(1).replace(/\.0$/, '')} %`;

describe.skipIf(skipReason() !== '')('the reproduction dashboard (issue 40)', () => {
  const phone = phonePagePerTest();

  it("shows the demo farm's conception figures as counted by hand from its records, and the cows behind them", async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    const today = localToday();
    const from = `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`;
    const cows = await farmCows(session);
    const services = (
      await Promise.all(
        cows.map(async (cow) => servicesOf(cow.code, cow.parity, await historyOf(session, cow.id))),
      )
    )
      .flat()
      .filter((service) => service.date >= from && service.date <= today);
    const judged = services.filter((service) => service.outcome !== 'pending');
    const pregnant = judged.filter((service) => service.outcome === 'pregnant');
    const firstJudged = judged.filter((service) => service.first);
    const firstPregnant = firstJudged.filter((service) => service.outcome === 'pregnant');
    // The demo farm has enough history for every one of these to mean something.
    expect(judged.length).toBeGreaterThan(5);
    expect(pregnant.length).toBeGreaterThan(0);

    await logInThroughScreen(phone.page);
    await phone.page.goto('/pages/index/dashboard');
    const card = (name: string) => phone.page.getByTestId(`kpi-${name}`);
    await expect
      .poll(() => phone.page.getByTestId('kpi-conceptionRate-value').textContent())
      .toBe(percent(pregnant.length, judged.length));
    expect(await card('conceptionRate').textContent()).toContain(`${pregnant.length} of ${judged.length}`);
    expect(await card('firstServiceConceptionRate').textContent()).toContain(
      `${firstPregnant.length} of ${firstJudged.length}`,
    );
    expect(await phone.page.getByTestId('kpi-servicesPerConception-value').textContent()).toBe(
      (judged.length / pregnant.length).toFixed(1),
    );

    await card('conceptionRate').click();
    await phone.page.waitForURL(/\/pages\/index\/kpi\?name=conceptionRate/);
    const counted = phone.page.getByTestId('kpi-numerator-cows').getByRole('link');
    await expect
      .poll(async () => (await counted.allTextContents()).sort())
      .toEqual([...new Set(pregnant.map((service) => service.cow))].sort());
    await expect
      .poll(() => phone.page.getByTestId('chart-kpi-trend-summary').textContent())
      .toContain('Target: 50');
  });
});
