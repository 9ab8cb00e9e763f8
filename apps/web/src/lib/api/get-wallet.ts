import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';

export const getWallet = (userId: number, signal?: AbortSignal) =>
  call(api.wallet.getWallet, { params: { userId }, signal });

export const walletQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['wallet', userId],
    queryFn: ({ signal }) => getWallet(userId, signal),
  });

/** `enabled: false` for staff, whose token the wallet refuses (owners only). */
export const useWallet = (userId: number, enabled = true) =>
  useQuery({ ...walletQueryOptions(userId), enabled });

export const walletQueryPrefix = ['wallet'] as const;
