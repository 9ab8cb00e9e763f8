import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { RouteParams } from '@cowcare/contract/route';
import type { Notice } from '@cowcare/contract/routes/notices';
import { call } from './api-client';

/**
 * Queries that several features read and the live updates write (the cow list, one cow, the notices):
 * their keys live here so the socket handlers and every screen agree on them.
 */

export type FarmParams = RouteParams<typeof api.cows.getCowsData>;
export type NoticeParams = RouteParams<typeof api.notices.getNoticeData>;

/** Every cow of the farm, culled ones included: screens drop them where the spec says so. */
export const getCows = (params: FarmParams, signal?: AbortSignal) =>
  call(api.cows.getCowsData, { params, signal });

export const cowsQueryKey = (params: FarmParams) => ['cows', params.country, params.FarmNumber] as const;

/** The cow list. Its 30-minute refresh (spec §4) is run by the live updates, with the temporary cache. */
export const cowsQueryOptions = (params: FarmParams) =>
  queryOptions({
    queryKey: cowsQueryKey(params),
    queryFn: ({ signal }) => getCows(params, signal),
  });

/** Every cached cow list (there is one per farm); invalidate after a cow changes. */
export const cowsQueryPrefix = ['cows'] as const;

export const getCow = (id: number, signal?: AbortSignal) =>
  call(api.cows.getCowInfo, { params: { id }, signal });

export const cowQueryKey = (id: number) => ['cow', id] as const;

export const cowQueryOptions = (id: number) =>
  queryOptions({ queryKey: cowQueryKey(id), queryFn: ({ signal }) => getCow(id, signal) });

/** The sensor-data (chart) answers: the "temporary cache" the 30-minute refresh clears. */
export const sensorDataQueryPrefix = ['sensor-data'] as const;

/** Put changed fields into the cached cow, in every list that holds it and in its own entry. */
export function mergeCowFields(queryClient: QueryClient, id: number, fields: Partial<Cow>): boolean {
  let found = false;
  queryClient.setQueriesData<Cow[]>({ queryKey: cowsQueryPrefix }, (cows) => {
    if (!cows) return cows;
    const index = cows.findIndex((cow) => cow.id === id);
    if (index < 0) return cows;
    found = true;
    const next = cows.slice();
    next[index] = { ...(cows[index] as Cow), ...fields, id };
    return next;
  });
  queryClient.setQueryData<Cow>(cowQueryKey(id), (cow) => (cow ? { ...cow, ...fields, id } : cow));
  return found;
}

/** The code of a cached cow, for a notice that arrives with its id only. */
export function cachedCowCode(queryClient: QueryClient, id: number): string | null {
  for (const [, cows] of queryClient.getQueriesData<Cow[]>({ queryKey: cowsQueryPrefix })) {
    const cow = cows?.find((candidate) => candidate.id === id);
    if (cow) return cow.code;
  }
  return queryClient.getQueryData<Cow>(cowQueryKey(id))?.code ?? null;
}

// Notices (architecture §6): sensor and health notices, reproduction reminders, today's counts.

/** The farm's people (features/staff); live updates reload it when a role changes. */
export const staffQueryKey = ['staff'] as const;

export const noticesQueryPrefix = ['notices'] as const;

export const sensorNoticesQueryOptions = (params: NoticeParams) =>
  queryOptions({
    queryKey: ['notices', 'sensor', params.country, params.FarmNumber, params.phone] as const,
    queryFn: ({ signal }) => call(api.notices.getNoticeData, { params, signal }),
  });

export const reproductionNoticesQueryOptions = (params: NoticeParams) =>
  queryOptions({
    queryKey: ['notices', 'reproduction', params.country, params.FarmNumber, params.phone] as const,
    queryFn: ({ signal }) => call(api.notices.getNoticeDatab, { params, signal }),
  });

/** The start of the user's own day, as the server cannot know the farm's time zone. */
export const startOfToday = (now = new Date()): string => {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return start.toISOString();
};

/** Keyed by the day, so the counts start again at midnight. */
export const noticeCountsQueryOptions = (params: NoticeParams, since = startOfToday()) =>
  queryOptions({
    queryKey: ['notices', 'today', params.country, params.FarmNumber, params.phone, since] as const,
    queryFn: ({ signal }) => call(api.notices.getNoticeDatabtd, { params, query: { since }, signal }),
  });

export type { Notice };

/** The notice calls' path parameters for the logged-in user; null when the user has no phone. */
export function noticeParamsOf(user: {
  country: string;
  FarmNumber: string;
  phone: string;
}): NoticeParams | null {
  if (!/^\+?[0-9 -]{5,20}$/.test(user.phone)) return null;
  return { country: user.country, FarmNumber: user.FarmNumber, phone: user.phone };
}

// The sensor page (ckcom): every sensor worn by an active cow.

export const sensorPageQueryOptions = (params: FarmParams) =>
  queryOptions({
    queryKey: ['sensors', params.country, params.FarmNumber] as const,
    queryFn: ({ signal }) =>
      call(api.cows.sensorPage, {
        params: { FarmNumber: params.FarmNumber, country: params.country },
        signal,
      }),
  });

export const sensorPageQueryPrefix = ['sensors'] as const;
