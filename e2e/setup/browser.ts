import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { chromiumPath } from './chromium';

/** Flags that keep Chromium from reaching out to the network, which this machine does not have. */
const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const launchBrowser = (): Promise<Browser> => {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed');
  return chromium.launch({ executablePath, headless: true, args: QUIET_CHROMIUM_FLAGS });
};

export const baseUrl = (): string => inject('baseUrl');
export const skipReason = (): string => inject('e2eSkipReason');

/** A phone-sized context; every test gets a fresh one so storage never leaks between tests. */
export const newPhoneContext = (browser: Browser, url = baseUrl()): Promise<BrowserContext> =>
  browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, locale: 'en-US' });

/** The page's uncaught errors as they happen, so a broken screen cannot pass silently. */
const watchPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

/** The browser of a test file and the page of the test that is running. */
export interface PhonePage {
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * Registers the hooks of the calling `describe`: one browser for the file, and for each test a fresh phone
 * context and page, closed after the test, which fails on any uncaught page error. Read the fields only
 * inside tests and hooks: the hooks set them.
 */
export const phonePagePerTest = (): PhonePage => {
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

  return {
    get browser() {
      return browser;
    },
    get page() {
      return page;
    },
  };
};
