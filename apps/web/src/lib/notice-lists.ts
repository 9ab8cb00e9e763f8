import type { Notice } from '@cowcare/contract/routes/notices';

/**
 * Notice lists as one list, newest first, each notice once (the first copy met): the unread `list` and the
 * history `all` of a kind for the notice tab, or both kinds' for a cow's page.
 */
export function mergeNoticeLists(...lists: readonly (readonly Notice[])[]): Notice[] {
  const byId = new Map<number, Notice>();
  for (const list of lists) for (const notice of list) if (!byId.has(notice.id)) byId.set(notice.id, notice);
  return [...byId.values()].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id);
}
