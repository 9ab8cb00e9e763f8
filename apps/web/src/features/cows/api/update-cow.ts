import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { cowQueryOptions } from '../../../lib/api/get-cow';
import { cowsQueryPrefix } from '../../../lib/api/get-cows';

export type UpdateCowBody = RouteBody<typeof api.cows.updateCow>;

/** Edit a cow; a reproduction date given here is kept as set by hand, null returns it to automatic. */
export const updateCow = ({ id, body }: { id: number; body: UpdateCowBody }) =>
  call(api.cows.updateCow, { params: { id }, body });

export function useUpdateCow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCow,
    onSuccess: async (cow) => {
      queryClient.setQueryData(cowQueryOptions(cow.id).queryKey, cow);
      await queryClient.invalidateQueries({ queryKey: cowsQueryPrefix });
    },
  });
}
