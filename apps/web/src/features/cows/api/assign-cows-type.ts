import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { CowType } from '@cowcare/contract/routes/cow-types';
import { call } from '../../../lib/api-client';
import { bossGrantHeaders } from '../../../lib/boss-password';
import { cowsQueryPrefix } from '../../../lib/api/get-cows';
import { cowTypesQueryPrefix } from '../../../lib/api/get-cow-types';
import { walletQueryPrefix } from '../../../lib/api/get-wallet';

export interface AssignCowsTypeInput {
  cowIds: number[];
  /** The chosen type; id 0 is the uncategorized bucket. */
  type: Pick<CowType, 'id' | 'name' | 'costnb'>;
  /** Verified first when the assignment costs money: its grant authorises the charge. */
  bossPassword?: string;
}

/**
 * Put the checked cows into a type. The server charges the type's own cost for each cow newly entering it,
 * in the same transaction (409 E_INSUFFICIENT_BALANCE when the wallet is short), so this one call is the
 * whole assignment: the spec's separate usernb call would charge nothing more.
 */
export const assignCowsType = async ({ cowIds, type, bossPassword }: AssignCowsTypeInput) =>
  call(api.cowTypes.assignCowsType, {
    body: { checklist: cowIds, type: { id: type.id, name: type.name, costnb: type.costnb } },
    ...(bossPassword === undefined ? {} : { headers: await bossGrantHeaders(bossPassword) }),
  });

export function useAssignCowsType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCowsType,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
        queryClient.invalidateQueries({ queryKey: cowTypesQueryPrefix }),
        queryClient.invalidateQueries({ queryKey: walletQueryPrefix }),
      ]),
  });
}
