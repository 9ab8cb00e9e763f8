import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_COW_FILTER_OPTIONS } from '@cowcare/domain/cow-filter';
import { sensorFilterWireValue } from '@cowcare/domain/sensor';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { violations } from '../setup/axe';
import { apiLogIn, setSensorFilter, type ApiSession } from '../setup/herd';
import { DEMO, logInThroughScreen } from '../setup/session';

/** Where the screenshots of this file go, to be looked at by a person (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/cowcare-e2e-shots';

/** The codes in the table's rows that are wholly inside the window, top to bottom. */
const visibleRowCodes = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('[role="table"]');
    if (!table) return [];
    const bottom = window.innerHeight;
    return Array.from(table.querySelectorAll('[role="row"][data-row-index]'))
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= bottom;
      })
      .map((row) => row.querySelector('a')?.textContent ?? '');
  });

const feversOf = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="table"] [role="row"][data-row-index]')).map((row) => {
      const cell = row.querySelectorAll('[role="cell"]')[4];
      const text = cell?.querySelector('[title]')?.getAttribute('title') ?? '';
      const match = /[-+−]?\d+(?:[.,]\d+)?/.exec(text.replace('−', '-'));
      return match ? Number(match[0].replace(',', '.')) : null;
    }),
  );

describe.skipIf(skipReason() !== '')('the desktop layout at 1,280 px', () => {
  const phone = phonePagePerTest();
  let demo: ApiSession;
  let originalSensorFilter: string;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    demo = await apiLogIn(baseUrl(), DEMO);
    originalSensorFilter = demo.user.sensorfilter;
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    if (demo) await setSensorFilter(demo, originalSensorFilter);
  });
  beforeEach(async () => {
    await setSensorFilter(demo, sensorFilterWireValue(DEFAULT_COW_FILTER_OPTIONS.sensorStates));
    context = await phone.browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    page = await context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterEach(async () => {
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows the cow list as a table of 20 and more rows, sorted by its column headers', async () => {
    await logInThroughScreen(page, DEMO);
    const table = page.getByRole('table', { name: 'Cows' });
    await table.getByRole('row').nth(1).waitFor();
    await expect.poll(() => page.getByTestId('list-summary').innerText()).toMatch(/^Showing/);

    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual([
      'Select',
      'ID',
      'Status',
      'Heat',
      'Fever',
      'Activity',
      'Drink',
      'Type',
      'Sensor',
    ]);
    // The phone's sort bar is not shown twice: the headers sort.
    expect(await page.getByRole('group', { name: 'Sort by' }).count()).toBe(0);
    expect((await visibleRowCodes(page)).length).toBeGreaterThanOrEqual(20);
    await page.screenshot({ path: `${SHOTS}/desktop-cow-list.png` });
    expect(await violations(page)).toEqual([]);

    // The first click on Fever puts the hottest cow on top; the header says how the column is sorted.
    await table.getByRole('button', { name: 'Sort by Fever' }).click();
    const feverHeader = table.getByRole('columnheader', { name: /Fever/ });
    await expect.poll(() => feverHeader.getAttribute('aria-sort')).toBe('descending');
    const fevers = (await feversOf(page)).filter((value): value is number => value !== null);
    expect(fevers.length).toBeGreaterThan(5);
    expect(fevers).toEqual([...fevers].sort((a, b) => b - a));
    await table.getByRole('button', { name: 'Sorted by Fever, descending' }).click();
    await expect.poll(() => feverHeader.getAttribute('aria-sort')).toBe('ascending');
    const ascending = (await feversOf(page)).filter((value): value is number => value !== null);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await page.screenshot({ path: `${SHOTS}/desktop-cow-list-by-fever.png` });

    // The table is one Tab stop, as the phone list is: Tab passes from the search to the tab rail quickly.
    await page.getByRole('textbox', { name: 'Search cows by code' }).focus();
    const passed: string[] = [];
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => ({
        inNav: Boolean(document.activeElement?.closest('nav')),
        name: document.activeElement?.getAttribute('aria-label') ?? '',
      }));
      if (where.inNav) break;
      passed.push(where.name);
    }
    expect(passed.filter((name) => /^Select C/.test(name))).toHaveLength(1);
    expect(passed.length).toBeLessThan(16);
  });

  it('uses the width on the cow page and the notices', async () => {
    await logInThroughScreen(page, DEMO);
    const table = page.getByRole('table', { name: 'Cows' });
    await table.getByRole('row').nth(1).waitFor();
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/pages\/index\/cow\?id=\d+$/);
    const now = page.getByRole('region', { name: 'Current values' });
    const charts = page.getByRole('region', { name: 'Sensor charts' });
    await now.waitFor();
    await charts.waitFor();
    const [nowBox, chartsBox] = [await now.boundingBox(), await charts.boundingBox()];
    // Two columns: the readings at the left, the charts beside them.
    expect(chartsBox!.x).toBeGreaterThan(nowBox!.x + nowBox!.width - 1);
    expect(Math.abs(chartsBox!.y - nowBox!.y)).toBeLessThan(5);
    await page.screenshot({ path: `${SHOTS}/desktop-cow.png` });

    await page.goto('/pages/index/notice');
    const summary = page.getByTestId('notice-summary');
    await summary.waitFor();
    const search = page.getByRole('textbox', { name: 'Cow ID' });
    const [searchBox, summaryBox] = [await search.boundingBox(), await summary.boundingBox()];
    expect(summaryBox!.x).toBeGreaterThan(searchBox!.x + searchBox!.width);
    await page.screenshot({ path: `${SHOTS}/desktop-notices.png` });
    expect(await violations(page)).toEqual([]);
  });
});
