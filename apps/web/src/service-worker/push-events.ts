/**
 * The service worker's side of Web Push (issue 39): a push shows a notification, a tap on it opens the
 * page it names. The server sends JSON:
 *   { "title", "body", "url", "tag", "noticeId", "code", "severe" }
 * in the user's language. What arrives broken still shows something: a push that shows nothing is
 * penalised by browsers (Chrome shows its own "updated in the background" text and may revoke the
 * permission), so a payload that is not JSON or has no title shows a plain "CowCare" notification.
 */

/** The app's icons (public/, precached); the badge is a white silhouette, as Android draws badges. */
export const NOTIFICATION_ICON = '/pwa-192x192.png';
export const NOTIFICATION_BADGE = '/badge-96x96.png';
const GENERIC_TITLE = 'CowCare';
const GENERIC_TAG = 'cowcare';

/** What the page opens when a notification is tapped. */
export interface NotificationData {
  url: string;
  noticeId: number | null;
  code: number | null;
}

/** `renotify` is left out of TypeScript's DOM types (not every browser has it); Chromium honours it. */
export type ShownNotificationOptions = NotificationOptions & { renotify?: boolean };

export interface ShownNotification {
  title: string;
  options: ShownNotificationOptions;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A path of this app, or the home page: a push can only open our own pages, never another site (an
 * absolute URL, `//host`, `/\host` or `javascript:` is refused).
 */
export function samePath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) {
    return '/';
  }
  return url;
}

function parse(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The notification a push's text asks for; the generic one when the text is unusable. */
export function notificationOf(text: string | null): ShownNotification {
  const payload = parse(text);
  const title = payload?.title;
  if (!payload || typeof title !== 'string' || title.trim() === '') {
    return {
      title: GENERIC_TITLE,
      options: {
        tag: GENERIC_TAG,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { url: '/', noticeId: null, code: null } satisfies NotificationData,
      },
    };
  }
  const noticeId = numberOrNull(payload.noticeId);
  // Repeats of one notice replace each other; the server names the tag, the notice's id stands in for it.
  const tag = stringOr(payload.tag, '') || (noticeId !== null ? `notice-${noticeId}` : GENERIC_TAG);
  const severe = payload.severe === true;
  const options: ShownNotificationOptions = {
    body: stringOr(payload.body, ''),
    tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: {
      url: samePath(payload.url),
      noticeId,
      code: numberOrNull(payload.code),
    } satisfies NotificationData,
  };
  // A calving or a severe fever stays on screen until the farmer acts, and sounds again when repeated.
  if (severe) {
    options.requireInteraction = true;
    options.renotify = true;
  }
  return { title, options };
}

/** The clients API as the click handler uses it (the service worker's `self.clients`, or a fake). */
export type WindowClients = Pick<Clients, 'matchAll' | 'openWindow'>;

/**
 * Brings the app to the front at the notification's page: an open window of the app is focused and
 * navigated there, else a new window opens at it.
 */
export async function openPage(clients: WindowClients, origin: string, url: unknown): Promise<void> {
  const target = new URL(samePath(url), origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    // Focus first: it must happen while the click still counts as the user's gesture.
    const focused = await open.focus();
    // navigate() needs a window this worker controls; one that is not is left focused and a new one opens.
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await clients.openWindow(target);
}

const dataUrl = (data: unknown): unknown => (isRecord(data) ? data.url : undefined);

/** The parts of the service worker's global scope the push handlers use (a fake one in the tests). */
export interface PushScope {
  readonly location: { readonly origin: string };
  readonly registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  readonly clients: WindowClients;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

export function listenForPush(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const { title, options } = notificationOf(event.data?.text() ?? null);
    event.waitUntil(scope.registration.showNotification(title, options));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openPage(scope.clients, scope.location.origin, dataUrl(event.notification.data)));
  });
}
