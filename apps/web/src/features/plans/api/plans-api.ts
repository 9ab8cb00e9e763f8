import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { Plans } from '@cowcare/contract/routes/plans';
import { call } from '../../../lib/api-client';
import { walletQueryPrefix } from '../../../lib/api/get-wallet';
import { ordersQueryPrefix } from '../../../lib/api/orders';

export const plansQueryKey = (userId: number) => ['plans', userId] as const;

export const usePlans = (userId: number) =>
  useQuery({
    queryKey: plansQueryKey(userId),
    queryFn: ({ signal }) => call(api.plans.listPlans, { params: { userId }, signal }),
  });

/** A plan change moves money: the plans, the balance, the statement and the orders all change. */
function useAfterPlanChange(userId: number) {
  const queryClient = useQueryClient();
  return (plans?: Plans) => {
    if (plans) queryClient.setQueryData(plansQueryKey(userId), plans);
    void queryClient.invalidateQueries({ queryKey: plansQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: walletQueryPrefix });
    void queryClient.invalidateQueries({ queryKey: ordersQueryPrefix });
  };
}

export function useSubscribePlan(userId: number) {
  const after = useAfterPlanChange(userId);
  return useMutation({
    mutationFn: ({ planId, idempotencyKey }: { planId: number; idempotencyKey: string }) =>
      call(api.plans.subscribePlan, { params: { userId }, body: { planId, idempotencyKey } }),
    onSuccess: (data) => after(data.plans),
    // A refusal may come from a wallet or a plan that changed meanwhile: show the current ones.
    onError: () => after(),
  });
}

export function useCancelPlan(userId: number) {
  const after = useAfterPlanChange(userId);
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }) =>
      call(api.plans.cancelPlan, { params: { userId }, body: { idempotencyKey } }),
    onSuccess: (data) => after(data.plans),
    onError: () => after(),
  });
}
