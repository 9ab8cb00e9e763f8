import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { afterRecordSaved } from '../../../lib/api/after-record-saved';

export type AddPregnancyBody = RouteBody<typeof api.reproduction.addPregnancy>;

export const addPregnancy = (body: AddPregnancyBody) => call(api.reproduction.addPregnancy, { body });

export function useAddPregnancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPregnancy,
    onSuccess: ({ cow }) => afterRecordSaved(queryClient, cow),
  });
}
