import type { Job } from '../../jobs/job-runner';
import type { Services } from '../../services';
import { openProviderOrders } from '../orders/orders-repository';
import { applyPaymentEvent } from './apply-payment';

/** A checkout younger than this may still get its webhook; older ones the job asks the provider about. */
const ASK_AFTER_SECONDS = 120;
const BATCH = 50;
/** A checkout nobody finished in a day has expired, as providers expire theirs (Stripe: 24 hours). */
const EXPIRE_AFTER_MS = 24 * 3600_000;

/**
 * Asks the provider about top-ups still open after two minutes, and books what it says like a webhook: the
 * net under a webhook that never came (a server down for longer than the provider retries, a lost one).
 */
export const reconcileOpenOrders = async (
  services: Services,
  askAfterSeconds = ASK_AFTER_SECONDS,
): Promise<number> => {
  const { provider } = services.payments;
  let booked = 0;
  for (const order of await openProviderOrders(services.db, askAfterSeconds, BATCH)) {
    if (order.method !== provider.name || !order.providerReference) continue;
    try {
      const asked = await provider.lookUp(order.providerReference);
      const expired = Date.now() - Date.parse(order.createdAt) > EXPIRE_AFTER_MS;
      if (asked.outcome === 'pending' && !expired) continue;
      const status =
        asked.outcome === 'pending'
          ? { ...asked, outcome: 'cancelled' as const, detail: 'checkout expired' }
          : asked;
      const result = await applyPaymentEvent(
        services,
        provider.name,
        {
          ...status,
          eventId: `reconciliation:${order.id}:${status.outcome}`,
          orderReference: String(order.id),
          providerReference: order.providerReference,
        },
        'reconciliation',
      );
      if (result === 'applied') booked += 1;
    } catch (error) {
      services.log.warn(
        { err: error, orderId: order.id },
        'payments: reconciliation could not ask the provider',
      );
    }
  }
  return booked;
};

export const reconciliationJob = (services: Services): Job => ({
  name: 'payment-reconciliation',
  intervalMs: 60_000,
  run: async () => {
    await reconcileOpenOrders(services);
  },
});
