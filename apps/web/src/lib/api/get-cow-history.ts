import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';

export const getCowHistory = (id: number, signal?: AbortSignal) =>
  call(api.cows.cowHistory, { params: { id }, signal });

export const cowHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['cow-history', id],
    queryFn: ({ signal }) => getCowHistory(id, signal),
  });

export const useCowHistory = (id: number) => useQuery(cowHistoryQueryOptions(id));
