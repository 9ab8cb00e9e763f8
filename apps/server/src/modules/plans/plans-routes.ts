import { api } from '@cowcare/contract/api';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { presentOrder } from '../orders/order-presenter';
import { walletBalance } from '../wallet/ledger';
import { plansOfFarm } from './plans-view';
import { cancelSubscription, subscribe } from './subscription-changes';

export const plansRoutes = (services: Services) => {
  const { db } = services;
  const answer = async (farmId: number, order: Parameters<typeof presentOrder>[0]) => ({
    order: presentOrder(order),
    plans: await plansOfFarm(db, farmId),
    balance: await walletBalance(db, farmId),
  });
  return [
    bind(api.plans.listPlans, async ({ user }) => plansOfFarm(db, user.farmId)),
    bind(api.plans.subscribePlan, async ({ user, body }) =>
      answer(user.farmId, await subscribe(services, user, body)),
    ),
    bind(api.plans.cancelPlan, async ({ user, body }) =>
      answer(user.farmId, await cancelSubscription(services, user, body.idempotencyKey)),
    ),
  ];
};
