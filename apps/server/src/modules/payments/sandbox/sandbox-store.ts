import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/database';
import type { CheckoutRequest, PaymentOutcome } from '../payment-provider';

/** The sandbox provider's own books: its checkout sessions and the webhooks it owes. */

export type SandboxCheckoutState = 'open' | 'confirming' | 'paid' | 'failed' | 'cancelled';

export interface SandboxCheckout {
  id: string;
  orderReference: string;
  amountMinor: number;
  currency: string;
  currencyDigits: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  state: SandboxCheckoutState;
  detail: string;
  refundedMinor: number;
}

const COLUMNS = `id, order_reference AS "orderReference", amount_minor::float8 AS "amountMinor", currency,
  currency_digits AS "currencyDigits", description, return_url AS "returnUrl", cancel_url AS "cancelUrl", state,
  detail, refunded_minor::float8 AS "refundedMinor"`;

/** The order's session: opened once, found again on a repeated request (idempotent by order). */
export const openSandboxCheckout = async (
  db: Queryable,
  request: CheckoutRequest,
): Promise<SandboxCheckout> => {
  await db.query(
    `INSERT INTO sandbox_checkouts (id, order_reference, amount_minor, currency, currency_digits, description,
                                    return_url, cancel_url, state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open')
     ON CONFLICT (order_reference) DO NOTHING`,
    [
      `cs_sandbox_${randomBytes(12).toString('hex')}`,
      request.reference,
      request.amountMinor,
      request.currency.code,
      request.currency.digits,
      request.description,
      request.returnUrl,
      request.cancelUrl,
    ],
  );
  const [checkout] = await db.query<SandboxCheckout>(
    `SELECT ${COLUMNS} FROM sandbox_checkouts WHERE order_reference = $1`,
    [request.reference],
  );
  if (!checkout) throw new Error(`sandbox checkout of order ${request.reference} not opened`);
  return checkout;
};

export const findSandboxCheckout = async (db: Queryable, id: string): Promise<SandboxCheckout | undefined> =>
  (await db.query<SandboxCheckout>(`SELECT ${COLUMNS} FROM sandbox_checkouts WHERE id = $1`, [id]))[0];

export const lockSandboxCheckout = async (db: Queryable, id: string): Promise<SandboxCheckout | undefined> =>
  (
    await db.query<SandboxCheckout>(`SELECT ${COLUMNS} FROM sandbox_checkouts WHERE id = $1 FOR UPDATE`, [id])
  )[0];

export const setSandboxCheckoutState = async (
  db: Queryable,
  id: string,
  state: SandboxCheckoutState,
  detail: string,
): Promise<void> => {
  await db.query('UPDATE sandbox_checkouts SET state = $2, detail = $3 WHERE id = $1', [id, state, detail]);
};

export const addSandboxRefund = async (db: Queryable, id: string, amountMinor: number): Promise<void> => {
  await db.query('UPDATE sandbox_checkouts SET refunded_minor = refunded_minor + $2 WHERE id = $1', [
    id,
    amountMinor,
  ]);
};

/** The webhook body the sandbox posts: its own shape, as a real provider has one. */
export interface SandboxWebhookBody {
  id: string;
  type: 'checkout.completed' | 'checkout.failed' | 'checkout.cancelled';
  created: number;
  data: {
    checkout: string;
    order: string;
    outcome: Exclude<PaymentOutcome, 'pending'>;
    amount: number;
    currency: string;
    detail: string;
  };
}

const TYPE_OF_OUTCOME = {
  paid: 'checkout.completed',
  failed: 'checkout.failed',
  cancelled: 'checkout.cancelled',
} as const;

/** Queues the webhook of a checkout's outcome; the sender delivers it, again and again until it is taken. */
export const queueSandboxWebhook = async (
  db: Queryable,
  checkout: SandboxCheckout,
  outcome: Exclude<PaymentOutcome, 'pending'>,
  detail: string,
  firstAttemptDelayMs: number,
): Promise<void> => {
  const body: SandboxWebhookBody = {
    id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
    type: TYPE_OF_OUTCOME[outcome],
    created: Math.floor(Date.now() / 1000),
    data: {
      checkout: checkout.id,
      order: checkout.orderReference,
      outcome,
      amount: checkout.amountMinor,
      currency: checkout.currency,
      detail,
    },
  };
  await db.query(
    `INSERT INTO sandbox_webhooks (event_id, body, next_attempt_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [body.id, JSON.stringify(body), firstAttemptDelayMs / 1000],
  );
};

export interface DueWebhook {
  id: number;
  body: string;
  attempts: number;
}

/** Leases up to `limit` due webhooks for a minute (another instance skips them meanwhile). */
export const leaseDueWebhooks = (db: Queryable, limit: number): Promise<DueWebhook[]> =>
  db.query<DueWebhook>(
    `UPDATE sandbox_webhooks SET attempts = attempts + 1, next_attempt_at = now() + interval '1 minute'
      WHERE id IN (SELECT id FROM sandbox_webhooks
                    WHERE delivered_at IS NULL AND next_attempt_at <= now()
                    ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id::int AS id, body, attempts`,
    [limit],
  );

export const markWebhookDelivered = async (db: Queryable, id: number): Promise<void> => {
  await db.query('UPDATE sandbox_webhooks SET delivered_at = now(), last_error = NULL WHERE id = $1', [id]);
};

/** The next attempt after a failed one: 2, 4, 8 … seconds, at most an hour, as providers back off. */
export const retryWebhookLater = async (db: Queryable, webhook: DueWebhook, error: string): Promise<void> => {
  const delaySeconds = Math.min(3600, 2 ** Math.min(webhook.attempts, 12));
  await db.query(
    `UPDATE sandbox_webhooks SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3
      WHERE id = $1`,
    [webhook.id, delaySeconds, error.slice(0, 500)],
  );
};
