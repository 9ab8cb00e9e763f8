import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from '../../../lib/api-client';

/** The news, newest first, in the user's language where support wrote it (the server picks the text). */
export const newsQueryOptions = (language: string) =>
  queryOptions({
    // The language is in the key: after a language change the texts are asked for again.
    queryKey: ['news', language],
    queryFn: ({ signal }) => call(api.news.getNews, { body: { order: 'desc' }, signal, silent: true }),
    staleTime: 10 * 60_000,
  });

export const useNews = (language: string) => useQuery(newsQueryOptions(language));
