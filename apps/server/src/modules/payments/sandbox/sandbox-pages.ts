import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../../../services';
import { SANDBOX_CHECKOUT_PATH } from './sandbox-provider';
import {
  findSandboxCheckout,
  lockSandboxCheckout,
  queueSandboxWebhook,
  setSandboxCheckoutState,
  type SandboxCheckout,
} from './sandbox-store';

/** The sandbox's test cards, as Stripe's: one pays, one is declined, one asks the payer to confirm. */
export const SANDBOX_TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  needsConfirmation: '4000002760003184',
} as const;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const amountText = (checkout: SandboxCheckout): string =>
  `${(checkout.amountMinor / 10 ** checkout.currencyDigits).toLocaleString('en-US', {
    minimumFractionDigits: checkout.currencyDigits,
    maximumFractionDigits: checkout.currencyDigits,
  })} ${checkout.currency}`;

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · CowCare sandbox payments</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:24px 12px;color:#111827}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 4px}.amount{font-size:2rem;font-weight:700;margin:12px 0}
label{display:block;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:10px;border:1px solid #9ca3af;border-radius:8px}
button{font-size:1rem;padding:12px 16px;border-radius:8px;border:0;background:#4f46e5;color:#fff;cursor:pointer;width:100%;margin-top:16px}
button.secondary{background:#e5e7eb;color:#111827}.note{color:#4b5563;font-size:.875rem}.error{color:#b91c1c;font-weight:600}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:.75rem;font-weight:600}
</style></head><body><main><span class="badge">Sandbox: no real money moves</span>${body}</main></body></html>`;

const checkoutPage = (checkout: SandboxCheckout, error?: string): string =>
  page(
    'Pay',
    `<h1>${escapeHtml(checkout.description)}</h1>
<div class="amount">${escapeHtml(amountText(checkout))}</div>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${checkout.id}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Pay</button></form>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${checkout.id}/cancel"><button class="secondary" type="submit">Cancel and return</button></form>
<p class="note">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined;
4000 0027 6000 3184 asks you to confirm.</p>`,
  );

const confirmationPage = (checkout: SandboxCheckout): string =>
  page(
    'Confirm',
    `<h1>Confirm this payment</h1><p>Your bank asks you to confirm ${escapeHtml(amountText(checkout))}.</p>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${checkout.id}/confirm">
<button type="submit" name="decision" value="confirm">Confirm payment</button>
<button class="secondary" type="submit" name="decision" value="fail">Fail</button></form>`,
  );

const settledPage = (checkout: SandboxCheckout): string =>
  page(
    'Done',
    `<h1>This checkout is ${escapeHtml(checkout.state)}</h1>
<p><a href="${escapeHtml(checkout.state === 'cancelled' ? checkout.cancelUrl : checkout.returnUrl)}">Return to CowCare</a></p>`,
  );

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

type Settlement = { state: 'paid' | 'failed' | 'cancelled'; detail: string };

/**
 * The sandbox's hosted checkout: served by this server at `/sandbox-pay/<checkout>`, it takes a test card,
 * settles the checkout, queues the signed webhook and sends the payer back, as a real provider does.
 */
export const registerSandboxPages = (app: FastifyInstance, services: Services): void => {
  const { db, config, payments } = services;

  /** Settles an open checkout once; answers it as it is after (a second submit changes nothing). */
  const settle = async (
    id: string,
    from: SandboxCheckout['state'][],
    settlement: Settlement | 'confirming',
  ) =>
    db.transaction(async (tx) => {
      const checkout = await lockSandboxCheckout(tx, id);
      if (!checkout || !from.includes(checkout.state)) return checkout;
      if (settlement === 'confirming') {
        await setSandboxCheckoutState(tx, id, 'confirming', '');
        return { ...checkout, state: 'confirming' as const };
      }
      await setSandboxCheckoutState(tx, id, settlement.state, settlement.detail);
      await queueSandboxWebhook(
        tx,
        checkout,
        settlement.state,
        settlement.detail,
        config.sandboxWebhookDelayMs,
      );
      return { ...checkout, state: settlement.state, detail: settlement.detail };
    });

  const afterSettling = (reply: FastifyReply, checkout: SandboxCheckout | undefined) => {
    if (!checkout) return sendPage(reply, 404, page('Not found', '<h1>No such checkout</h1>'));
    if (checkout.state === 'open') return sendPage(reply, 200, checkoutPage(checkout));
    if (checkout.state === 'confirming') return sendPage(reply, 200, confirmationPage(checkout));
    void payments.sandboxWebhooks.deliverDue();
    return reply.redirect(checkout.state === 'cancelled' ? checkout.cancelUrl : checkout.returnUrl, 303);
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const idOf = (params: unknown) => String((params as { id?: string }).id ?? '');
    const fieldOf = (body: unknown, name: string): string => {
      const value =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
      return typeof value === 'string' ? value : '';
    };

    scope.get(`${SANDBOX_CHECKOUT_PATH}/:id`, async (request, reply) => {
      const checkout = await findSandboxCheckout(db, idOf(request.params));
      if (!checkout) return sendPage(reply, 404, page('Not found', '<h1>No such checkout</h1>'));
      if (checkout.state === 'open') return sendPage(reply, 200, checkoutPage(checkout));
      if (checkout.state === 'confirming') return sendPage(reply, 200, confirmationPage(checkout));
      return sendPage(reply, 200, settledPage(checkout));
    });

    scope.post(`${SANDBOX_CHECKOUT_PATH}/:id`, async (request, reply) => {
      const id = idOf(request.params);
      const card = fieldOf(request.body, 'card').replace(/[\s-]/g, '');
      if (card === SANDBOX_TEST_CARDS.pays) {
        return afterSettling(
          reply,
          await settle(id, ['open'], { state: 'paid', detail: 'paid with card ending 4242' }),
        );
      }
      if (card === SANDBOX_TEST_CARDS.declined) {
        return afterSettling(reply, await settle(id, ['open'], { state: 'failed', detail: 'card declined' }));
      }
      if (card === SANDBOX_TEST_CARDS.needsConfirmation) {
        return afterSettling(reply, await settle(id, ['open'], 'confirming'));
      }
      const checkout = await findSandboxCheckout(db, id);
      if (!checkout) return afterSettling(reply, undefined);
      if (checkout.state !== 'open') return afterSettling(reply, checkout);
      return sendPage(reply, 400, checkoutPage(checkout, 'Use one of the test cards below.'));
    });

    scope.post(`${SANDBOX_CHECKOUT_PATH}/:id/confirm`, async (request, reply) => {
      const confirmed = fieldOf(request.body, 'decision') === 'confirm';
      const settlement: Settlement = confirmed
        ? { state: 'paid', detail: 'paid after confirmation' }
        : { state: 'failed', detail: 'confirmation failed' };
      return afterSettling(reply, await settle(idOf(request.params), ['confirming'], settlement));
    });

    scope.post(`${SANDBOX_CHECKOUT_PATH}/:id/cancel`, async (request, reply) =>
      afterSettling(
        reply,
        await settle(idOf(request.params), ['open', 'confirming'], {
          state: 'cancelled',
          detail: 'the payer cancelled',
        }),
      ),
    );
  });
};
