import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { COW_STATUSES } from '@cowcare/domain/cow-status';
import { NOTICE_GROUPS } from '@cowcare/domain/notice-codes';
import { SeriesChart } from '../../../components/charts/series-chart';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { cowsQueryOptions, noticeCountsQueryOptions, noticeParamsOf } from '../../../lib/farm-queries';
import {
  ACTIVITY_BAND_ORDER,
  herdStats,
  TEMPERATURE_BAND_ORDER,
  todayByGroup,
  type HerdStats,
} from '../lib/herd-stats';

export type OverviewSection = 'kpis' | 'bands' | 'today' | 'status' | 'sensors' | 'attention';

function useTodayCounts(user: User) {
  const params = noticeParamsOf(user);
  return useQuery({
    ...noticeCountsQueryOptions(
      params ?? { country: user.country, FarmNumber: user.FarmNumber, phone: '00000' },
    ),
    enabled: params !== null,
  });
}

function Kpi({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card withBorder p="xs" ta="center">
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}

/** The summary text of a count chart: every bar with its number, in words. */
const listing = (rows: { label: string; value: number }[]) =>
  rows.map((row) => `${row.label}: ${row.value}`).join(', ');

function Sections({
  stats,
  today,
  sections,
}: {
  stats: HerdStats;
  today: Map<string, number> | null;
  sections: readonly OverviewSection[];
}) {
  const { t } = useTranslation();
  const temperatureRows = [
    ...TEMPERATURE_BAND_ORDER.map((band) => ({
      label: t(`herd.temperatureShort.${band}`),
      value: stats.temperature[band],
    })),
    { label: t('overview.noReading'), value: stats.temperature.none },
  ];
  const activityRows = [
    ...ACTIVITY_BAND_ORDER.map((band) => ({
      label: t(`herd.activity.${band}`),
      value: stats.activity[band],
    })),
    { label: t('overview.noReading'), value: stats.activity.none },
  ];
  const todayRows = NOTICE_GROUPS.map((group) => ({
    label: t(`notices.group.${group}`),
    value: today?.get(group) ?? 0,
  }));
  const statusRows = COW_STATUSES.filter((status) => status !== 'culled').map((status) => ({
    label: t(`herd.status.${status}`),
    value: stats.status[status],
  }));
  const sensorRows = [
    { label: t('herd.sensor.online'), value: stats.sensors.online },
    { label: t('herd.sensor.offline'), value: stats.sensors.offline },
    { label: t('overview.noSensor'), value: stats.sensors.none },
  ];
  const points = (rows: { label: string; value: number }[]) => rows.map((row) => ({ ...row }));
  return (
    <Stack gap="sm">
      {sections.includes('kpis') && (
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-testid="herd-kpis">
          <Kpi label={t('overview.kpi.cows')} value={stats.total} testId="kpi-cows" />
          <Kpi label={t('overview.kpi.fevers')} value={stats.fevers} testId="kpi-fevers" />
          <Kpi label={t('overview.kpi.heatsToday')} value={today?.get('estrus') ?? 0} testId="kpi-heats" />
          <Kpi
            label={t('overview.kpi.sensorsOnline', { total: stats.sensors.online + stats.sensors.offline })}
            value={stats.sensors.online}
            testId="kpi-online"
          />
        </SimpleGrid>
      )}
      {sections.includes('bands') && (
        <>
          <SeriesChart
            id="temperature-bands"
            title={t('overview.temperatureBands')}
            kind="bar"
            color="var(--mantine-color-red-6)"
            points={points(temperatureRows)}
            summary={listing(temperatureRows)}
          />
          <SeriesChart
            id="activity-bands"
            title={t('overview.activityBands')}
            kind="bar"
            color="var(--mantine-color-orange-6)"
            points={points(activityRows)}
            summary={listing(activityRows)}
          />
        </>
      )}
      {sections.includes('today') && (
        <SeriesChart
          id="today-notices"
          title={t('overview.todayNotices')}
          kind="bar"
          color="var(--mantine-color-violet-6)"
          points={points(todayRows)}
          summary={today === null ? t('overview.noNoticeCounts') : listing(todayRows)}
        />
      )}
      {sections.includes('status') && (
        <SeriesChart
          id="status"
          title={t('overview.byStatus')}
          kind="bar"
          points={points(statusRows)}
          summary={listing(statusRows)}
        />
      )}
      {sections.includes('sensors') && (
        <SeriesChart
          id="sensor-states"
          title={t('overview.sensors')}
          kind="bar"
          color="var(--mantine-color-gray-6)"
          points={points(sensorRows)}
          summary={listing(sensorRows)}
        />
      )}
      {sections.includes('attention') &&
        (stats.attention.length === 0 ? (
          <EmptyState title={t('overview.allWell')} />
        ) : (
          <Card withBorder p={0} component="section" aria-label={t('overview.attention')}>
            {stats.attention.map(({ cow, reasons }) => (
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
                    <Badge key={reason} size="sm" variant="light">
                      {t(`overview.reason.${reason}`)}
                    </Badge>
                  ))}
                </Group>
              </Group>
            ))}
          </Card>
        ))}
    </Stack>
  );
}

/** Herd KPIs and charts from the cow list and today's notice counts; `sections` picks what a page shows. */
export function HerdOverview({ user, sections }: { user: User; sections: readonly OverviewSection[] }) {
  const cows = useQuery(cowsQueryOptions({ country: user.country, FarmNumber: user.FarmNumber }));
  const counts = useTodayCounts(user);
  if (cows.isPending) return <PageLoader />;
  if (cows.isError) return <QueryError error={cows.error} onRetry={() => void cows.refetch()} />;
  const today = counts.data ? todayByGroup(counts.data.tdcnlist) : null;
  return <Sections stats={herdStats(cows.data)} today={today} sections={sections} />;
}
