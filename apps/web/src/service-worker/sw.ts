/// <reference lib="webworker" />
/**
 * CowCare's service worker (issue 39, decision 0031). Built by vite-plugin-pwa's injectManifest from this
 * file into dist/sw.js, with the list of the build's files put in place of `self.__WB_MANIFEST`.
 * - Precache: the app shell and every built chunk, every language catalogue too, so any page in any
 *   language opens with no network. API answers are not cached here (the app keeps the user's last data,
 *   lib/offline-cache.ts).
 * - Navigations to the app's pages get the precached index.html (the server's history mode, offline);
 *   the server's own paths never do (navigation-routes.ts).
 * - A new build waits until the app says so (`SKIP_WAITING` from workbox-window, when the user taps
 *   "Reload" or is forced to update), so a page never runs half old, half new code.
 * - Web Push: push-events.ts; a replaced subscription: push-subscription-change.ts.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST } from './navigation-routes';
import { listenForPush } from './push-events';
import { listenForSubscriptionChange } from './push-subscription-change';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NAVIGATION_DENYLIST] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page at once: it works offline without being reloaded first.
clientsClaim();
listenForPush(self);
listenForSubscriptionChange(self, (input, init) => fetch(input, init));
