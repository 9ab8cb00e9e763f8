import { useSearchParams } from 'react-router';
import { localToday } from '../../../lib/format';
import type { KpiScope } from '../api/reproduction-kpis';
import { KPI_PERIOD_CHOICES, kpiPeriodOf, type KpiPeriodChoice } from './kpi-period';

const isChoice = (value: string | null): value is KpiPeriodChoice =>
  (KPI_PERIOD_CHOICES as readonly (string | null)[]).includes(value);

/**
 * The period and cow type in the page's address (`?period=thisYear&type=3`), so a figure's page and the way
 * back keep them, and a link can be shared.
 */
export function useKpiScope(): {
  choice: KpiPeriodChoice;
  scope: KpiScope;
  setChoice: (choice: KpiPeriodChoice) => void;
  setCowTypeId: (cowTypeId: number | null) => void;
} {
  const [search, setSearch] = useSearchParams();
  const period = search.get('period');
  const choice = isChoice(period) ? period : 'last12Months';
  const type = Number(search.get('type'));
  const cowTypeId = Number.isInteger(type) && type > 0 ? type : null;
  const change = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    choice,
    scope: { ...kpiPeriodOf(choice, localToday()), cowTypeId },
    setChoice: (next) => change('period', next),
    setCowTypeId: (next) => change('type', next === null ? null : String(next)),
  };
}
