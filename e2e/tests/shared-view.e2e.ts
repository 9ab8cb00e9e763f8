// Issue 33, point 6: staff share one view. Two people of one farm have the app open, the owner and a staff
// member who joined with an invitation code: what one changes, the other sees at once, without reloading.
import type { BrowserContext, Page } from 'playwright-core';
import { nextExpectedEstrusDate } from '@cowcare/domain/reproduction-dates';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { api } from '@cowcare/contract/api';
import { addCow, apiLogIn, callApi, freshCowCode, shownDate } from '../setup/herd';
import { logInThroughScreen } from '../setup/session';

/** The unread count on the Notices tab, 0 when there is no badge. */
const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByRole('navigation', { name: 'Main sections' }).getByTestId('tab-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

/** Every navigation of the page from now on: a live update must not come as a reload. */
const navigationsOf = (page: Page): string[] => {
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return navigations;
};

describe.skipIf(skipReason() !== '')('two sessions of one farm share one view', () => {
  const phone = phonePagePerTest();
  let other: BrowserContext | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  /** A new staff member of the demo farm, joined with an owner's invitation code. */
  const demoStaff = async (): Promise<{ username: string; password: string }> => {
    const owner = await apiLogIn(baseUrl(), { username: 'demo', password: 'demo1234' });
    const { code } = await callApi(owner, api.staff.createInvitation);
    const credentials = { username: `staff${Date.now() % 1_000_000}`, password: 'staff password 1' };
    await callApi({ baseUrl: baseUrl() }, api.staff.joinFarm, {
      body: {
        invitationCode: code,
        ...credentials,
        name: 'Barn Staff',
        phone: '010-5555-0000',
        language: 'en',
      },
    });
    return credentials;
  };

  /** Context A is the test's page, the owner's; context B a second browser, a staff member's. */
  const twoSessions = async (): Promise<{ a: Page; b: Page; bErrors: string[] }> => {
    other = await newPhoneContext(phone.browser);
    const b = await other.newPage();
    const bErrors: string[] = [];
    b.on('pageerror', (error) => bErrors.push(error.message));
    await logInThroughScreen(phone.page);
    await logInThroughScreen(b, await demoStaff());
    return { a: phone.page, b, bErrors };
  };

  it("an edit and a record made in one reach the other's open cow page", async () => {
    const demo = await apiLogIn(baseUrl(), { username: 'demo', password: 'demo1234' });
    const cow = await addCow(demo, { code: freshCowCode(), status: '발정탐지', sex: 'female', parity: 1 });
    const { a, b, bErrors } = await twoSessions();
    await b.goto(`/pages/index/cow?id=${cow.id}`);
    await b.getByRole('heading', { name: cow.code, level: 2 }).waitFor();
    expect(await b.getByTestId('date-expectedEstrus').textContent()).toBe('Not set');
    const bNavigations = navigationsOf(b);

    // A edits her: B's page shows the new sire.
    await a.goto(`/pages/index/cow?id=${cow.id}`);
    await a.getByRole('button', { name: 'Edit cow info' }).click();
    const edit = a.getByRole('dialog', { name: `Edit ${cow.code}` });
    await edit.getByLabel('Sire (bull or semen code)').fill('KPN-LIVE-7');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await b.getByText('KPN-LIVE-7', { exact: true }).waitFor({ timeout: 10_000 });

    // A records a heat: B's page shows the heat's expected next one.
    await a.getByRole('link', { name: 'Add record' }).click();
    await a.waitForURL('**/pages/index/addhsty?**');
    const estrus = a.getByRole('form', { name: 'Estrus' });
    const estrusDay = (await estrus.getByLabel('Estrus time').inputValue()).slice(0, 10);
    await estrus.getByRole('button', { name: 'Save record' }).click();
    await a.waitForURL('**/pages/index/hsty?**');
    await expect
      .poll(() => b.getByTestId('date-expectedEstrus').textContent(), { timeout: 10_000 })
      .toBe(shownDate(nextExpectedEstrusDate(estrusDay)));

    expect(bNavigations).toEqual([]);
    expect(bErrors).toEqual([]);
  });

  it("marking all read in one takes the other's badge to 0", async () => {
    const { a, b, bErrors } = await twoSessions();
    await b.waitForLoadState('networkidle');
    await expect.poll(() => badgeCount(b), { timeout: 10_000 }).toBeGreaterThan(0);
    const bNavigations = navigationsOf(b);

    await a.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: 'Notices' }).click();
    await a.waitForURL('**/pages/index/notice');
    for (const kind of ['Sensor & health', 'Reproduction']) {
      await a.getByText(kind, { exact: true }).click();
      const markAll = a.getByRole('button', { name: 'Mark all read' });
      if ((await markAll.count()) > 0) await markAll.click();
    }
    await expect.poll(() => badgeCount(a), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => badgeCount(b), { timeout: 10_000 }).toBe(0);
    expect(bNavigations).toEqual([]);
    expect(bErrors).toEqual([]);
  });
});
