import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { HealthCase } from '@cowcare/contract/routes/health';
import { call } from '../../../lib/api-client';
import { cowHistoryQueryOptions } from '../../../lib/api/get-cow-history';
import { healthCasesQueryOptions } from './get-health-cases';

export const addHealthCaseFile = ({ caseId, uploadId }: { caseId: number; uploadId: number }) =>
  call(api.health.addHealthCaseFile, { params: { id: caseId }, body: { uploadId } });

export const removeHealthCaseFile = ({ caseId, uploadId }: { caseId: number; uploadId: number }) =>
  call(api.health.removeHealthCaseFile, { params: { id: caseId, uploadId } });

/** The answer is the case as it now is: it replaces the cached one, and the history's file count follows. */
function useCaseChange<V>(change: (variables: V) => Promise<HealthCase>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      queryClient.setQueryData(healthCasesQueryOptions(updated.cowId).queryKey, (cases) =>
        cases?.map((item) => (item.id === updated.id ? updated : item)),
      );
      return queryClient.invalidateQueries({ queryKey: cowHistoryQueryOptions(updated.cowId).queryKey });
    },
  });
}

export const useAddHealthCaseFile = () => useCaseChange(addHealthCaseFile);
export const useRemoveHealthCaseFile = () => useCaseChange(removeHealthCaseFile);
