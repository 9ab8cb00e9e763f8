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

export const useWallet = (userId: number) => useQuery(walletQueryOptions(userId));

export const walletQueryPrefix = ['wallet'] as const;
