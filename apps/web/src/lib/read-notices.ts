import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { call } from './api-client';
import { noticesQueryPrefix, type Notice } from './farm-queries';

export const readNotices = (ids: number[]) => call(api.notices.readNotices, { body: { ids } });

type Lists = Record<string, Notice[]>;

/** Shows these notices read in every cached notice list (so the unread badges count them no more). */
export function showNoticesRead(queryClient: QueryClient, ids: readonly number[]): void {
  const read = new Set(ids);
  queryClient.setQueriesData<Lists>({ queryKey: noticesQueryPrefix }, (data) => {
    if (!data || Array.isArray(data) || !('list' in data || 'listb' in data)) return data;
    const next: Lists = {};
    for (const [key, list] of Object.entries(data)) {
      next[key] = list.map((notice) => (read.has(notice.id) ? { ...notice, readed: 1 } : notice));
    }
    return next;
  });
}

/** Mark notices read (readnotice): the cached lists show them read at once. */
export function useReadNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotices,
    onMutate: (ids) => showNoticesRead(queryClient, ids),
  });
}
