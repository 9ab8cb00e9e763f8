import { SimpleGrid } from '@mantine/core';
import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import type { ReproductionKpiName } from '@cowcare/domain/reproduction-kpi-targets';
import { paths, withQuery } from '../../../config/paths';
import type { KpiScope } from '../api/reproduction-kpis';
import { KpiCard } from './kpi-card';

export const kpiPagePath = (name: ReproductionKpiName, scope: KpiScope, period: string) =>
  withQuery(paths.index.kpi, { name, period, type: scope.cowTypeId ?? undefined });

/** Every figure as a card, in the order a herd manager reads them. */
export function KpiGrid({
  kpis,
  months,
  scope,
  period,
}: {
  kpis: readonly Kpi[];
  months: readonly { values: Readonly<Record<ReproductionKpiName, number | null>> }[];
  scope: KpiScope;
  period: string;
}) {
  return (
    // By the room the grid has, not the screen: two figures a row on a phone, one on the narrowest, where
    // a long word ("Оплодотворяемость") would not fit half of it.
    <SimpleGrid
      type="container"
      cols={{ base: 1, '320px': 2, '560px': 3, '760px': 4 }}
      spacing="xs"
      data-testid="reproduction-kpis"
    >
      {kpis.map((kpi) => (
        <KpiCard
          key={kpi.name}
          kpi={kpi}
          months={months.map((month) => month.values[kpi.name])}
          to={kpiPagePath(kpi.name, scope, period)}
        />
      ))}
    </SimpleGrid>
  );
}
