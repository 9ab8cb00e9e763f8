import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request as the fake received it: form fields flat, as Stripe's wire has them (`metadata[order]`). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  url: string | null;
  success_url: string;
  cancel_url: string;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  status: 'processing' | 'succeeded' | 'requires_payment_method' | 'canceled';
  last_payment_error: { message: string } | null;
}

type Json = Record<string, unknown>;

/**
 * The three Stripe endpoints the adapter calls, on loopback: no network reaches Stripe here. It keeps
 * Stripe's behaviours the adapter relies on: a repeated Idempotency-Key answers the first response, and
 * `expand[]=payment_intent` inlines the intent. Anything else answers 404 and is kept in `unhandled`.
 */
export const startFakeStripe = async () => {
  const requests: RecordedRequest[] = [];
  const unhandled: string[] = [];
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const replies = new Map<string, Json>();
  let counter = 0;

  const idempotent = (key: string | undefined, make: () => Json): Json => {
    if (key === undefined) return make();
    const earlier = replies.get(key);
    if (earlier) return earlier;
    const reply = make();
    replies.set(key, reply);
    return reply;
  };

  const createSession = (form: Record<string, string>): FakeSession => {
    counter += 1;
    const id = `cs_test_fake${counter}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(form['line_items[0][price_data][unit_amount]']),
      currency: form['line_items[0][price_data][currency]'] ?? '',
      client_reference_id: form.client_reference_id ?? null,
      metadata: { order: form['metadata[order]'] ?? '' },
      payment_intent: null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      success_url: form.success_url ?? '',
      cancel_url: form.cancel_url ?? '',
    };
    sessions.set(id, session);
    return session;
  };

  const route = (request: RecordedRequest): { status: number; body: Json } => {
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      return {
        status: 200,
        body: idempotent(request.idempotencyKey, () => ({ ...createSession(request.form) })),
      };
    }
    const sessionId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path)?.[1];
    if (request.method === 'GET' && sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) return missing(`No such checkout.session: '${sessionId}'`);
      const expand = Object.values(request.query).includes('payment_intent');
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      return { status: 200, body: { ...session, ...(expand && intent ? { payment_intent: intent } : {}) } };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const reply = idempotent(request.idempotencyKey, () => {
        counter += 1;
        const { payment_intent, amount } = request.form;
        return {
          id: `re_fake${counter}`,
          object: 'refund',
          payment_intent,
          amount: Number(amount),
          status: 'succeeded',
        };
      });
      return { status: 200, body: reply };
    }
    unhandled.push(`${request.method} ${request.path}`);
    return missing(`Unrecognized request URL (${request.method}: ${request.path})`);
  };

  const server = createServer((incoming, response) => {
    void record(incoming).then((request) => {
      requests.push(request);
      const { status, body } = route(request);
      reply(response, status, body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    requests,
    unhandled,
    sessions,
    /** Moves a session to where Stripe would have it after the customer's payment (or its failure). */
    settle(
      sessionId: string,
      change: Partial<FakeSession>,
      intent?: Omit<FakePaymentIntent, 'object'>,
    ): void {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      if (intent) {
        paymentIntents.set(intent.id, { ...intent, object: 'payment_intent' });
        session.payment_intent = intent.id;
      }
      Object.assign(session, change);
    },
    close: async (): Promise<void> => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const missing = (message: string): { status: number; body: Json } => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message } },
});

const record = async (incoming: IncomingMessage): Promise<RecordedRequest> => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const url = new URL(incoming.url ?? '/', 'http://fake');
  const header = incoming.headers['idempotency-key'];
  return {
    method: incoming.method ?? '',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    idempotencyKey: typeof header === 'string' ? header : undefined,
    authorization: incoming.headers.authorization,
  };
};

const reply = (response: ServerResponse, status: number, body: Json): void => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  response.end(JSON.stringify(body));
};

/** A Stripe event around a session, as the webhook endpoint receives it: the raw body and its signature. */
export const signedEvent = (
  type: string,
  session: FakeSession,
  secret: string,
  options: { id?: string; timestamp?: number } = {},
): { rawBody: Buffer; headers: Record<string, string> } => {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${type.replaceAll('.', '_')}_${session.id}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { rawBody: Buffer.from(payload), headers: { 'stripe-signature': signature } };
};
