import { useUser } from '../../lib/session';
import { DashboardRoute } from '../../features/overview/routes/overview-pages';
import { ReproductionDashboard } from '../../features/reproduction-kpis/components/reproduction-dashboard';

/** The dashboard: the herd's reproduction KPIs and morning lists above the herd today. */
export function DashboardWithKpisRoute() {
  const user = useUser();
  return <DashboardRoute lead={user ? <ReproductionDashboard user={user} /> : undefined} />;
}
