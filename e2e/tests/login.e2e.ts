import { describe, expect, it } from 'vitest';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { DEMO, logInThroughScreen } from '../setup/session';

describe.skipIf(skipReason() !== '')('login and the access guard', () => {
  const phone = phonePagePerTest();

  it.each([
    '/',
    '/pages/index/notice',
    '/pages/index/webuser',
    '/pages/overviews/datagl',
    '/choose-location',
  ])(
    'sends a visitor without authorization from %s to the login page (a new install by the welcome)',
    async (path) => {
      // A new install meets the welcome first, once; it leads on to the login page.
      await phone.page.goto(path);
      await phone.page.waitForURL('**/pages/index/welcome');
      await phone.page.getByRole('heading', { name: 'What CowCare watches for' }).waitFor();
      await phone.page.getByRole('link', { name: 'I have an account: log in' }).click();
      await phone.page.waitForURL('**/pages/login/login');
      await phone.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      // From then on the guard sends this device to the login page, as spec §2 says.
      await phone.page.goto(path);
      await phone.page.waitForURL('**/pages/login/login');
      await phone.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    },
  );

  it('lets the login pages through without authorization', async () => {
    for (const path of ['/pages/login/register', '/pages/login/service', '/pages/login/yinsi']) {
      await phone.page.goto(path);
      await phone.page.waitForLoadState('networkidle');
      expect(new URL(phone.page.url()).pathname).toBe(path);
    }
  });

  it('shows the three login messages of the spec', async () => {
    await phone.page.goto('/pages/login/login');
    const login = phone.page.getByRole('button', { name: 'Login', exact: true });

    await login.click();
    await phone.page.getByText('Please enter username and password', { exact: true }).waitFor();

    await phone.page.getByLabel('Username').fill(DEMO.username);
    await phone.page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await login.click();
    await phone.page.getByText('Please check the box to agree', { exact: true }).waitFor();

    await phone.page.getByLabel('Read and Agree').check();
    await login.click();
    await phone.page.getByText('Incorrect username or password', { exact: true }).waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/pages/login/login');
  });

  it('logs in to the home page with the three tabs in order, and the tabs switch pages', async () => {
    await logInThroughScreen(phone.page);
    expect(new URL(phone.page.url()).pathname).toBe('/');
    const tabs = phone.page.getByRole('navigation', { name: 'Main sections' }).getByRole('link');
    // The home page loads its chunk after the URL changes: read the tabs once they are there.
    await tabs.last().waitFor();
    // Each tab shows an icon above its label; the label is the last line.
    const labels = (await tabs.allInnerTexts()).map((text) => text.split('\n').at(-1)?.trim());
    expect(labels).toEqual(['Cows', 'Notices', 'Data']);
    await tabs.nth(1).click();
    await phone.page.waitForURL('**/pages/index/notice');
    await tabs.nth(2).click();
    await phone.page.waitForURL('**/pages/index/data');
    await tabs.nth(0).click();
    await phone.page.waitForURL((url) => url.pathname === '/' || url.pathname === '/pages/index/index');
  });

  it('keeps the session across a browser restart only with Automatic Logon', async () => {
    await logInThroughScreen(phone.page);
    expect(await phone.page.evaluate(() => localStorage.getItem('cowcare.token'))).toBeNull();
    expect(await phone.page.evaluate(() => sessionStorage.getItem('cowcare.token'))).not.toBeNull();

    const rememberingContext = await newPhoneContext(phone.browser);
    const rememberingPage = await rememberingContext.newPage();
    await logInThroughScreen(rememberingPage, DEMO, { remember: true });
    expect(await rememberingPage.evaluate(() => localStorage.getItem('cowcare.token'))).not.toBeNull();
    // A restarted browser keeps localStorage but not sessionStorage: carry the state over to a new context.
    const restarted = await phone.browser.newContext({
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
    await logInThroughScreen(phone.page);
    await phone.page.goto('/pages/index/webuser');
    await phone.page.getByRole('button', { name: 'Log out' }).click();
    await phone.page.waitForURL('**/pages/login/login');
    await phone.page.goBack();
    await phone.page.waitForURL('**/pages/login/login');
    expect(await phone.page.evaluate(() => sessionStorage.getItem('cowcare.token'))).toBeNull();
  });
});
