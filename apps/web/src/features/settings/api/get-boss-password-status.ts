import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

export const getBossPasswordStatus = (signal?: AbortSignal) =>
  call(api.system.bossPasswordStatus, { signal });

export const bossPasswordStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['boss-password-status'],
    queryFn: ({ signal }) => getBossPasswordStatus(signal),
  });

export const useBossPasswordStatus = () => useQuery(bossPasswordStatusQueryOptions());
