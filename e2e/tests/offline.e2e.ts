import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { api } from '@cowcare/contract/api';
import { APP_VERSION_CODE } from '@cowcare/domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPhoneContext, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, callApi, farmCows, listSummary } from '../setup/herd';
import { startServer, type RunningServer } from '../setup/server-process';
import { DEMO, logInThroughScreen } from '../setup/session';

// Issue 39, "Installable and offline" (docs/offline-and-install.md): the manifest and its icons, the service
// worker, the farm's last data with no network, the refusal of changes offline, the catch-up, the privacy
// of the kept data, and new builds (the Reload prompt and spec §8's forced update) past the precache.

const OFFLINE_MARK = 'offline-mark';
const builtApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer): string => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

/** Waits until the service worker controls the page (it registers once the first page has drawn). */
const controlledByServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

/** The query keys the app kept for offline use (IndexedDB), or null when nothing is kept. */
const keptQueries = (page: Page) =>
  page.evaluate(async () => {
    // Never open (and so create) a database the app has not made: its own open would then find no store.
    const known = await indexedDB.databases();
    if (!known.some((database) => database.name === 'cowcare-offline')) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('cowcare-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    try {
      if (!db.objectStoreNames.contains('kept')) return null;
      const record = await new Promise<{ queries: { queryKey: unknown[] }[] } | undefined>(
        (resolve, reject) => {
          const request = db.transaction('kept').objectStore('kept').get('kept-queries');
          request.onsuccess = () => resolve(request.result as { queries: { queryKey: unknown[] }[] });
          request.onerror = () => reject(new Error(String(request.error)));
        },
      );
      return record ? record.queries.map((query) => JSON.stringify(query.queryKey)) : null;
    } finally {
      db.close();
    }
  });

/** The offline mark's times a page could show now, in its language: this minute and the three before. */
const recentTimes = (page: Page) =>
  page.evaluate(() =>
    [0, 1, 2, 3].map((minutes) =>
      new Intl.DateTimeFormat(document.documentElement.lang, { hour: '2-digit', minute: '2-digit' }).format(
        Date.now() - minutes * 60_000,
      ),
    ),
  );

const expectOfflineMark = async (page: Page) => {
  const mark = page.getByTestId(OFFLINE_MARK);
  await mark.waitFor();
  const text = await mark.innerText();
  expect(text).toContain('Changes need the network.');
  const time = /Offline — data from (.+?) · Changes need the network\./.exec(text)?.[1];
  expect(await recentTimes(page)).toContain(time);
};

describe.skipIf(skipReason() !== '')('the installable app', () => {
  const phone = phonePagePerTest();

  it('serves a valid manifest whose icons load, and its service worker takes the page', async () => {
    const { page } = phone;
    await page.goto('/pages/login/login');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');

    const response = await page.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'CowCare',
      short_name: 'CowCare',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2f9e44',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const iconUrls = [
      ...manifest.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes })),
      {
        src: (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '',
        sizes: '180x180',
      },
    ];
    for (const icon of iconUrls) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }

    await controlledByServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${baseUrl()}/sw.js`,
    );
    // Every language's catalogue is precached, so the app opens offline in any of them.
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = await Promise.all(
        names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)),
      );
      return urls.flat().map((url) => new URL(url).pathname);
    });
    for (const language of ['ch', 'ko', 'pty', 'rb', 'ru', 'th', 'idn', 'vn']) {
      expect(
        precached.some((url) => url.startsWith(`/assets/${language}-`)),
        language,
      ).toBe(true);
    }
    expect(precached).toContain('/index.html');
  });

  it('opens with no network: the last cow list, cow page and notices, marked offline with their time', async () => {
    const { page } = phone;
    const demo = await apiLogIn(baseUrl(), DEMO);
    await logInThroughScreen(page);
    await controlledByServiceWorker(page);
    await listSummary(page).waitFor();
    const summary = await listSummary(page).innerText();
    // The first cow the list shows.
    const open = page
      .getByRole('list', { name: 'Cows' })
      .getByRole('link', { name: /^Open / })
      .first();
    const code = (await open.getAttribute('aria-label'))?.replace(/^Open /, '');
    const cow = (await farmCows(demo)).find((candidate) => candidate.code === code);
    if (!cow) throw new Error(`no cow ${code} on the demo farm`);
    await open.click();
    await page.getByRole('heading', { name: cow.code }).waitFor();
    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Main sections' })
      .getByRole('link', { name: 'Notices' })
      .click();
    await page.getByTestId('notice-row').first().waitFor();
    const notices = await page.getByTestId('notice-row').count();
    // What the user saw is written down a moment later.
    await expect
      .poll(() => keptQueries(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('"cows"'), `["cow",${cow.id}]`]));

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('notice-row').first().waitFor();
    expect(await page.getByTestId('notice-row').count()).toBe(notices);
    await expectOfflineMark(page);

    await page.getByRole('navigation', { name: 'Main sections' }).getByRole('link', { name: 'Cows' }).click();
    // The list applies its filter a second after the data is in (spec §4).
    await expect.poll(() => listSummary(page).innerText(), { timeout: 10_000 }).toBe(summary);
    await expectOfflineMark(page);

    await page.goto(`/pages/index/cow?id=${cow.id}`);
    await page.getByRole('heading', { name: cow.code }).waitFor();
    await expectOfflineMark(page);

    // A change says at once that it needs the network; nothing is kept to be sent later.
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') changes.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('button', { name: 'Edit cow info' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${cow.code}` });
    const parity = dialog.getByRole('textbox', { name: /^Parity/ });
    await parity.fill(String(cow.parity + 1));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog
      .getByText('You are offline: this needs the network. Try again when you are connected.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Back online: the reads catch up and the mark goes.
    const caughtUp = page.waitForResponse(
      (response) => response.url().includes(`/cowinfo/${cow.id}`) && response.status() === 200,
    );
    await page.context().setOffline(false);
    await caughtUp;
    await page.getByTestId(OFFLINE_MARK).waitFor({ state: 'detached' });
    expect(changes.filter((change) => change.includes('/update/cows/'))).toEqual([]);
    expect((await callApi(demo, api.cows.getCowInfo, { params: { id: cow.id } })).parity).toBe(cow.parity);
  });

  it('keeps nothing of the farm after logout: offline, the app shows only the login page', async () => {
    const { page } = phone;
    await logInThroughScreen(page);
    await controlledByServiceWorker(page);
    await listSummary(page).waitFor();
    await expect.poll(() => keptQueries(page), { timeout: 15_000 }).not.toBeNull();

    await page.goto('/pages/index/webuser');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/pages/login/login');
    await expect.poll(() => keptQueries(page), { timeout: 5_000 }).toBeNull();

    await page.context().setOffline(true);
    await page.goto('/');
    await page.waitForURL(
      (url) => url.pathname.startsWith('/pages/login/') || url.pathname.endsWith('/welcome'),
    );
    await page
      .getByRole('button', { name: 'Login', exact: true })
      .or(page.getByTestId('welcome-to-cows'))
      .waitFor();
    await expect(listSummary(page).count()).resolves.toBe(0);
    expect(await keptQueries(page)).toBeNull();
  });
});

/** The built app copied for a server of its own, so a test can put a new build in its place. */
class Deployment {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'cowcare-builds-'));

  constructor() {
    cpSync(builtApp, this.dir, { recursive: true });
  }

  /**
   * Deploys build `name`: its index.html differs (a marker names the build), and when `worker` is set the
   * service worker's precache list names the new index.html, as a real new build's sw.js does.
   */
  deploy(name: string, { worker }: { worker: boolean }): void {
    const indexPath = path.join(this.dir, 'index.html');
    const before = readFileSync(indexPath, 'utf8');
    const index = before
      .replace(/<meta name="cowcare-build"[^>]*>\n?/, '')
      .replace('<head>', `<head>\n    <meta name="cowcare-build" content="${name}" />`);
    writeFileSync(indexPath, index);
    if (!worker) return;
    const swPath = path.join(this.dir, 'sw.js');
    const revision = (text: string) => createHash('md5').update(text).digest('hex');
    const sw = readFileSync(swPath, 'utf8');
    const entry = (text: string) => `"revision":"${revision(text)}","url":"index.html"`;
    if (!sw.includes(entry(before))) throw new Error('sw.js does not name index.html as expected');
    writeFileSync(swPath, sw.replace(entry(before), entry(index)));
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const buildOf = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="cowcare-build"]')?.getAttribute('content') ?? null);

describe.skipIf(skipReason() !== '')('new builds past the precache', () => {
  const phone = phonePagePerTest();
  let server: RunningServer;
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = new Deployment();
    deployment.deploy('A', { worker: true });
    server = await startServer({ WEB_DIST_DIR: deployment.dir });
  });
  afterAll(async () => {
    await server?.stop();
    deployment?.remove();
  });

  it('offers a new build with "Reload", and a forced update (spec §8) loads the new build, not the precached one', async () => {
    const context = await newPhoneContext(phone.browser, server.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logInThroughScreen(page);
    await controlledByServiceWorker(page);
    expect(await buildOf(page)).toBe('A');

    // Build B is deployed: the worker finds it on the next load, and the app offers it.
    deployment.deploy('B', { worker: true });
    await page.reload();
    expect(await buildOf(page)).toBe('A');
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('A new version of CowCare is ready.').waitFor({ timeout: 30_000 });
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => buildOf(page), { timeout: 10_000 }).toBe('B');
    await prompt.waitFor({ state: 'detached' });

    // Build C is deployed and this build is refused. A plain reload still finds the precached B (the trap)…
    deployment.deploy('C', { worker: false });
    const admin = await callApi({ baseUrl: server.baseUrl }, api.admin.login, {
      body: { username: 'support', password: 'support1234' },
    });
    await callApi({ baseUrl: server.baseUrl, token: admin.token }, api.support.setAppVersion, {
      body: { minVersionCode: APP_VERSION_CODE + 1 },
    });
    await page.reload();
    expect(await buildOf(page)).toBe('B');
    await page.waitForURL('**/pages/login/version');
    // …the version page's button does not: it loads C from the server.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload the app' }).click(),
    ]);
    await expect.poll(() => buildOf(page), { timeout: 10_000 }).toBe('C');
    await context.close();
    expect(errors).toEqual([]);
  });
});
