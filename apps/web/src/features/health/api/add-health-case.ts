import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { cowHistoryQueryOptions } from '../../../lib/api/get-cow-history';

export type AddHealthCaseBody = RouteBody<typeof api.health.addHealthCase>;

export const addHealthCase = (body: AddHealthCaseBody) => call(api.health.addHealthCase, { body });

export function useAddHealthCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHealthCase,
    onSuccess: (healthCase) =>
      queryClient.invalidateQueries({ queryKey: cowHistoryQueryOptions(healthCase.cowId).queryKey }),
  });
}
