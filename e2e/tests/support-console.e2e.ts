import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phonePagePerTest, skipReason } from '../setup/browser';
import { openConsole } from '../setup/console';
import { logInThroughScreen } from '../setup/session';

const mainTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name }).click();

describe.skipIf(skipReason() !== '')('the support console', () => {
  const phone = phonePagePerTest();

  it('an agent publishes news in two languages; a farmer reads hers on the data tab', async () => {
    const agent = await openConsole(phone.browser);
    const title = `Frozen drinkers ${Date.now()}`;
    await agent
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'News' })
      .click();
    await agent.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await agent
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Check every drinker before milking.');
    await agent.getByRole('button', { name: 'Add a language' }).click();
    await agent
      .getByRole('textbox', { name: 'Title', exact: true })
      .nth(1)
      .fill(`얼어붙은 음수기 ${Date.now()}`);
    await agent
      .getByRole('textbox', { name: 'Text', exact: true })
      .nth(1)
      .fill('착유 전에 음수기를 확인하세요.');
    await agent.getByRole('button', { name: 'Publish to every farm' }).click();
    await agent.getByText('Published.').waitFor();

    await logInThroughScreen(phone.page);
    await mainTab(phone.page, 'Data');
    const news = phone.page.getByRole('region', { name: 'News' });
    await news.getByText(title).click();
    const article = phone.page.getByRole('dialog', { name: title });
    await article.getByText('Check every drinker before milking.').waitFor();

    // The agent's action is on the record.
    await agent.getByRole('link', { name: 'Audit log' }).click();
    const row = agent.getByRole('row').filter({ hasText: 'publishNews' }).first();
    expect(await row.textContent()).toContain(title);
    await agent.context().close();
  });

  it("a notice sent from a farm's page reaches the farmer's open notice tab live", async () => {
    await logInThroughScreen(phone.page);
    await mainTab(phone.page, 'Notices');
    await phone.page.waitForURL('**/pages/index/notice');

    const agent = await openConsole(phone.browser);
    await agent
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Farms' })
      .click();
    await agent.getByRole('textbox', { name: /Find a farm/ }).fill('KR-0001');
    await agent.getByRole('link', { name: 'KR-0001' }).click();
    await agent.getByRole('link', { name: 'Send this farm a notice' }).click();
    const title = `Maintenance tonight ${Date.now()}`;
    await agent.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await agent.getByRole('textbox', { name: 'Text', exact: true }).fill('Read-only from 02:00 to 02:30.');
    await agent.getByRole('button', { name: 'Send now' }).click();
    expect(await agent.getByRole('status').textContent()).toBe('Sent to 1 farm.');

    const row = phone.page.getByTestId('notice-row').filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Read-only from 02:00 to 02:30.');
    await agent.context().close();
  });

  it('a farm session opens no console page: the console asks its own sign-in', async () => {
    await logInThroughScreen(phone.page);
    await phone.page.goto('/support/farms');
    await phone.page.waitForURL('**/support/login');
  });
});
