import type { Browser, BrowserContext, Page } from 'playwright-core';
import { catalog } from '@cowcare/locales/catalog';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, launchBrowser, newPhoneContext, skipReason, watchPageErrors } from '../setup/browser';
import { DEMO, expiredCopyOf, logInThroughScreen, registerUser } from '../setup/session';

describe.skipIf(skipReason() !== '')('session, language and account', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
  });
  afterEach(async () => {
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('switches the texts when the language changes', async () => {
    await page.goto('/pages/login/login');
    const english = catalog.en['auth.login.submit'];
    const korean = catalog.ko['auth.login.submit'];
    expect(korean).not.toBe(english);
    await page.getByRole('button', { name: english, exact: true }).waitFor();
    await page.getByLabel('Language').selectOption({ label: '한국어' });
    await page.getByRole('button', { name: korean, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^ko/);
  });

  it('refreshes an expired access token without the user noticing', async () => {
    await logInThroughScreen(page);
    const token = await page.evaluate(() => sessionStorage.getItem('cowcare.token'));
    expect(token).not.toBeNull();
    const expired = await expiredCopyOf(token ?? '');
    await page.evaluate((value) => sessionStorage.setItem('cowcare.token', value), expired);

    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/login/login/refreshTokenLoginApp')) refreshes.push(response.status());
    });
    await page.goto('/pages/index/webuser');
    await page.getByText(DEMO.username, { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/pages/index/webuser');
    expect(refreshes).toEqual([200]);
    const renewed = await page.evaluate(() => sessionStorage.getItem('cowcare.token'));
    // Not compared with the first token: a token re-issued within the same second is the same string.
    expect(renewed).not.toBe(expired);
  });

  it('sends an outdated app to the version page with the required version', async () => {
    const outdatedContext = await newPhoneContext(browser, inject('outdatedClientBaseUrl'));
    const outdatedPage = await outdatedContext.newPage();
    await outdatedPage.goto('/pages/login/login');
    await outdatedPage.getByLabel('Username').fill(DEMO.username);
    await outdatedPage.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await outdatedPage.getByLabel('Read and Agree').check();
    await outdatedPage.getByRole('button', { name: 'Login', exact: true }).click();
    await outdatedPage.waitForURL('**/pages/login/version');
    await outdatedPage.getByText('1.6.0').waitFor();
    await outdatedContext.close();
  });

  it('shows the change-password messages, then asks to log in again after a change', async () => {
    const user = await registerUser(baseUrl(), 'pw');
    await logInThroughScreen(page, user);
    await page.goto('/pages/index/webuser');
    const fill = async (original: string, fresh: string, confirm: string) => {
      await page.getByLabel('Original password').fill(original);
      await page.getByLabel('New password', { exact: true }).fill(fresh);
      await page.getByLabel('Confirm new password').fill(confirm);
      await page.getByRole('button', { name: 'Change password' }).click();
    };

    await fill('not my password', 'brand new password', 'brand new password');
    await page.getByText('The original password is incorrect. Please re-enter.').waitFor();
    await fill(user.password, 'brand new password', 'brand new passw0rd');
    await page.getByText('The new password you entered twice is different. Please re-enter.').waitFor();
    await fill(user.password, user.password, user.password);
    await page
      .getByText('The new password cannot be the same as the original one. Please re-enter.')
      .waitFor();

    await fill(user.password, 'brand new password', 'brand new password');
    await page.getByText('Your password has been changed. Click OK and log in again.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/pages/login/login');
    await logInThroughScreen(page, { username: user.username, password: 'brand new password' });
  });

  it('saves the pregnancy-check days only after the boss password is verified', async () => {
    await logInThroughScreen(page);
    await page.goto('/pages/index/userset');
    const hormone = page.getByLabel('Hormone');
    await hormone.fill('52');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Management password').fill('wrong boss password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('The management password is incorrect.').waitFor();
    await dialog.getByLabel('Management password').fill('boss1234');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.reload();
    await expect(page.getByLabel('Hormone').inputValue()).resolves.toBe('52');
  });
});
