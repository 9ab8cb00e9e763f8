import { Stack } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { COW_STATUSES } from '@cowcare/domain/cow-status';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ACTIVITY_BAND_COLORS, cssColor, TEMPERATURE_BAND_COLORS } from '../../../lib/band-colors';
import { cowsQueryOptions } from '../../../lib/farm-queries';
import {
  ACTIVITY_BAND_ORDER,
  DRINK_BANDS,
  herdStats,
  type HerdStats,
  TEMPERATURE_BAND_ORDER,
  todayByGroup,
} from '../lib/herd-stats';
import { useNoticeCounts, useSensorNotices } from '../../../lib/notice-queries';
import { heatsInLastDay } from '../lib/attention';
import { AttentionList } from './attention-list';
import { CountChart, listing } from './count-chart';
import { HerdDayCharts } from './herd-day-charts';
import { HerdKpis } from './herd-kpis';
import { TodayNotices } from './today-notices';

/** The band charts colour their bars as the cow list colours its readings; no reading is grey. */
const NO_READING_COLOR = cssColor('gray.5');

export type OverviewSection =
  'kpis' | 'herdDay' | 'bands' | 'drinking' | 'today' | 'status' | 'sensors' | 'attention';

function Sections({
  user,
  cows,
  counts,
  sections,
}: {
  user: User;
  cows: readonly Cow[];
  counts: UseQueryResult<{ tdcnlist: readonly { group: string; count: number }[] }>;
  sections: readonly OverviewSection[];
}) {
  const { t } = useTranslation();
  const notices = useSensorNotices(user);
  const stats = herdStats(cows);
  if (stats.total === 0) {
    return <EmptyState title={t('herd.list.emptyTitle')} body={t('herd.list.emptyBody')} />;
  }
  const today = counts.data ? todayByGroup(counts.data.tdcnlist) : null;
  const heats = notices.data ? heatsInLastDay(notices.data.all, notices.dataUpdatedAt) : null;
  const noReading = t('overview.noReading');
  const show = (section: OverviewSection) => sections.includes(section);
  return (
    <Stack gap="sm">
      {show('kpis') && <HerdKpis stats={stats} heatsToday={heats} />}
      {show('herdDay') && <HerdDayCharts user={user} cows={cows} />}
      {show('bands') && (
        <>
          <CountChart
            id="temperature-bands"
            title={t('overview.temperatureBands')}
            rows={[
              ...TEMPERATURE_BAND_ORDER.map((band) => ({
                label: t(`herd.temperatureShort.${band}`),
                value: stats.temperature[band],
                color: cssColor(TEMPERATURE_BAND_COLORS[band]),
              })),
              { label: noReading, value: stats.temperature.none, color: NO_READING_COLOR },
            ]}
          />
          <CountChart
            id="activity-bands"
            title={t('overview.activityBands')}
            rows={[
              ...ACTIVITY_BAND_ORDER.map((band) => ({
                label: t(`herd.activity.${band}`),
                value: stats.activity[band],
                color: cssColor(ACTIVITY_BAND_COLORS[band]),
              })),
              { label: noReading, value: stats.activity.none, color: NO_READING_COLOR },
            ]}
          />
        </>
      )}
      {show('drinking') && <DrinkingBands drinking={stats.drinking} noReading={noReading} />}
      {show('today') && <TodayNotices counts={counts} today={today} />}
      {show('status') && (
        <CountChart
          id="status"
          title={t('overview.byStatus')}
          rows={COW_STATUSES.filter((status) => status !== 'culled').map((status) => ({
            label: t(`herd.status.${status}`),
            value: stats.status[status],
          }))}
        />
      )}
      {show('sensors') && (
        <CountChart
          id="sensor-states"
          title={t('overview.sensors')}
          color="var(--mantine-color-gray-6)"
          rows={[
            { label: t('herd.sensor.online'), value: stats.sensors.online },
            { label: t('herd.sensor.offline'), value: stats.sensors.offline },
            { label: t('overview.noSensor'), value: stats.sensors.none },
          ]}
        />
      )}
      {show('attention') && <AttentionList user={user} cows={cows} />}
    </Stack>
  );
}

/** Bars for the cows wearing a bolus only; the others (neck collar, no sensor) cannot show drinks. */
function DrinkingBands({ drinking, noReading }: { drinking: HerdStats['drinking']; noReading: string }) {
  const { t } = useTranslation();
  const rows = [
    ...DRINK_BANDS.map(({ band }) => ({ label: band, value: drinking[band] })),
    { label: noReading, value: drinking.none },
  ];
  return (
    <CountChart
      id="drinking-bands"
      title={t('overview.drinkingBands')}
      color="var(--mantine-color-cyan-7)"
      rows={rows}
      summary={`${listing(rows)}. ${t('overview.drinkingNoBolus', { count: drinking.noBolus })}`}
    />
  );
}

/**
 * Herd KPIs and charts from the cow list, today's notice counts and the herd's sensors (the hour-by-hour
 * day); `sections` picks what a page shows.
 */
export function HerdOverview({ user, sections }: { user: User; sections: readonly OverviewSection[] }) {
  const cows = useQuery(cowsQueryOptions({ country: user.country, FarmNumber: user.FarmNumber }));
  const counts = useNoticeCounts(user);
  if (cows.isPending) return <PageLoader />;
  if (cows.isError) return <QueryError error={cows.error} onRetry={() => void cows.refetch()} />;
  return <Sections user={user} cows={cows.data} counts={counts} sections={sections} />;
}
