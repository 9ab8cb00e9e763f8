import { useState } from 'react';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Notice } from '@cowcare/contract/routes/notices';
import { NoticeRow } from '../../../components/notices/notice-row';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isNoticeDone } from '../../../lib/follow-ups';
import { mergeNoticeLists } from '../../../lib/notice-lists';
import { useReproductionNotices, useSensorNotices } from '../../../lib/notice-queries';
import { useReadNotices } from '../../../lib/read-notices';
import { useUser } from '../../../lib/session';

/** How far back the cow page lists her notices, and how many at most. */
const COW_ALERT_DAYS = 30;
const COW_ALERT_LIMIT = 10;

/**
 * Her notices within the last days, newest first, at most the limit; a reminder whose event she has on
 * record since ("Expected calving near" once she calved) is done and left out.
 */
function cowAlerts(cow: Cow, notices: readonly Notice[], now: number): Notice[] {
  const since = now - COW_ALERT_DAYS * 86_400_000;
  return notices
    .filter(
      (notice) => notice.cowid === cow.id && Date.parse(notice.time) >= since && !isNoticeDone(notice, cow),
    )
    .slice(0, COW_ALERT_LIMIT);
}

/**
 * The cow's recent notices with the values that raised them, so the page a notice or the attention list
 * opens says why: from the farm's notice lists the tab bar already holds. Tapping one marks it read.
 */
export function CowAlerts({ cow }: { cow: Cow }) {
  const { t } = useTranslation();
  const user = useUser();
  const sensor = useSensorNotices(user);
  const reproduction = useReproductionNotices(user);
  const read = useReadNotices();
  const [now] = useState(() => Date.now());
  const failed = sensor.isError ? sensor : reproduction.isError ? reproduction : null;
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  // Idle and pending: the user has no phone number to ask with, so she has no notices to show.
  const loading = (query: typeof sensor | typeof reproduction) =>
    query.isPending && query.fetchStatus !== 'idle';
  if (loading(sensor) || loading(reproduction)) return <PageLoader />;
  const { list = [], all = [] } = sensor.data ?? {};
  const { listb = [], allb = [] } = reproduction.data ?? {};
  const alerts = cowAlerts(cow, mergeNoticeLists(list, all, listb, allb), now);
  if (alerts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="cow-alerts-empty">
        {t('herd.cow.alertsEmpty', { days: COW_ALERT_DAYS })}
      </Text>
    );
  }
  return (
    <Card withBorder p={0} data-testid="cow-alerts">
      {alerts.map((notice) => (
        <NoticeRow
          key={notice.id}
          notice={notice}
          now={now}
          onOpen={(opened) => {
            if (opened.readed === 0) read.mutate([opened.id]);
          }}
        />
      ))}
    </Card>
  );
}
