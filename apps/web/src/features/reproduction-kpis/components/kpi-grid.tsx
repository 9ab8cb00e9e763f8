import { SimpleGrid } from '@mantine/core';
import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import type { ReproductionKpiName } from '@cowcare/domain/reproduction-kpi-targets';
import { paths, withQuery } from '../../../config/paths';
import type { KpiScopeQuery } from '../lib/kpi-scope';
import { KpiCard } from './kpi-card';

export const kpiPagePath = (name: ReproductionKpiName, scopeQuery: KpiScopeQuery) =>
  withQuery(paths.index.kpi, { name, ...scopeQuery });

/** Every figure as a card, in the order a herd manager reads them. */
export function KpiGrid({
  kpis,
  months,
  scopeQuery,
}: {
  kpis: readonly Kpi[];
  months: readonly { values: Readonly<Record<ReproductionKpiName, number | null>> }[];
  /** The period and cow type as the address holds them, kept on the figure's page. */
  scopeQuery: KpiScopeQuery;
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
          to={kpiPagePath(kpi.name, scopeQuery)}
        />
      ))}
    </SimpleGrid>
  );
}
