import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { TRANSLATION_REFRESH_INTERVAL_MS } from '@cowcare/domain/constants';
import { call } from '../../../lib/api-client';

/** Background poll: silent, so it never shows the request indicator. */
export const getTranslationStrings = (signal?: AbortSignal) =>
  call(api.system.translationStrings, { signal, silent: true });

export const translationStringsQueryOptions = () =>
  queryOptions({
    queryKey: ['translation-strings'],
    queryFn: ({ signal }) => getTranslationStrings(signal),
    refetchInterval: TRANSLATION_REFRESH_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: TRANSLATION_REFRESH_INTERVAL_MS,
    retry: false,
  });

export const useTranslationStrings = (enabled: boolean) =>
  useQuery({ ...translationStringsQueryOptions(), enabled });
