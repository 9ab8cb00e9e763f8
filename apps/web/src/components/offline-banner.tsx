import { useCallback, useSyncExternalStore } from 'react';
import { Alert, Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/connectivity';
import { currentLanguage, LANGUAGES } from '../lib/i18n';
import { isKeptOffline } from '../lib/offline-kept';

/** The oldest of the kept data on screen (the queries a screen observes), or 0 when none is. */
export function oldestShownData(queryClient: QueryClient): number {
  let oldest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    const { dataUpdatedAt } = query.state;
    if (!isKeptOffline(query.queryKey) || !query.isActive() || dataUpdatedAt === 0) continue;
    if (oldest === 0 || dataUpdatedAt < oldest) oldest = dataUpdatedAt;
  }
  return oldest;
}

const noop = () => () => undefined;

function useOldestShownData(enabled: boolean): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  // Online nothing is counted: the cache changes with every live update.
  return useSyncExternalStore(
    enabled ? subscribe : noop,
    () => (enabled ? oldestShownData(queryClient) : 0),
    () => 0,
  );
}

/** "14:05" for data of today, with the day for older data ("Nov 27, 14:05"). */
export function dataTimeText(epoch: number, bcp47: string, now = new Date()): string {
  const day = new Date(epoch);
  const today =
    day.getFullYear() === now.getFullYear() &&
    day.getMonth() === now.getMonth() &&
    day.getDate() === now.getDate();
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  // Made here, not by lib/format: the mark is on every page's first load, the formatting helpers are not.
  return new Intl.DateTimeFormat(bcp47, today ? time : { ...time, month: 'short', day: 'numeric' }).format(
    epoch,
  );
}

/**
 * The offline mark (issue 39): with no network, every page says so, how old the data it shows is, and that
 * changes need the network. It goes when the network returns (the reads catch up by themselves).
 */
export function OfflineBanner({
  inset = 0,
}: {
  /** Room left for the desktop's tab rail. */ inset?: number;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const oldest = useOldestShownData(!online);
  if (online) return null;
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const mark =
    oldest > 0 ? t('app.offline.mark', { time: dataTimeText(oldest, bcp47) }) : t('app.offline.markNoTime');
  return (
    <Alert
      role="status"
      color="yellow"
      variant="filled"
      radius={0}
      py={6}
      ml={inset}
      data-testid="offline-mark"
      style={{ position: 'sticky', top: 0, zIndex: 300 }}
    >
      <Text span inherit fw={700}>
        {mark}
      </Text>
      {' · '}
      {t('app.offline.changes')}
    </Alert>
  );
}
