import type { QueryKey } from '@tanstack/react-query';

/**
 * The reads kept on the device for use without a network (decision 0031): the cow list, the cow pages and
 * the notice lists (with today's counts), the keys of lib/farm-queries.ts. Nothing else is written down:
 * not the charts, not the wallet, not the chat.
 */
const KEPT_ROOTS: ReadonlySet<unknown> = new Set(['cows', 'cow', 'notices']);

export const isKeptOffline = (queryKey: QueryKey): boolean => KEPT_ROOTS.has(queryKey[0]);
