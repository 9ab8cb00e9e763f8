/**
 * `pushsubscriptionchange`: the browser's push service replaced the subscription (Firefox does when one
 * expires). The worker has no login token, so it tells the server the old endpoint, which only this browser
 * and its push service know, and the server moves that device to the new subscription (docs/push.md).
 * Without an old subscription nothing names the device: the alerts page registers the browser again.
 */

/** `POST push/push/devices/renew` below /api (a test holds it to the contract's path). */
export const RENEW_PATH = '/api/push/push/devices/renew';

/** The event's parts (not in TypeScript's worker types). */
export interface SubscriptionChange {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

export async function renewSubscription(
  pushManager: Pick<PushManager, 'subscribe'>,
  change: SubscriptionChange,
  post: typeof fetch,
): Promise<void> {
  const old = change.oldSubscription;
  if (!old) return;
  const renewed =
    change.newSubscription ??
    (await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    }));
  const { keys } = renewed.toJSON();
  await post(RENEW_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      oldEndpoint: old.endpoint,
      endpoint: renewed.endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    }),
  });
}

export interface SubscriptionChangeScope {
  readonly registration: { readonly pushManager: Pick<PushManager, 'subscribe'> };
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: ExtendableEvent & SubscriptionChange) => void,
  ): void;
}

export function listenForSubscriptionChange(scope: SubscriptionChangeScope, post: typeof fetch): void {
  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(renewSubscription(scope.registration.pushManager, event, post));
  });
}
