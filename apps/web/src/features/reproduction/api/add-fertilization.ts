import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { afterRecordSaved } from '../../../lib/api/after-record-saved';

export type AddFertilizationBody = RouteBody<typeof api.reproduction.addFertilization>;

export const addFertilization = (body: AddFertilizationBody) =>
  call(api.reproduction.addFertilization, { body });

export function useAddFertilization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFertilization,
    onSuccess: ({ cow }) => afterRecordSaved(queryClient, cow),
  });
}
