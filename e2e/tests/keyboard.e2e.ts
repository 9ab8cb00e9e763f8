import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phonePagePerTest, skipReason } from '../setup/browser';
import { DEMO, logInThroughScreen } from '../setup/session';

/** What has focus: its accessible name as the user sees it, and where it sits in a list. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const item = element?.closest('[role="listitem"]');
    return {
      name: element?.getAttribute('aria-label') ?? element?.innerText.trim() ?? '',
      inTabBar: Boolean(element?.closest('nav')),
      position: item ? Number(item.getAttribute('aria-posinset')) : null,
      listSize: item ? Number(item.getAttribute('aria-setsize')) : null,
    };
  });

/** Presses Tab from `start` until focus reaches the tab bar; the names passed on the way. */
const tabToTabBar = async (page: Page, start: Locator): Promise<string[]> => {
  await start.focus();
  const passed: string[] = [];
  for (let press = 0; press < 200; press += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.inTabBar) return passed;
    passed.push(now.name);
  }
  throw new Error(`the tab bar was not reached in 200 presses; passed ${passed.join(', ')}`);
};

describe.skipIf(skipReason() !== '')('keyboard use of the long lists', () => {
  const phone = phonePagePerTest();

  it('passes the cow list in two presses and moves through it by the arrow keys', async () => {
    const { page } = phone;
    await logInThroughScreen(page, DEMO);
    const list = page.getByRole('list', { name: 'Cows' });
    await list.getByRole('listitem').first().waitFor();

    // One row in the Tab order (its checkbox and its code), not every cow's: the tab bar is a few presses away.
    const passed = await tabToTabBar(page, page.getByRole('textbox', { name: 'Search cows by code' }));
    const inList = passed.filter((name) => /^Select C/.test(name));
    expect(inList).toHaveLength(1);
    expect(passed.length).toBeLessThan(12);

    // End reaches the last cow though the list renders only the rows in view; Enter opens her.
    const firstCode = list.getByRole('link').first();
    await firstCode.focus();
    await page.keyboard.press('End');
    const last = await focused(page);
    expect(last.listSize).toBeGreaterThan(20);
    expect(last.position).toBe(last.listSize);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getBoundingClientRect().top))
      .toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/pages\/index\/cow\?id=\d+$/);
    expect(last.name).toMatch(/^C/);
    await page.getByText(last.name, { exact: true }).first().waitFor();

    // Back in the list: the arrows keep to the checkboxes, and Space selects the cow focus moved to.
    await page.goBack();
    await list.getByRole('listitem').first().waitFor();
    await list.getByRole('checkbox').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const third = await focused(page);
    expect(third.position).toBe(3);
    expect(third.name).toMatch(/^Select C/);
    await page.keyboard.press('Space');
    await page.getByText('1 selected').waitFor();
    expect(await page.getByRole('checkbox', { name: third.name }).isChecked()).toBe(true);
  });

  it('passes the notice list in one press and opens a notice by Enter', async () => {
    const { page } = phone;
    await logInThroughScreen(page, DEMO);
    await page.goto('/pages/index/notice');
    const rows = page.getByTestId('notice-row');
    await rows.nth(3).waitFor();

    const passed = await tabToTabBar(page, page.getByRole('textbox', { name: 'Cow ID' }));
    const notices = await rows.count();
    expect(notices).toBeGreaterThan(3);
    expect(passed.length).toBeLessThan(6);

    // The first notice after the top one that names a cow (a farm-wide one opens nothing).
    const texts = await rows.allInnerTexts();
    const target = texts.findIndex((text, index) => index > 0 && !/\bFarm\b/.test(text));
    expect(target).toBeGreaterThan(0);
    await rows.first().focus();
    for (let press = 0; press < target; press += 1) await page.keyboard.press('ArrowDown');
    expect(await rows.nth(target).evaluate((row) => row === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/pages\/index\/cow\?id=\d+$/);
  });
});
