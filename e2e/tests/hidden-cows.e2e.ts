import { describe, expect, it } from 'vitest';
import { violations } from '../setup/axe';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, listSummary } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

describe.skipIf(skipReason() !== '')('a new cow never vanishes from the list', () => {
  const phone = phonePagePerTest();

  it('says the default filter hides a cow without a sensor, shows her on request, and search finds her', async () => {
    const { page } = phone;
    const credentials = await registerUser(baseUrl(), 'hid');
    const session = await apiLogIn(baseUrl(), credentials);
    const cow = await addCow(session, {
      code: 'C4001',
      status: '발정탐지',
      sex: 'female',
      birthday: '2023-01-02',
    });
    expect(cow.sensor).toBeNull();

    await logInThroughScreen(page, credentials);
    // The spec's default filter (offline sensors unchecked) stays: she is not listed, and the list says why.
    const hidden = page.getByTestId('hidden-by-filters');
    await expect
      .poll(() => hidden.innerText(), { timeout: 10_000 })
      .toBe('1 cow hidden by filters: 1 without a sensor · Show them');
    expect(await listSummary(page).innerText()).toBe('Showing 0 of 1 cows');
    expect(await page.getByTestId('cow-row').count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    await hidden.getByRole('button', { name: 'Show them' }).click();
    await page.locator('[data-testid="cow-row"][data-code="C4001"]').waitFor();
    expect(await listSummary(page).innerText()).toBe('Showing 1 of 1 cows');
    expect(await hidden.count()).toBe(0);

    // The search page finds every cow, whatever the list's filters: back to the default, she is still found.
    await page.getByRole('button', { name: /^Filter/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter cows' });
    const states = drawer.getByRole('group', { name: 'Sensor state' });
    await states.getByText('Offline', { exact: true }).click();
    await expect
      .poll(() => states.getByRole('checkbox', { name: 'Offline', exact: true }).isChecked())
      .toBe(false);
    await drawer.getByRole('button', { name: 'Show cows' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await hidden.waitFor();
    await page.getByRole('link', { name: 'Search' }).click();
    await page.waitForURL('**/pages/index/indexsc');
    await page.getByLabel('Code or sensor id').fill('4001');
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: 'C4001' }).click();
    await page.waitForURL(`**/pages/index/cow?id=${cow.id}`);
  });
});
