import type { Browser, Page } from 'playwright-core';
import { baseUrl } from './browser';

/** The support account the demo seed makes (README: demo accounts). */
export const AGENT = { username: 'support', password: 'support1234' } as const;

/** An agent at a desktop, signed in to the console, which opens on the customer-service inbox. */
export const openConsole = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/support');
  await page.waitForURL('**/support/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(AGENT.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(AGENT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Customer service' }).waitFor();
  return page;
};
