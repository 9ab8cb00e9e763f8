import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { cowHistoryQueryOptions } from '../../../lib/api/get-cow-history';
import { healthCasesQueryOptions } from './get-health-cases';

export type HealthCaseChange = RouteBody<typeof api.health.updateHealthCase>;

export const updateHealthCase = ({ id, body }: { id: number; body: HealthCaseChange }) =>
  call(api.health.updateHealthCase, { params: { id }, body });

/** A health case moves no date of the cow: her history and her cases are read again. */
export function useUpdateHealthCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHealthCase,
    onSuccess: (healthCase) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cowHistoryQueryOptions(healthCase.cowId).queryKey }),
        queryClient.invalidateQueries({ queryKey: healthCasesQueryOptions(healthCase.cowId).queryKey }),
      ]),
  });
}
