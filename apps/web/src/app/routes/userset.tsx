import { KpiTargetsCard } from '../../features/reproduction-kpis/components/kpi-targets-card';
import { UsersetRoute } from '../../features/settings/routes/userset';

/** Farm settings with the reproduction targets. */
export function UsersetWithTargetsRoute() {
  return (
    <UsersetRoute>
      <KpiTargetsCard />
    </UsersetRoute>
  );
}
