import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteParams } from '@cowcare/contract/route';
import { call } from './api-client';

export type SettingsParams = RouteParams<typeof api.user.getSettings>;

/**
 * The farm's settings (pregnancy-check days and the rest): read by the settings screens and by the record
 * forms, which need the check days, through one query key and so one cache.
 */
export const getSettings = (params: SettingsParams, signal?: AbortSignal) =>
  call(api.user.getSettings, { params, signal });

export const settingsQueryOptions = (params: SettingsParams) =>
  queryOptions({
    queryKey: ['settings', params.id, params.FarmNumber],
    queryFn: ({ signal }) => getSettings(params, signal),
  });

export const useSettings = (params: SettingsParams) => useQuery(settingsQueryOptions(params));
