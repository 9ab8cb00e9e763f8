import webpush from 'web-push';
import type { PushConfig } from './push-config';
import type { PushPayload } from './push-message';

export interface PushTarget {
  deviceId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `sent`; `gone` (404/410: the browser unsubscribed, forget it); `failed` (anything else). */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service keeps a message for a phone that is off: a fever pushed tomorrow is news no more. */
const TTL_SECONDS = { severe: 6 * 3600, other: 24 * 3600 };
const TIMEOUT_MS = 10_000;

/**
 * Encrypts one push (RFC 8291) and signs it with the VAPID key (RFC 8292) with the web-push package, and posts
 * it with fetch: web-push's own sender speaks https only, and a test push service on loopback is plain http.
 */
export const sendPush = async (
  config: PushConfig,
  target: PushTarget,
  payload: PushPayload,
): Promise<{ outcome: PushOutcome; status?: number }> => {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: config.subject, ...config.vapid },
      TTL: payload.severe ? TTL_SECONDS.severe : TTL_SECONDS.other,
      // High wakes a phone in power saving at once (RFC 8030 §5.3); the rest may wait for its next wake-up.
      urgency: payload.severe ? 'high' : 'normal',
    },
  );
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { outcome: 'sent', status: response.status };
    const gone = response.status === 404 || response.status === 410;
    return { outcome: gone ? 'gone' : 'failed', status: response.status };
  } catch {
    return { outcome: 'failed' };
  }
};
