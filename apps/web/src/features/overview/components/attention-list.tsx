import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { EmptyState } from '../../../components/empty-state';
import { NOTICE_GROUP_COLORS } from '../../../components/notices/notice-colors';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { useSensorNotices } from '../../../lib/notice-queries';
import { cowsNeedingAttention, type AttentionReason } from '../lib/attention';

/** Each reason in the colour of its kind of alert, as the notice tab shows it. */
const REASON_COLORS: Record<AttentionReason, string> = {
  calving: NOTICE_GROUP_COLORS.calving,
  fever: NOTICE_GROUP_COLORS.fever,
  lowTemperature: NOTICE_GROUP_COLORS.lowTemperature,
  heat: NOTICE_GROUP_COLORS.estrus,
  lowActivity: NOTICE_GROUP_COLORS.activity,
  lowDrinking: NOTICE_GROUP_COLORS.drinking,
  highActivity: NOTICE_GROUP_COLORS.activity,
  followUp: NOTICE_GROUP_COLORS.healthFollowUp,
  offline: NOTICE_GROUP_COLORS.sensor,
};

/**
 * The cows needing attention, most urgent first, each with its reasons and a link to the cow: a fever or an
 * offline sensor now, or an alert in the last 24 hours (from the notice list the tab bar already holds).
 */
export function AttentionList({ user, cows }: { user: User; cows: readonly Cow[] }) {
  const { t } = useTranslation();
  const notices = useSensorNotices(user);
  if (notices.isError) return <QueryError error={notices.error} onRetry={() => void notices.refetch()} />;
  // Idle and pending: the user has no phone number to ask with; the list then goes by the cows alone.
  if (notices.isPending && notices.fetchStatus !== 'idle') return <PageLoader />;
  // The 24 hours are counted back from when the notices were loaded, so the list is the same at every render.
  const attention = cowsNeedingAttention(cows, notices.data?.all ?? [], notices.dataUpdatedAt);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('overview.attentionHint')}
      </Text>
      {attention.length === 0 ? (
        <EmptyState title={t('overview.allWell')} />
      ) : (
        <Card withBorder p={0} component="section" aria-label={t('overview.attention')}>
          {attention.map(({ cow, reasons }) => (
            <Group
              key={cow.id}
              justify="space-between"
              p="sm"
              data-testid="attention-row"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Anchor component={Link} to={withQuery(paths.index.cow, { id: cow.id })} fw={600}>
                {cow.code}
              </Anchor>
              <Group gap={4}>
                {reasons.map((reason) => (
                  <Badge key={reason} size="sm" variant="light" color={REASON_COLORS[reason]}>
                    {t(`overview.reason.${reason}`)}
                  </Badge>
                ))}
              </Group>
            </Group>
          ))}
        </Card>
      )}
    </Stack>
  );
}
