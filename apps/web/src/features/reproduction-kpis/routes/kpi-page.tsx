import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import {
  isOnTarget,
  REPRODUCTION_KPI_KINDS,
  REPRODUCTION_KPI_NAMES,
  type ReproductionKpiName,
} from '@cowcare/domain/reproduction-kpi-targets';
import { TrendChart } from '../../../components/charts/trend-chart';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { useBcp47 } from '../../../lib/language';
import { useReproductionKpis } from '../api/reproduction-kpis';
import { chartValueOf, formatKpiNumber } from '../lib/kpi-format';
import { useKpiScope } from '../lib/kpi-scope';
import { kpiMakeup, kpiTargetText } from '../lib/kpi-texts';

const isKpiName = (value: string | null): value is ReproductionKpiName =>
  (REPRODUCTION_KPI_NAMES as readonly (string | null)[]).includes(value);

function CowLinks({
  id,
  title,
  cowIds,
  codes,
}: {
  id: string;
  title: string;
  cowIds: readonly number[];
  codes: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder p="sm" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h6" id={id} mb={4}>
        {title} ({cowIds.length})
      </Title>
      {cowIds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('kpis.actions.none')}
        </Text>
      ) : (
        <Group gap="xs">
          {cowIds.map((cowId) => (
            <Anchor key={cowId} component={Link} to={withQuery(paths.index.cow, { id: cowId })} fw={600}>
              {codes.get(cowId) ?? cowId}
            </Anchor>
          ))}
        </Group>
      )}
    </Card>
  );
}

function KpiDetail({
  kpi,
  months,
  codes,
}: {
  kpi: Kpi;
  months: readonly { month: string; value: number | null }[];
  codes: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  const verdict = isOnTarget(kpi.name, kpi.value, kpi.target);
  const monthName = new Intl.DateTimeFormat(bcp47, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const name = t(`kpis.name.${kpi.name}`);
  return (
    <Stack gap="sm">
      <Card withBorder p="sm">
        <Text size="sm">{t(`kpis.definition.${kpi.name}`)}</Text>
        <Group gap="sm" mt="xs" align="baseline">
          <Text size="xl" fw={700} data-testid="kpi-value">
            {kpi.value === null ? '–' : formatKpiNumber(kpi.name, kpi.value, bcp47)}
          </Text>
          <Text size="sm" c="dimmed">
            {kpi.value === null ? t('kpis.noData') : kpiMakeup(kpi, t, bcp47)}
          </Text>
        </Group>
        <Badge mt="xs" variant="light" color={verdict === null ? 'gray' : verdict ? 'green' : 'orange'}>
          {kpiTargetText(kpi, t, bcp47)}
        </Badge>
      </Card>
      <TrendChart
        id="kpi-trend"
        title={t('kpis.trend', { name })}
        rows={months.map(({ month, value }) => ({
          label: monthName.format(new Date(`${month}-01T00:00:00Z`)),
          value: chartValueOf(kpi.name, value),
        }))}
        series={[{ key: 'value', name, color: 'var(--mantine-color-green-7)', kind: 'bar' }]}
        guides={[
          {
            label: t('kpis.targetLine'),
            value: chartValueOf(kpi.name, kpi.target),
            color: 'var(--mantine-color-orange-8)',
          },
        ]}
        digits={kpi.name === 'servicesPerConception' ? 1 : 0}
        unit={REPRODUCTION_KPI_KINDS[kpi.name].unit === 'rate' ? ' %' : ''}
      />
      <CowLinks
        id="kpi-numerator-cows"
        title={t('kpis.cows.numerator')}
        cowIds={kpi.numeratorCowIds}
        codes={codes}
      />
      <CowLinks
        id="kpi-denominator-cows"
        title={t('kpis.cows.denominator')}
        cowIds={kpi.denominatorCowIds}
        codes={codes}
      />
    </Stack>
  );
}

/** One figure (`?name=daysOpen&period=…[&from=…&to=…]&type=…`): its definition, its months against the target, its cows. */
export function KpiRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { scope, query } = useKpiScope();
  const figures = useReproductionKpis(scope);
  const name = search.get('name');
  const back = withQuery(paths.index.dashboard, query);
  if (!isKpiName(name)) {
    return (
      <Page title={t('kpis.title')} back backTo={back}>
        <EmptyState title={t('kpis.unknown')} />
      </Page>
    );
  }
  const kpi = figures.data?.kpis.find((figure) => figure.name === name);
  return (
    <Page title={t(`kpis.name.${name}`)} back backTo={back}>
      {figures.isPending && <PageLoader />}
      {figures.isError && <QueryError error={figures.error} onRetry={() => void figures.refetch()} />}
      {figures.data && kpi && (
        <KpiDetail
          kpi={kpi}
          months={figures.data.months.map(({ month, values }) => ({ month, value: values[name] }))}
          codes={new Map(figures.data.cows.map((cow) => [cow.id, cow.code]))}
        />
      )}
    </Page>
  );
}
