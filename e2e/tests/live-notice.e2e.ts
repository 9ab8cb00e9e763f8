import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { feverReadings, publishAsDemoGateway } from '../setup/demo-gateway';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, farmCows } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByRole('navigation', { name: 'Main sections' }).getByTestId('tab-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

describe.skipIf(skipReason() !== '')('live notices', () => {
  const phone = phonePagePerTest();

  it('shows a fever published over MQTT in the notice tab without a reload', async () => {
    const session = await apiLogIn(baseUrl(), DEMO);
    // A neck collar the herd's replay left silent: these readings are the first it sends.
    const sensor = inject('ownReadingsSensors').fever;
    const cow = (await farmCows(session)).find(
      (candidate) => candidate.sensor === sensor && candidate.status !== '도태',
    );
    if (!cow?.sensor) throw new Error(`no cow wears sensor ${sensor}`);

    await logInThroughScreen(phone.page);
    await phone.page
      .getByRole('navigation', { name: 'Main sections' })
      .getByRole('link', { name: 'Notices' })
      .click();
    await phone.page.waitForURL('**/pages/index/notice');
    await phone.page.waitForLoadState('networkidle');
    const rows = phone.page.getByTestId('notice-row');
    const idsBefore = await rows.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-notice-id')),
    );
    const badgeBefore = await badgeCount(phone.page);
    const navigations: string[] = [];
    phone.page.on('framenavigated', (frame) => {
      if (frame === phone.page.mainFrame()) navigations.push(frame.url());
    });

    const topic = `${inject('mqttTopicRoot')}/${session.user.country}/${session.user.FarmNumber}/readings`;
    await publishAsDemoGateway(topic, feverReadings(cow.sensor, Date.now()));

    const fresh = phone.page.locator(
      `[data-testid="notice-row"]${idsBefore.map((id) => `:not([data-notice-id="${id}"])`).join('')}`,
    );
    await fresh.filter({ hasText: cow.code }).first().waitFor({ timeout: 30_000 });
    const row = fresh.filter({ hasText: cow.code }).first();
    expect(await row.textContent()).toMatch(
      new RegExp(`^Unread: (Slight|Moderate|Severe) fever.*${cow.code}`),
    );
    expect(await row.textContent()).toContain(String(cow.sensor));
    // The values that raised it arrive with it: the fever's level since it began, against her two days at
    // 38.6 °C.
    expect(await row.getByTestId('notice-detail').textContent()).toMatch(
      /^40\.3 °C since \d{1,2}:\d{2} [AP]M · her average 38\.6 °C$/,
    );
    await expect.poll(() => badgeCount(phone.page), { timeout: 10_000 }).toBe(badgeBefore + 1);
    expect(navigations).toEqual([]);
  });
});
