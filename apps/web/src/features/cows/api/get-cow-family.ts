import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

export const getCowFamily = (id: number, signal?: AbortSignal) =>
  call(api.cows.cowFamily, { params: { id }, signal });

export const cowFamilyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['cow-family', id],
    queryFn: ({ signal }) => getCowFamily(id, signal),
  });

export const useCowFamily = (id: number) => useQuery(cowFamilyQueryOptions(id));
