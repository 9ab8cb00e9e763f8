import type { Page } from 'playwright-core';
import { SignJWT, decodeJwt } from 'jose';
import { E2E_TOKEN_SECRET } from './global-setup';

export const DEMO = { username: 'demo', password: 'demo1234' } as const;

/**
 * Logs in through the real login screen; `remember` ticks Automatic Logon. A user's first login on a device
 * opens the welcome: the helper goes on to the cow list from there, as that user would.
 */
export const logInThroughScreen = async (
  page: Page,
  credentials: { username: string; password: string } = DEMO,
  options: { remember?: boolean } = {},
): Promise<void> => {
  await page.goto('/pages/login/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByLabel('Read and Agree').check();
  if (options.remember) await page.getByLabel('Automatic Logon').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/pages/login/'));
  if (new URL(page.url()).pathname === '/pages/index/welcome') {
    // By its test id: the welcome speaks the user's language, which a test may have changed.
    await page.getByTestId('welcome-to-cows').click();
    await page.waitForURL((url) => url.pathname === '/');
  }
};

/** A new farm user made through the public register call, so a test can change its password freely. */
export const registerUser = async (
  baseUrl: string,
  suffix: string,
): Promise<{ username: string; password: string }> => {
  const username = `e2e${suffix}${Date.now() % 100000}`;
  const password = 'e2e password 1';
  const response = await fetch(`${baseUrl}/api/login/login/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      name: 'E2E Farmer',
      phone: '010-0000-0000',
      country: 'KR',
      FarmNumber: `E2E-${username}`,
      city: 'Test',
    }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return { username, password };
};

/** The same login's access token, but expired ten minutes ago (signed with the e2e server's secret). */
export const expiredCopyOf = async (token: string): Promise<string> => {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer('cowcare')
    .setIssuedAt(now - 4000)
    .setExpirationTime(now - 600)
    .sign(new TextEncoder().encode(E2E_TOKEN_SECRET));
};
