import { ExchangeCard } from '../../features/exchange/components/exchange-card';
import { KpiTargetsCard } from '../../features/reproduction-kpis/components/kpi-targets-card';
import { UsersetRoute } from '../../features/settings/routes/userset';
import { useUser } from '../../lib/session';

/** Farm settings with the reproduction targets and the farm's data exchange. */
export function UsersetWithExtrasRoute() {
  const user = useUser();
  return (
    <UsersetRoute>
      <KpiTargetsCard />
      {user && <ExchangeCard farmNumber={user.FarmNumber} />}
    </UsersetRoute>
  );
}
