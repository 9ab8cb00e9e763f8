import type { Page } from 'playwright-core';
import { LANGUAGE_KEYS, type LanguageKey } from '@cowcare/locales/languages';
import { api } from '@cowcare/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_INDEPENDENT_RULES, violations } from '../setup/axe';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, callApi, farmCows, type ApiSession } from '../setup/herd';
import { openers } from '../setup/openers';
import { trackRequests } from '../setup/quiet';
import { DEMO, logInThroughScreen } from '../setup/session';

/** A screen and what shows that its data is in, so the check does not run on a loader. */
interface Screen {
  path: string;
  ready: string;
}

/**
 * Texts the phone cuts off: an element that clips its overflow (Mantine's badges, truncated texts, a row
 * with overflow hidden) while its content is wider than it is. Russian, Vietnamese and Indonesian run longest;
 * a cut text showed "4" for 44 unread notices and "НЕ В С…" for an offline sensor. Charts (SVG) are left out:
 * their axes are sized by the chart library.
 */
const cutTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const cut: string[] = [];
    document.body.querySelectorAll('*').forEach((element) => {
      if (!(element instanceof HTMLElement)) return;
      const overflow = getComputedStyle(element).overflowX;
      if (overflow !== 'hidden' && overflow !== 'clip') return;
      if (element.scrollWidth <= element.clientWidth + 1) return;
      // A 1-px box is text for screen readers only (Mantine's VisuallyHidden), hidden on purpose.
      if (element.clientWidth <= 1) return;
      const text = element.innerText.trim().replaceAll('\n', ' / ');
      if (text) {
        cut.push(`"${text.slice(0, 80)}" needs ${element.scrollWidth}px, has ${element.clientWidth}px`);
      }
    });
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > window.innerWidth) {
      cut.push(`the page is ${pageWidth}px wide on a ${window.innerWidth}px phone`);
    }
    return cut;
  });

/** Through the settings screen's picker, as a user would; the choice is saved for the user on the server. */
const pickLanguage = async (page: Page, language: LanguageKey): Promise<void> => {
  await page.goto('/pages/index/webuser');
  await page.locator('select:has(option[value="ko"])').selectOption(language);
  await page.waitForFunction((key) => localStorage.getItem('cowcare.lang') === key, language);
};

describe.skipIf(skipReason() !== '')('every language on a phone: readable and accessible', () => {
  const phone = phonePagePerTest();
  let demo: ApiSession;
  let screens: Screen[];
  let sensorCowPath: string;

  beforeAll(async () => {
    demo = await apiLogIn(baseUrl(), DEMO);
    const cows = await farmCows(demo);
    const [cow] = cows;
    const sensorCow = cows.find((each) => each.sensor !== null);
    if (!cow || !sensorCow) throw new Error('the demo farm has no cows, or none with a sensor');
    sensorCowPath = `/pages/index/cow?id=${sensorCow.id}`;
    screens = [
      { path: '/', ready: '[data-testid="cow-row"]' },
      { path: '/pages/index/notice', ready: '[data-testid="notice-row"]' },
      { path: '/pages/index/ckcom', ready: '[data-testid="sensor-row"]' },
      { path: `/pages/index/cow?id=${cow.id}`, ready: `text=${cow.code}` },
      { path: '/pages/index/data', ready: '[data-testid="chart-temperature-bands"]' },
      { path: '/pages/index/dashboard', ready: '[data-testid="herd-kpis"]' },
      { path: '/pages/overviews/list', ready: '[data-testid="attention-row"]' },
      { path: `/pages/index/hsty?id=${cow.id}`, ready: `text=${cow.code}` },
      { path: '/pages/index/levsyt', ready: '[data-testid="cow-type"]' },
      { path: '/pages/index/wallet', ready: '[data-testid="wallet-balance"]' },
      { path: '/pages/index/webuser', ready: 'select' },
      { path: '/pages/index/step1', ready: '[data-testid="farm-number"]' },
      { path: '/pages/index/welcome', ready: '[data-testid="welcome-progress"]' },
    ];
  });
  // The other browser tests read the demo user's screens in English.
  afterAll(async () => {
    if (demo) {
      await callApi(demo, api.user.setLanguage, { params: { id: demo.user.id, lang: demo.user.language } });
    }
  });

  /** WCAG's reflow width (1.4.10): an old 320 px phone, or a 390 px one with the text enlarged by a fifth. */
  const narrowPhoneIn = async (language: LanguageKey) => {
    await phone.page.setViewportSize({ width: 320, height: 800 });
    await logInThroughScreen(phone.page);
    await pickLanguage(phone.page, language);
  };

  /** Every screen, then every dialog, menu and form error, in one login: a login per language is enough. */
  it.each(LANGUAGE_KEYS)(
    'cuts no text off and passes axe-core in %s',
    async (language) => {
      const network = trackRequests(phone.page);
      await narrowPhoneIn(language);
      const cut: string[] = [];
      const failed: string[] = [];
      for (const screen of screens) {
        await phone.page.goto(screen.path);
        await phone.page.locator(screen.ready).first().waitFor();
        await network.quiet();
        cut.push(...(await cutTexts(phone.page)).map((text) => `${screen.path}: ${text}`));
        // A translation can break what English passes: Thai writes no spaces between words, so a button
        // named "เรียงตามรหัส" did not contain its visible word "รหัส" for voice control.
        failed.push(
          ...(await violations(phone.page, LANGUAGE_INDEPENDENT_RULES)).map(
            (line) => `${screen.path}: ${line}`,
          ),
        );
      }
      for (const opener of openers(sensorCowPath, language)) {
        await phone.page.goto(opener.path);
        await network.quiet();
        await opener.open(phone.page);
        failed.push(
          ...(await violations(phone.page, LANGUAGE_INDEPENDENT_RULES)).map(
            (line) => `${opener.name}: ${line}`,
          ),
        );
        cut.push(...(await cutTexts(phone.page)).map((text) => `${opener.name}: ${text}`));
      }
      expect(cut).toEqual([]);
      expect(failed).toEqual([]);
    },
    150_000,
  );
});
