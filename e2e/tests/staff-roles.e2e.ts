import { describe, expect, it } from 'vitest';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { addCow, apiLogIn, freshCowCode } from '../setup/herd';
import { logInThroughScreen, registerUser } from '../setup/session';

// Issue 33 point 7: a farm has several logins. The owner makes a one-time invitation code on the staff
// screen; a new person registers with it in a browser of their own, lands in the owner's farm as staff
// (its cows, none of the owner's entries), and when the owner removes them their open session ends.
describe.skipIf(skipReason() !== '')('staff roles', () => {
  const phone = phonePagePerTest();

  it('an invited person joins as staff, sees the cows but not the money or settings, and is removed', async () => {
    const owner = await registerUser(baseUrl(), 'own');
    const ownerApi = await apiLogIn(baseUrl(), owner);
    const cow = await addCow(ownerApi, { code: freshCowCode(), status: '발정탐지', sex: 'female' });

    // The owner: account page -> Staff -> a new invitation code.
    const ownerPage = phone.page;
    await logInThroughScreen(ownerPage, owner);
    await ownerPage.getByRole('link', { name: 'My account' }).click();
    await ownerPage.getByRole('link', { name: 'Staff' }).click();
    await ownerPage.waitForURL('**/pages/index/staff');
    await ownerPage.getByRole('button', { name: 'Create invitation code' }).click();
    const code = (await ownerPage.getByTestId('invitation-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await ownerPage.getByRole('button', { name: 'Copy code' }).waitFor();

    // The new person, in a browser of their own, registers with the code.
    const staffContext = await newPhoneContext(phone.browser);
    const pageErrors: string[] = [];
    try {
      const staffPage = await staffContext.newPage();
      staffPage.on('pageerror', (error) => pageErrors.push(error.message));
      const username = `e2estaff${Date.now() % 100000}`;
      await staffPage.goto('/pages/login/register');
      await staffPage.getByLabel('Invitation code (optional)').fill(code);
      await expect.poll(() => staffPage.getByLabel('Farm number').count()).toBe(0);
      await staffPage.getByLabel('Username').fill(username);
      await staffPage.getByLabel(/^Password/).fill('staff password 1');
      await staffPage.getByLabel(/^Confirm password/).fill('staff password 1');
      await staffPage.getByLabel(/^Name/).fill('Mina Staff');
      await staffPage.getByLabel('Phone').fill('010-7777-8888');
      await staffPage.getByLabel('Read and Agree').check();
      await staffPage.getByRole('button', { name: 'Join the farm' }).click();
      // A new member meets the welcome first, with the farm's setup as the server knows it.
      await staffPage.waitForURL('**/pages/index/welcome');
      await staffPage.getByTestId('welcome-progress').waitFor();
      await staffPage.getByRole('link', { name: 'Go to the cow list' }).click();

      // The owner's cow is in their list once offline sensors are shown (a new cow wears none yet).
      await staffPage.getByTestId('list-summary').waitFor();
      await staffPage.getByRole('button', { name: /^Filter/ }).click();
      const filters = staffPage.getByRole('dialog', { name: 'Filter cows' });
      await filters
        .getByRole('group', { name: 'Sensor state' })
        .getByText('Offline', { exact: true })
        .click();
      await filters.getByRole('button', { name: 'Show cows' }).click();
      await staffPage.locator(`[data-testid="cow-row"][data-code="${cow.code}"]`).waitFor();

      // No wallet, cow types or setup in the menu; no settings or staff on the account page.
      await staffPage.getByRole('button', { name: 'More' }).click();
      const menu = staffPage.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Sensors' }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Wallet' }).count()).toBe(0);
      expect(await menu.getByRole('menuitem', { name: 'Cow types' }).count()).toBe(0);
      await staffPage.keyboard.press('Escape');
      await staffPage.getByRole('link', { name: 'My account' }).click();
      await staffPage.getByRole('heading', { name: 'Profile' }).waitFor();
      expect(await staffPage.getByRole('link', { name: 'Settings' }).count()).toBe(0);
      expect(await staffPage.getByRole('link', { name: 'Staff' }).count()).toBe(0);
      // A typed address of the wallet says it is the owner's.
      await staffPage.goto('/pages/index/wallet');
      await staffPage.getByText("Only the farm's owner can open this page.", { exact: false }).waitFor();
      await staffPage.goto('/pages/index/index');
      await staffPage.getByTestId('list-summary').waitFor();

      // The owner sees them on the staff screen and removes them; their open session ends at once.
      await ownerPage.reload();
      const row = ownerPage.getByRole('listitem', { name: 'Mina Staff' });
      expect(await row.getByRole('combobox', { name: 'Role of Mina Staff' }).inputValue()).toBe('staff');
      await row.getByRole('button', { name: 'Remove Mina Staff' }).click();
      await ownerPage
        .getByRole('dialog', { name: 'Remove Mina Staff?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await ownerPage.getByText('Mina Staff was removed').waitFor();

      await staffPage.waitForURL('**/pages/login/login', { timeout: 15_000 });
      // Logging in again says why.
      await staffPage.getByLabel('Username').fill(username);
      await staffPage.getByLabel('Password', { exact: true }).fill('staff password 1');
      await staffPage.getByLabel('Read and Agree').check();
      await staffPage.getByRole('button', { name: 'Login', exact: true }).click();
      await staffPage.getByText('You are no longer a member of this farm.', { exact: false }).waitFor();
    } finally {
      await staffContext.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
