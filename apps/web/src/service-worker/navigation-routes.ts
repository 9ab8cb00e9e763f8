/**
 * Which navigations the service worker answers with the app's index.html (the SPA fallback). Everything
 * the server itself answers stays on the network: the API, the sockets, the hosted sandbox checkout, the
 * broker's WebSocket, metrics, and any file (a camera's HLS playlist and segments, an upload, a stale asset),
 * which the server tells apart by its extension (apps/server/src/app.ts, registerSpa).
 */
const SERVER_PATHS: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/socket(\/|$)/,
  /^\/chat\//,
  /^\/sandbox-pay(\/|$)/,
  /^\/mqtt(\/|$)/,
  /^\/metrics(\/|$)/,
  /^\/uploads?(\/|$)/,
  /^\/media(\/|$)/,
  /^\/hls(\/|$)/,
];

/** A path that ends in a file extension (`.m3u8`, `.ts`, `.jpg`, `.json`) is a file, never a page. */
const FILE_PATH = /\.[a-z0-9]+$/i;

/** The denylist handed to Workbox's NavigationRoute: the same rules, as the regular expressions it takes. */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [...SERVER_PATHS, FILE_PATH];

/** True when a navigation to this path is one of the app's pages (the server would answer index.html too). */
export function isAppPage(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}
