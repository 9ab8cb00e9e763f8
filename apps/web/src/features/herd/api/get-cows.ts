import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteParams } from '@cowcare/contract/route';
import { COW_DATA_REFRESH_INTERVAL_MS } from '@cowcare/domain/constants';
import { call } from '../../../lib/api-client';

export type FarmParams = RouteParams<typeof api.cows.getCowsData>;

/** Every cow of the farm, culled ones included: screens drop them where the spec says so. */
export const getCows = (params: FarmParams, signal?: AbortSignal) =>
  call(api.cows.getCowsData, { params, signal });

export const cowsQueryOptions = (params: FarmParams) =>
  queryOptions({
    queryKey: ['cows', params.country, params.FarmNumber],
    queryFn: ({ signal }) => getCows(params, signal),
    // Spec §4/§9: cow data is republished every 30 minutes.
    refetchInterval: COW_DATA_REFRESH_INTERVAL_MS,
  });

export const useCows = (params: FarmParams) => useQuery(cowsQueryOptions(params));

/** Every cached cow list (there is one per farm); invalidate after a cow changes. */
export const cowsQueryPrefix = ['cows'] as const;
