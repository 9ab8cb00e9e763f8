import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider';

/**
 * The provider `PAYMENT_PROVIDER` chose. The sandbox comes as a factory because it needs the app's own
 * services, which only the caller has. Stripe's library is loaded only when Stripe is chosen: importing it
 * costs about half a second, which every start and every test file on the sandbox would otherwise pay.
 */
export const paymentProviderFromConfig = async (
  config: Pick<Config, 'payments'>,
  sandbox: () => PaymentProvider,
): Promise<PaymentProvider> => {
  const payments = config.payments ?? { provider: 'sandbox' };
  if (payments.provider === 'sandbox') return sandbox();
  const { createStripeProvider } = await import('./stripe-provider');
  return createStripeProvider({
    secretKey: payments.stripeSecretKey,
    webhookSecret: payments.stripeWebhookSecret,
    apiUrl: payments.stripeApiUrl,
  });
};
