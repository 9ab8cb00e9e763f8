import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '@cowcare/locales/catalog';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { useActionLists } from '../api/reproduction-kpis';

interface ListedRow {
  cowId: number;
  code: string;
  detail: string;
  urgent?: boolean;
}

function CowList({ id, titleKey, rows }: { id: string; titleKey: MessageKey; rows: readonly ListedRow[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder p="sm" component="section" aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h6" id={id}>
          {t(titleKey)}
        </Title>
        <Badge variant="light" color={rows.length === 0 ? 'gray' : 'blue'}>
          {rows.length}
        </Badge>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('kpis.actions.none')}
        </Text>
      ) : (
        <Stack gap={2}>
          {rows.map((row) => (
            <Group key={row.cowId} justify="space-between" wrap="nowrap" data-testid={`${id}-row`}>
              <Anchor component={Link} to={withQuery(paths.index.cow, { id: row.cowId })} fw={600}>
                {row.code}
              </Anchor>
              <Text size="sm" c={row.urgent ? 'var(--mantine-color-red-text)' : 'dimmed'}>
                {row.detail}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The lists a herd manager works from each morning, each cow a tap from her page. */
export function ActionLists({ cowTypeId }: { cowTypeId: number | null }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const lists = useActionLists(cowTypeId);
  if (lists.isPending) return <PageLoader />;
  if (lists.isError) return <QueryError error={lists.error} onRetry={() => void lists.refetch()} />;
  const date = (day: string) => formatDate(day, bcp47);
  const { pregnancyChecks, dueToCalve, openWithoutHeat, repeatedServices } = lists.data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('kpis.actions.title')}
      </Title>
      <CowList
        id="action-pregnancy-checks"
        titleKey="kpis.actions.pregnancyChecks"
        rows={pregnancyChecks.map((row) => ({
          ...row,
          detail: t(row.overdue ? 'kpis.actions.checkOverdue' : 'kpis.actions.checkOn', {
            date: date(row.checkDate),
          }),
          urgent: row.overdue,
        }))}
      />
      <CowList
        id="action-due-to-calve"
        titleKey="kpis.actions.dueToCalve"
        rows={dueToCalve.map((row) => ({
          ...row,
          detail: t('kpis.actions.calvingOn', { date: date(row.expectedCalvingDate) }),
          urgent: row.daysToCalving < 0,
        }))}
      />
      <CowList
        id="action-open-without-heat"
        titleKey="kpis.actions.openWithoutHeat"
        rows={openWithoutHeat.map((row) => ({
          ...row,
          detail: t('kpis.actions.daysSinceCalving', { days: row.daysSinceCalving }),
        }))}
      />
      <CowList
        id="action-repeated-services"
        titleKey="kpis.actions.repeatedServices"
        rows={repeatedServices.map((row) => ({
          ...row,
          detail: t('kpis.actions.services', { services: row.services, date: date(row.lastServiceDate) }),
        }))}
      />
    </Stack>
  );
}
