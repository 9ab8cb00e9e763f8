import { useSyncExternalStore } from 'react';
import type * as WorkboxWindow from 'workbox-window';
import type { Workbox } from 'workbox-window';

/**
 * The app's side of its service worker (src/service-worker/sw.ts, decision 0031): registration after the
 * first page has drawn, the "new version ready" state, and the two ways to the new build: the user's
 * "Reload" (the waiting worker takes over, then the page reloads) and spec §8's forced update (every
 * worker and cache of the app is dropped before the page loads again from the server).
 */

/** How often an app left open (a phone in a barn for days) asks the server for a new build. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
export const SERVICE_WORKER_URL = '/sw.js';

const listeners = new Set<() => void>();
let waiting = false;
let workbox: Workbox | null = null;

function setWaiting(value: boolean): void {
  waiting = value;
  for (const listener of [...listeners]) listener();
}

/** True once a new build is installed and waits for the app to take it. */
export const isUpdateWaiting = (): boolean => waiting;

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isUpdateWaiting,
    () => false,
  );
}

export interface RegisterOptions {
  loadWorkbox?: () => Promise<typeof WorkboxWindow>;
  setInterval?: (task: () => void, ms: number) => unknown;
}

/** Registers the service worker; a new build found then or later sets the waiting state. */
export async function registerServiceWorker({
  loadWorkbox = () => import('workbox-window'),
  setInterval = (task, ms) => window.setInterval(task, ms),
}: RegisterOptions = {}): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await loadWorkbox();
  const registered = new Workbox(SERVICE_WORKER_URL);
  // Also when the page opens with a new build already waiting from an earlier visit.
  registered.addEventListener('waiting', () => setWaiting(true));
  workbox = registered;
  await registered.register();
  setInterval(() => void registered.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** How long "Reload" waits for the new build to take over before it reloads anyway. */
export const TAKE_OVER_WAIT_MS = 5_000;

/** The user's "Reload": the waiting build takes over the page, which then loads again under it. */
export function reloadIntoUpdate(reload: () => void = () => window.location.reload()): void {
  if (!workbox || !waiting) {
    reload();
    return;
  }
  let reloaded = false;
  const once = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  // The browser's own event, not Workbox's: it also fires when another tab's worker is the one waiting.
  navigator.serviceWorker.addEventListener('controllerchange', once, { once: true });
  setTimeout(once, TAKE_OVER_WAIT_MS);
  workbox.messageSkipWaiting();
}

export interface ForceUpdateDeps {
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations'>;
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
  load: (url: string) => void;
}

/**
 * Spec §8's forced update: the server refused this build, so the precached one must not come back. Every
 * registration of the app is removed and its caches deleted before the page loads from the server, which
 * has the new build; the new build registers its own worker once it has drawn. The user's data kept for
 * offline use stays (it belongs to the user, not the build).
 */
export async function forceUpdate(
  url: string,
  {
    serviceWorker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    caches = 'caches' in window ? window.caches : undefined,
    load,
  }: ForceUpdateDeps,
): Promise<void> {
  try {
    const registrations = (await serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
    if (caches) {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
  } catch {
    // A browser that refuses (storage disabled): the load below still asks the server.
  }
  load(url);
}

/** Runs a task once the page has loaded and the main thread is idle: never before the first page draws. */
export function afterFirstDraw(task: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 5_000 });
    else setTimeout(task, 1_000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
