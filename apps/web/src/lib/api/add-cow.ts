import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../api-client';
import { cowsQueryPrefix } from './get-cows';

export type AddCowInput = RouteBody<typeof api.cows.addCow>;

export const addCow = (body: AddCowInput) => call(api.cows.addCow, { body });

export function useAddCow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
  });
}
