import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { cowsQueryPrefix } from '../../../lib/api/get-cows';
import { cowTypesQueryPrefix } from '../../../lib/api/get-cow-types';

/** Delete a cow type; its cows move to the uncategorized bucket on the server. */
export const deleteCowType = (id: number) => call(api.cowTypes.deleteCowType, { params: { id } });

export function useDeleteCowType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCowType,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cowTypesQueryPrefix }),
        queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
      ]),
  });
}
