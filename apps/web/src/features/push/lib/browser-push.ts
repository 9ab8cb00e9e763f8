/**
 * This browser's side of Web Push: whether it can receive pushes, and its subscription at its push service,
 * made with the server's VAPID key through the service worker the app registers.
 */
export type PushAvailability = 'unsupported' | 'denied' | 'default' | 'granted';

export const pushAvailability = (): PushAvailability => {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
};

/** The key as the Push API takes it: base64url text to bytes. */
export const applicationServerKeyOf = (base64Url: string): Uint8Array<ArrayBuffer> => {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
};

/** The service worker's registration, or undefined when none takes over in time (a dev server, a private window). */
const registration = async (): Promise<ServiceWorkerRegistration | undefined> => {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
};

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const asBrowserSubscription = (subscription: PushSubscription): BrowserSubscription => {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
};

export class PushUnavailableError extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'noWorker') {
    super(`push unavailable: ${reason}`);
  }
}

/**
 * Asks for permission (the browser's prompt: call it from a tap) and subscribes. A subscription made with
 * another key (the server's keys changed) is replaced.
 */
export const subscribeThisBrowser = async (publicKey: string): Promise<BrowserSubscription> => {
  if (pushAvailability() === 'unsupported') throw new PushUnavailableError('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushUnavailableError('denied');
  const worker = await registration();
  if (!worker) throw new PushUnavailableError('noWorker');
  const applicationServerKey = applicationServerKeyOf(publicKey);
  const existing = await worker.pushManager.getSubscription();
  if (existing) {
    const sameKey = existing.options.applicationServerKey;
    const existingKey = sameKey === null ? null : new Uint8Array(sameKey);
    const matches =
      existingKey !== null &&
      existingKey.length === applicationServerKey.length &&
      existingKey.every((byte, index) => byte === applicationServerKey[index]);
    if (matches) return asBrowserSubscription(existing);
    await existing.unsubscribe();
  }
  return asBrowserSubscription(
    await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
  );
};

/** A name for this device in the list, from what the browser says of itself ("Android · Chrome"). */
export const deviceLabel = (userAgent = navigator.userAgent): string => {
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'Device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  return `${system} · ${browser}`;
};

const THIS_DEVICE_KEY = 'cowcare.pushDeviceId';

/** The id the server gave this browser's subscription: the list marks it "this device". */
export const thisDeviceId = (): number | undefined => {
  const stored = Number(window.localStorage.getItem(THIS_DEVICE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : undefined;
};

export const rememberThisDevice = (id: number): void =>
  window.localStorage.setItem(THIS_DEVICE_KEY, String(id));
