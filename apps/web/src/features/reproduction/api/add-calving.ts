import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { afterRecordSaved } from '../../../lib/api/after-record-saved';

export type AddCalvingBody = RouteBody<typeof api.reproduction.addCalving>;

export const addCalving = (body: AddCalvingBody) => call(api.reproduction.addCalving, { body });

export function useAddCalving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCalving,
    onSuccess: ({ cow }) => afterRecordSaved(queryClient, cow),
  });
}
