// Issue 33, point 2: a heat's badges end when the insemination is recorded, and "Expected calving near" when
// the calving is.
import type { Page } from 'playwright-core';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { describe, expect, inject, it } from 'vitest';
import { publishAsDemoGateway } from '../setup/demo-gateway';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, callApi, farmCows, type ApiSession } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Reading {
  sensor: number;
  num: number;
  timedate: string;
  temp: number;
  activity: number;
}

/**
 * Nine ordinary days of a steady 40 steps every ten minutes, then a heat: three times as active for the
 * last 15 hours (the detector's +50 % over 12 hours, carried by six raised hours and more). Her insemination
 * window, onset + 13 h to + 24 h, is open now.
 */
const heatReadings = (sensor: number, end: number): Reading[] => {
  const readings: Reading[] = [];
  let num = 1;
  for (let time = end - 9 * DAY; time <= end; time += 10 * MINUTE) {
    const inHeat = time > end - 15 * HOUR;
    readings.push({
      sensor,
      num: num++,
      timedate: new Date(time).toISOString(),
      temp: 38.6,
      activity: inHeat ? 120 : 40,
    });
  }
  return readings;
};

const noticeParams = (session: ApiSession) => ({
  country: session.user.country,
  FarmNumber: session.user.FarmNumber,
  phone: session.user.phone,
});

/** Waits for the server's notice of this code for the cow (the detector works after the readings arrive). */
const waitForNotice = async (session: ApiSession, cowId: number, code: number): Promise<void> => {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const { all } = await callApi(session, api.notices.getNoticeData, { params: noticeParams(session) });
    if (all.some((notice) => notice.cowid === cowId && notice.noticecode === code)) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`no notice ${code} for cow ${cowId} within 60 s`);
};

const openCow = async (page: Page, cow: Cow) => {
  await page.goto(`/pages/index/cow?id=${cow.id}`);
  await page.getByRole('heading', { name: cow.code, level: 2 }).waitFor();
};

describe.skipIf(skipReason() !== '')('heat and calving badges end with their event', () => {
  const phone = phonePagePerTest();

  it('"Inseminate now" shows in a heat and is gone once the insemination is recorded', async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    const sensor = inject('ownReadingsSensors').heat;
    const cow = (await farmCows(session)).find((candidate) => candidate.sensor === sensor);
    if (!cow) throw new Error(`no cow wears sensor ${sensor}`);
    const topic = `${inject('mqttTopicRoot')}/${session.user.country}/${session.user.FarmNumber}/readings`;
    await publishAsDemoGateway(topic, heatReadings(sensor, Date.now()));
    await waitForNotice(session, cow.id, 101);

    await logInThroughScreen(phone.page);
    await openCow(phone.page, cow);
    const badge = phone.page.getByTestId('heat-badge');
    expect(await badge.textContent()).toBe('Inseminate now');
    // The cow list says the same.
    await phone.page.goto('/');
    await phone.page.getByLabel('Search cows by code').fill(cow.code);
    const row = phone.page.locator(`[data-testid="cow-row"][data-code="${cow.code}"]`);
    await row.waitFor();
    expect(await row.getByTestId('heat-badge').textContent()).toBe('Inseminate now');

    await openCow(phone.page, cow);
    await phone.page.getByRole('link', { name: 'Record insemination' }).click();
    const form = phone.page.getByRole('form', { name: 'Fertilization' });
    await form.getByLabel('Fertilization method').selectOption({ label: 'Artificial insemination' });
    await form.getByRole('button', { name: 'Save record' }).click();
    await phone.page.waitForURL('**/pages/index/hsty?**');

    await openCow(phone.page, cow);
    const header = phone.page.getByRole('heading', { name: cow.code, level: 2 }).locator('..');
    await header.getByText('Pregnancy confirm', { exact: true }).waitFor();
    expect(await phone.page.getByTestId('heat-badge').count()).toBe(0);
    expect(await phone.page.getByRole('link', { name: 'Record insemination' }).count()).toBe(0);
    await phone.page.goto('/');
    await phone.page.getByLabel('Search cows by code').fill(cow.code);
    await row.waitFor();
    expect(await row.getByTestId('heat-badge').count()).toBe(0);
  });

  it('"Expected calving near" is gone from her page once the calving is recorded', async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    const { allb } = await callApi(session, api.notices.getNoticeDatab, { params: noticeParams(session) });
    const cows = await farmCows(session);
    const pregnant = new Map(cows.filter((cow) => cow.status === '임신').map((cow) => [cow.id, cow]));
    const reminded = allb.find((notice) => notice.noticecode === 603 && pregnant.has(notice.cowid ?? 0));
    const cow = reminded && pregnant.get(reminded.cowid ?? 0);
    if (!cow) throw new Error('the demo farm has no pregnant cow reminded of her calving');

    await logInThroughScreen(phone.page);
    await openCow(phone.page, cow);
    const alerts = phone.page.getByRole('region', { name: 'Recent alerts' });
    await alerts.getByText('Expected calving near').first().waitFor();

    await phone.page.goto(`/pages/index/addhsty?id=${cow.id}&kind=calving`);
    const form = phone.page.getByRole('form', { name: 'Calving' });
    await form.getByLabel('Calving method').selectOption({ label: 'Normal' });
    await form.getByLabel('Calving result').selectOption({ label: 'Stillbirth' });
    await form.getByRole('button', { name: 'Save record' }).click();
    await phone.page.waitForURL('**/pages/index/hsty?**');

    await openCow(phone.page, cow);
    await phone.page.getByText('Lactation', { exact: true }).first().waitFor();
    await alerts.waitFor();
    expect(await alerts.getByText('Expected calving near').count()).toBe(0);
  });
});
