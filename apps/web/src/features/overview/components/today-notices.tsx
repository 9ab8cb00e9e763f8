import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_GROUPS } from '@cowcare/domain/notice-codes';
import { NOTICE_GROUP_COLORS } from '../../../components/notices/notice-colors';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { CountChart } from './count-chart';

/** Today's notices by group (getNoticeDatabtd): a loader, the failure with a retry, or the bars. */
export function TodayNotices({
  counts,
  today,
}: {
  counts: UseQueryResult<unknown>;
  today: ReadonlyMap<string, number> | null;
}) {
  const { t } = useTranslation();
  if (counts.isError) return <QueryError error={counts.error} onRetry={() => void counts.refetch()} />;
  // Idle and pending: the user has no phone number to ask with, so there is nothing to wait for.
  if (counts.isPending && counts.fetchStatus !== 'idle') return <PageLoader />;
  // Each kind in the colour the notice tab gives it.
  const rows = NOTICE_GROUPS.map((group) => ({
    label: t(`notices.group.${group}`),
    value: today?.get(group) ?? 0,
    color: `var(--mantine-color-${NOTICE_GROUP_COLORS[group]}-6)`,
  }));
  return (
    <CountChart
      id="today-notices"
      title={t('overview.todayNotices')}
      color="var(--mantine-color-violet-6)"
      rows={rows}
      summary={today === null ? t('overview.noNoticeCounts') : undefined}
    />
  );
}
