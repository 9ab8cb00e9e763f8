import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteBody } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';
import { bossGrantHeaders } from '../../../lib/boss-password';
import { cowQueryOptions } from '../../../lib/api/get-cow';
import { cowsQueryPrefix } from '../../../lib/api/get-cows';

export type ForceChangeBody = RouteBody<typeof api.cows.changeCowStatus>;

export interface ForceChangeInput {
  id: number;
  body: ForceChangeBody;
  /** Verified first; its grant authorises the change. */
  bossPassword: string;
}

/** A force-change action (eliminate, convert, end lactation, change by force) behind the boss password. */
export async function changeCowStatus({ id, body, bossPassword }: ForceChangeInput) {
  const headers = await bossGrantHeaders(bossPassword);
  return call(api.cows.changeCowStatus, { params: { id }, body, headers });
}

export function useChangeCowStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCowStatus,
    onSuccess: async (cow) => {
      queryClient.setQueryData(cowQueryOptions(cow.id).queryKey, cow);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cowsQueryPrefix }),
        queryClient.invalidateQueries({ queryKey: ['cow-history', cow.id] }),
      ]);
    },
  });
}
