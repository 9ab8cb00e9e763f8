import { catalog } from '@cowcare/locales/catalog';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { DEMO, expiredCopyOf, logInThroughScreen, registerUser } from '../setup/session';

describe.skipIf(skipReason() !== '')('session, language and account', () => {
  const phone = phonePagePerTest();

  it('switches the texts when the language changes', async () => {
    await phone.page.goto('/pages/login/login');
    const english = catalog.en['auth.login.submit'];
    const korean = catalog.ko['auth.login.submit'];
    expect(korean).not.toBe(english);
    await phone.page.getByRole('button', { name: english, exact: true }).waitFor();
    await phone.page.getByLabel('Language').selectOption({ label: '한국어' });
    await phone.page.getByRole('button', { name: korean, exact: true }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.lang)).toMatch(/^ko/);
  });

  it('refreshes an expired access token without the user noticing', async () => {
    await logInThroughScreen(phone.page);
    const token = await phone.page.evaluate(() => sessionStorage.getItem('cowcare.token'));
    expect(token).not.toBeNull();
    const expired = await expiredCopyOf(token ?? '');
    await phone.page.evaluate((value) => sessionStorage.setItem('cowcare.token', value), expired);

    const refreshes: number[] = [];
    phone.page.on('response', (response) => {
      if (response.url().endsWith('/login/login/refreshTokenLoginApp')) refreshes.push(response.status());
    });
    await phone.page.goto('/pages/index/webuser');
    await phone.page.getByText(DEMO.username, { exact: true }).first().waitFor();
    expect(new URL(phone.page.url()).pathname).toBe('/pages/index/webuser');
    expect(refreshes).toEqual([200]);
    const renewed = await phone.page.evaluate(() => sessionStorage.getItem('cowcare.token'));
    // Not compared with the first token: a token re-issued within the same second is the same string.
    expect(renewed).not.toBe(expired);
  });

  it('sends an outdated app to the version page with the required version', async () => {
    const outdatedContext = await newPhoneContext(phone.browser, inject('outdatedClientBaseUrl'));
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

  it('keeps the notes a user leaves for CowCare, newest first, from the account page', async () => {
    const user = await registerUser(baseUrl(), 'notes');
    await logInThroughScreen(phone.page, user);
    await phone.page.goto('/pages/index/webuser');
    await phone.page.getByRole('link', { name: 'Notes to CowCare' }).click();
    await phone.page.getByText('No notes yet').waitFor();
    const box = phone.page.getByRole('textbox', { name: 'Write a note' });
    for (const note of ['Please add Thai', 'Collar 40012 is loose']) {
      await box.fill(note);
      await phone.page.getByRole('button', { name: 'Send note' }).click();
      await phone.page.getByRole('list', { name: 'Your notes' }).getByText(note).waitFor();
    }
    await phone.page.reload();
    const notes = phone.page.getByTestId('user-message');
    await notes.first().waitFor();
    expect((await notes.allInnerTexts()).map((text) => text.split('\n').at(-1))).toEqual([
      'Collar 40012 is loose',
      'Please add Thai',
    ]);
  });

  it('shows the change-password messages, then asks to log in again after a change', async () => {
    const user = await registerUser(baseUrl(), 'pw');
    await logInThroughScreen(phone.page, user);
    await phone.page.goto('/pages/index/webuser');
    const fill = async (original: string, fresh: string, confirm: string) => {
      await phone.page.getByLabel('Original password').fill(original);
      await phone.page.getByLabel('New password', { exact: true }).fill(fresh);
      await phone.page.getByLabel('Confirm new password').fill(confirm);
      await phone.page.getByRole('button', { name: 'Change password' }).click();
    };

    await fill('not my password', 'brand new password', 'brand new password');
    await phone.page.getByText('The original password is incorrect. Please re-enter.').waitFor();
    await fill(user.password, 'brand new password', 'brand new passw0rd');
    await phone.page.getByText('The new password you entered twice is different. Please re-enter.').waitFor();
    await fill(user.password, user.password, user.password);
    await phone.page
      .getByText('The new password cannot be the same as the original one. Please re-enter.')
      .waitFor();

    await fill(user.password, 'brand new password', 'brand new password');
    await phone.page.getByText('Your password has been changed. Click OK and log in again.').waitFor();
    await phone.page.getByRole('button', { name: 'OK' }).click();
    await phone.page.waitForURL('**/pages/login/login');
    await logInThroughScreen(phone.page, { username: user.username, password: 'brand new password' });
  });

  it('saves the pregnancy-check days only after the boss password is verified', async () => {
    await logInThroughScreen(phone.page);
    await phone.page.goto('/pages/index/userset');
    const hormone = phone.page.getByLabel('Hormone');
    await hormone.fill('52');
    await phone.page.getByRole('button', { name: 'Save settings' }).click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.getByLabel('Management password').fill('wrong boss password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('The management password is incorrect.').waitFor();
    await dialog.getByLabel('Management password').fill('boss1234');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await phone.page.getByText('Settings saved').waitFor();
    await phone.page.reload();
    await expect(phone.page.getByLabel('Hormone').inputValue()).resolves.toBe('52');
  });
});
