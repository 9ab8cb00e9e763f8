import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { openConsole } from '../setup/console';
import { logInThroughScreen, registerUser } from '../setup/session';

// Issue 36: a farm owner tops up the wallet through the sandbox provider's hosted page (served by the server
// at the checkout address, as a real provider's would be), comes back, sees the §2 modal and the index
// reloaded, then the balance and the order; a declined card fails its order; the plan is paid from the
// wallet. Each test registers its own farm (KR: won, no decimals), so balances start at zero.

const CARDS = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  confirms: '4000 0027 6000 3184',
} as const;

const balance = (page: Page) => page.getByTestId('wallet-balance').textContent();

/** From the wallet: a typed amount to the provider's page, paid with a test card. */
async function topUp(page: Page, won: string, card: string): Promise<void> {
  await page.getByLabel('Amount (KRW)').fill(won);
  await page.getByRole('button', { name: /^Top up ₩/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/pages/'));
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
}

const backOnTheWallet = (page: Page) =>
  page.waitForURL((url) => url.pathname === '/pages/index/wallet' && url.searchParams.has('order'));

/** The §2 modal's OK goes to the index with a full reload: a marker left on the window does not survive. */
async function okGoesToTheIndexReloaded(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Payment successful' }).waitFor();
  await page.evaluate(() => Object.assign(window, { beforeReload: true }));
  await page.getByRole('dialog', { name: 'Payment successful' }).getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/pages/index/index');
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
}

async function openWallet(page: Page): Promise<void> {
  await page.goto('/pages/index/wallet');
  await page.getByTestId('wallet-balance').waitFor();
}

describe.skipIf(skipReason() !== '')('wallet', () => {
  const phone = phonePagePerTest();

  it('tops up with a card that pays: the modal, the index reloaded, the new balance and the paid order', async () => {
    const page = phone.page;
    await logInThroughScreen(page, await registerUser(baseUrl(), 'pay'));
    await openWallet(page);
    expect(await balance(page)).toBe('₩0');

    await topUp(page, '50000', CARDS.pays);
    await backOnTheWallet(page);
    await okGoesToTheIndexReloaded(page);

    await openWallet(page);
    await expect.poll(() => balance(page)).toBe('₩50,000');
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
    await expect.poll(() => order.textContent()).toMatch(/Top-up.*Paid.*Test card \(sandbox\).*₩50,000/);
    await order.click();
    await page.getByText('Paid · Payment provider').waitFor();
  });

  it('a declined card fails the order and changes nothing; Try again opens a new checkout', async () => {
    const page = phone.page;
    await logInThroughScreen(page, await registerUser(baseUrl(), 'dec'));
    await openWallet(page);

    await topUp(page, '20000', CARDS.declined);
    await backOnTheWallet(page);
    await page.getByText('The payment of ₩20,000 was declined. Nothing was charged.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Payment successful' }).count()).toBe(0);
    expect(await balance(page)).toBe('₩0');
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
    await expect.poll(() => order.textContent()).toMatch(/Top-up.*Failed.*₩20,000/);

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Card number').waitFor();
  });

  it('a card that asks for confirmation pays once confirmed; then the plan is paid from the wallet', async () => {
    const page = phone.page;
    await logInThroughScreen(page, await registerUser(baseUrl(), 'plan'));
    await openWallet(page);

    // Without money the plan cannot start, and the page says so and offers the top-up.
    const plan = page.getByRole('listitem', { name: 'Herd up to 100 cows' });
    await plan.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm and pay' }).click();
    await page
      .getByText('The wallet balance is not enough for this. Nothing was charged.', { exact: false })
      .waitFor();

    await topUp(page, '500000', CARDS.confirms);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await backOnTheWallet(page);
    await okGoesToTheIndexReloaded(page);

    await openWallet(page);
    await expect.poll(() => balance(page)).toBe('₩500,000');
    await plan.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('dialog', { name: 'Subscribe to Herd up to 100 cows?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByText('Current plan: Herd up to 100 cows').waitFor();
    // The rest of this month was charged from the wallet: the balance fell, and the statement has the line.
    await expect.poll(async () => Number((await balance(page))?.replace(/\D/g, ''))).toBeLessThan(500_000);
    await page.getByRole('list', { name: 'Usage costs' }).getByText('Monitoring plan').waitFor();
  });

  it('support refunds a paid top-up from the console: the order is refunded and the money leaves the wallet', async () => {
    const page = phone.page;
    const farmer = await registerUser(baseUrl(), 'ref');
    await logInThroughScreen(page, farmer);
    await openWallet(page);
    await topUp(page, '30000', CARDS.pays);
    await backOnTheWallet(page);
    await okGoesToTheIndexReloaded(page);

    const agent = await openConsole(phone.browser);
    await agent
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Farms' })
      .click();
    await agent.getByRole('textbox', { name: /Find a farm/ }).fill(`E2E-${farmer.username}`);
    await agent.getByRole('link', { name: `E2E-${farmer.username}` }).click();
    await agent.getByRole('button', { name: 'Refund' }).click();
    await agent
      .getByRole('dialog')
      .getByRole('textbox', { name: /Reason/ })
      .fill('Paid twice by mistake');
    await agent.getByRole('button', { name: 'Refund…' }).click();
    await agent.getByRole('button', { name: /^Yes, refund/ }).click();
    await agent.getByText('refunded', { exact: true }).first().waitFor();
    await agent.context().close();

    await openWallet(page);
    await expect.poll(() => balance(page)).toBe('₩0');
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
    await expect.poll(() => order.textContent()).toMatch(/Top-up.*Refunded.*₩30,000/);
  });
});
