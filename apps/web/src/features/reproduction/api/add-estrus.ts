import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { afterRecordSaved } from '../../../lib/api/after-record-saved';

export type AddEstrusBody = RouteBody<typeof api.reproduction.addEstrus>;

export const addEstrus = (body: AddEstrusBody) => call(api.reproduction.addEstrus, { body });

export function useAddEstrus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEstrus,
    onSuccess: ({ cow }) => afterRecordSaved(queryClient, cow),
  });
}
