import { createHmac, timingSafeEqual } from 'node:crypto';

/** The sandbox signs its webhooks as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'cowcare-sandbox-signature';

/** A webhook older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signSandboxWebhook = (secret: string, body: string, timestamp: number): string =>
  `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** Why the signature is refused, or null when it is good and fresh. */
export const sandboxSignatureProblem = (
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
): string | null => {
  if (!header) return `no ${SANDBOX_SIGNATURE_HEADER} header`;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return 'malformed signature header';
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    return `timestamp ${timestamp} is outside the ${SIGNATURE_TOLERANCE_SECONDS} s tolerance`;
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'signature does not match';
};
