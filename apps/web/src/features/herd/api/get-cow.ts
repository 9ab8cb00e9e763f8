import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

export const getCow = (id: number, signal?: AbortSignal) =>
  call(api.cows.getCowInfo, { params: { id }, signal });

export const cowQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['cow', id],
    queryFn: ({ signal }) => getCow(id, signal),
  });

export const useCow = (id: number) => useQuery(cowQueryOptions(id));
