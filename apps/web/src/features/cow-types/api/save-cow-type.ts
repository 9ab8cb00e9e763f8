import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';
import { cowsQueryPrefix } from '../../../lib/api/get-cows';
import { cowTypesQueryPrefix } from '../../../lib/api/get-cow-types';

export interface SaveCowTypeInput {
  FarmNumber: string;
  /** Absent for a new type. */
  id?: number;
  name: string;
  /** Minor units per cow. */
  costnb: number;
}

/** Add a cow type, or rename it / change its cost. */
export const saveCowType = ({ FarmNumber, id, name, costnb }: SaveCowTypeInput) =>
  id === undefined
    ? call(api.cowTypes.addCowType, { params: { FarmNumber }, body: { name, costnb } })
    : call(api.cowTypes.updateCowType, { params: { id }, body: { name, costnb } });

export function useSaveCowType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCowType,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cowTypesQueryPrefix }),
        queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
      ]),
  });
}
