import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

export const getHealthCases = (cowId: number, signal?: AbortSignal) =>
  call(api.health.listHealthCases, { params: { cowId }, signal });

/** A cow's health cases with their files: one query for every case on her history page. */
export const healthCasesQueryOptions = (cowId: number) =>
  queryOptions({
    queryKey: ['health-cases', cowId],
    queryFn: ({ signal }) => getHealthCases(cowId, signal),
  });

export const useHealthCases = (cowId: number) => useQuery(healthCasesQueryOptions(cowId));
