import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { afterRecordSaved } from '../../../lib/api/after-record-saved';
import { cowHistoryQueryOptions } from '../../../lib/api/get-cow-history';

export type RecordKind = 'estrus' | 'fertilization' | 'pregnancy' | 'calving' | 'healthCase';

export interface DeleteRecordInput {
  kind: RecordKind;
  id: number;
  cowId: number;
}

/** Delete one record of the timeline; the server moves the cow's dates back to her remaining records. */
export async function deleteRecord({ kind, id }: DeleteRecordInput) {
  const params = { id };
  switch (kind) {
    case 'estrus':
      return (await call(api.reproduction.deleteEstrus, { params })).cow;
    case 'fertilization':
      return (await call(api.reproduction.deleteFertilization, { params })).cow;
    case 'pregnancy':
      return (await call(api.reproduction.deletePregnancy, { params })).cow;
    case 'calving':
      return (await call(api.reproduction.deleteCalving, { params })).cow;
    case 'healthCase':
      await call(api.health.deleteHealthCase, { params });
      return null;
  }
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSuccess: async (cow, { cowId }) => {
      if (cow) await afterRecordSaved(queryClient, cow);
      else await queryClient.invalidateQueries({ queryKey: cowHistoryQueryOptions(cowId).queryKey });
    },
  });
}
