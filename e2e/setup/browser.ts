import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
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

export const launchBrowser = (): Promise<Browser> => {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed');
  return chromium.launch({ executablePath, headless: true, args: QUIET_CHROMIUM_FLAGS });
};

export const baseUrl = (): string => inject('baseUrl');
export const skipReason = (): string => inject('e2eSkipReason');

/** A phone-sized context; every test gets a fresh one so storage never leaks between tests. */
export const newPhoneContext = (browser: Browser, url = baseUrl()): Promise<BrowserContext> =>
  browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, locale: 'en-US' });

/** Fails the test on any uncaught page error, so a broken screen cannot pass silently. */
export const watchPageErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};
