import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../api-client';

export const getCowTypes = (FarmNumber: string, signal?: AbortSignal) =>
  call(api.cowTypes.listCowTypes, { params: { FarmNumber }, signal });

export const cowTypesQueryOptions = (FarmNumber: string) =>
  queryOptions({
    queryKey: ['cow-types', FarmNumber],
    queryFn: ({ signal }) => getCowTypes(FarmNumber, signal),
  });

export const useCowTypes = (FarmNumber: string) => useQuery(cowTypesQueryOptions(FarmNumber));

export const cowTypesQueryPrefix = ['cow-types'] as const;
