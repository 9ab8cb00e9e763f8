import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhoneContext, skipReason, watchPageErrors } from '../setup/browser';
import { DEMO, logInThroughScreen } from '../setup/session';

describe.skipIf(skipReason() !== '')('login and the access guard', () => {
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

  it.each([
    '/',
    '/pages/index/notice',
    '/pages/index/webuser',
    '/pages/overviews/datagl',
    '/choose-location',
  ])('sends a visitor without authorization from %s to the login page', async (path) => {
    await page.goto(path);
    await page.waitForURL('**/pages/login/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });

  it('lets the login pages through without authorization', async () => {
    for (const path of ['/pages/login/register', '/pages/login/service', '/pages/login/yinsi']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('shows the three login messages of the spec', async () => {
    await page.goto('/pages/login/login');
    const login = page.getByRole('button', { name: 'Login', exact: true });

    await login.click();
    await page.getByText('Please enter username and password', { exact: true }).waitFor();

    await page.getByLabel('Username').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await login.click();
    await page.getByText('Please check the box to agree', { exact: true }).waitFor();

    await page.getByLabel('Read and Agree').check();
    await login.click();
    await page.getByText('Incorrect username or password', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pages/login/login');
  });

  it('logs in to the home page with the three tabs in order, and the tabs switch pages', async () => {
    await logInThroughScreen(page);
    expect(new URL(page.url()).pathname).toBe('/');
    const tabs = page.getByRole('navigation', { name: 'Main sections' }).getByRole('link');
    // Each tab shows an icon above its label; the label is the last line.
    const labels = (await tabs.allInnerTexts()).map((text) => text.split('\n').at(-1)?.trim());
    expect(labels).toEqual(['Cows', 'Notices', 'Data']);
    await tabs.nth(1).click();
    await page.waitForURL('**/pages/index/notice');
    await tabs.nth(2).click();
    await page.waitForURL('**/pages/index/data');
    await tabs.nth(0).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/index/index');
  });

  it('keeps the session across a browser restart only with Automatic Logon', async () => {
    await logInThroughScreen(page);
    expect(await page.evaluate(() => localStorage.getItem('cowcare.token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('cowcare.token'))).not.toBeNull();

    const rememberingContext = await newPhoneContext(browser);
    const rememberingPage = await rememberingContext.newPage();
    await logInThroughScreen(rememberingPage, DEMO, { remember: true });
    expect(await rememberingPage.evaluate(() => localStorage.getItem('cowcare.token'))).not.toBeNull();
    // A restarted browser keeps localStorage but not sessionStorage: carry the state over to a new context.
    const restarted = await browser.newContext({
      storageState: await rememberingContext.storageState(),
      baseURL: baseUrl(),
    });
    await rememberingContext.close();
    const restartedPage = await restarted.newPage();
    await restartedPage.goto('/pages/index/webuser');
    await restartedPage.getByText(DEMO.username, { exact: true }).first().waitFor();
    expect(new URL(restartedPage.url()).pathname).toBe('/pages/index/webuser');
    await restarted.close();
  });

  it('goes back to the login page and stays there after logout, even with the back button', async () => {
    await logInThroughScreen(page);
    await page.goto('/pages/index/webuser');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/pages/login/login');
    await page.goBack();
    await page.waitForURL('**/pages/login/login');
    expect(await page.evaluate(() => sessionStorage.getItem('cowcare.token'))).toBeNull();
  });
});
