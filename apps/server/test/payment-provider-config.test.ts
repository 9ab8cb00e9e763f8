import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { configProblems } from './helpers/config-problems';
import type { PaymentProvider } from '../src/modules/payments/payment-provider';
import { paymentProviderFromConfig } from '../src/modules/payments/provider-from-config';
import { startFakeStripe, type FakeStripe } from './stripe-fixtures';

// loadConfig keeps the secrets it generates (the sandbox's webhook secret) in DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), 'cowcare-payment-config-'));
const base = { TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: dataDir };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_cowcare', STRIPE_WEBHOOK_SECRET: 'whsec_cowcare' };

const problemsOf = (env: Record<string, string>): string[] => configProblems({ ...base, ...env });

/** A stand-in for the sandbox, which the payments module builds from the app's services. */
const sandboxStandIn = (): { factory: () => PaymentProvider; calls: () => number } => {
  let calls = 0;
  const provider = { name: 'sandbox' } as PaymentProvider;
  return {
    factory: () => {
      calls += 1;
      return provider;
    },
    calls: () => calls,
  };
};

describe('choosing the payment provider', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the sandbox when nothing is set', async () => {
    const config = loadConfig(base);
    const sandbox = sandboxStandIn();

    expect(config.payments).toEqual({ provider: 'sandbox' });
    expect((await paymentProviderFromConfig(config, sandbox.factory)).name).toBe('sandbox');
    expect((await paymentProviderFromConfig({}, sandbox.factory)).name).toBe('sandbox');
    expect(sandbox.calls()).toBe(2);
  });

  it('is Stripe with PAYMENT_PROVIDER=stripe and its keys, at the API address given', async () => {
    const config = loadConfig({
      ...base,
      ...stripeKeys,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_API_URL: fake.apiUrl,
    });
    const sandbox = sandboxStandIn();
    const provider = await paymentProviderFromConfig(config, sandbox.factory);

    expect(config.payments).toEqual({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_cowcare',
      stripeWebhookSecret: 'whsec_cowcare',
      stripeApiUrl: fake.apiUrl,
    });
    expect(provider.name).toBe('stripe');
    expect(sandbox.calls()).toBe(0);
    await provider.createCheckout({
      reference: 'order-config',
      amountMinor: 1_000,
      currency: { code: 'USD', digits: 2 },
      description: 'Wallet top-up',
      returnUrl: 'https://farm.example/paid',
      cancelUrl: 'https://farm.example/wallet',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/checkout/sessions',
      authorization: 'Bearer sk_test_cowcare',
    });
  });

  it('refuses to start with Stripe chosen but its keys missing, naming both', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, the secret key of the Stripe account (sk_live_… or sk_test_…)',
      'PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET, the signing secret (whsec_…) of the webhook endpoint in the Stripe dashboard',
    ]);
  });

  it('refuses the publishable key, a webhook secret that is not one, and an API address with a path', () => {
    expect(
      problemsOf({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'pk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'sk_live_abc',
        STRIPE_API_URL: 'ftp://127.0.0.1/v1',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_…), not the publishable pk_… key',
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret, starting with whsec_",
      'STRIPE_API_URL must be an http:// or https:// address with no path, such as http://127.0.0.1:12111',
    ]);
  });

  it('accepts a restricted key', () => {
    expect(
      problemsOf({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_SECRET_KEY: 'rk_live_abc' }),
    ).toEqual([]);
  });

  it('refuses an unknown provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'paypal' })).toEqual([
      'PAYMENT_PROVIDER must be sandbox or stripe (got "paypal")',
    ]);
  });

  it('refuses Stripe keys with the sandbox still chosen, which would take test cards for real money', () => {
    expect(problemsOf(stripeKeys)).toEqual([
      'STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is set but PAYMENT_PROVIDER is not stripe: set PAYMENT_PROVIDER=stripe, or remove the Stripe keys',
    ]);
  });
});
