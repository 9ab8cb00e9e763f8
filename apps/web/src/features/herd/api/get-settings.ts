import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteParams } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';

export type SettingsParams = RouteParams<typeof api.user.getSettings>;

/** The farm's pregnancy-check days; the same query key as the settings screen, so they share one cache. */
export const getSettings = (params: SettingsParams, signal?: AbortSignal) =>
  call(api.user.getSettings, { params, signal });

export const settingsQueryOptions = (params: SettingsParams) =>
  queryOptions({
    queryKey: ['settings', params.id, params.FarmNumber],
    queryFn: ({ signal }) => getSettings(params, signal),
  });

export const useSettings = (params: SettingsParams) => useQuery(settingsQueryOptions(params));
