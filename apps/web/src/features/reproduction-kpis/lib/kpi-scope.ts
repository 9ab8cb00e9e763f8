import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@cowcare/domain/calendar-date';
import { localToday } from '../../../lib/format';
import type { KpiScope } from '../api/reproduction-kpis';
import { KPI_PERIOD_CHOICES, kpiPeriodOf, type KpiPeriod, type KpiPeriodChoice } from './kpi-period';

const isChoice = (value: string | null): value is KpiPeriodChoice =>
  (KPI_PERIOD_CHOICES as readonly (string | null)[]).includes(value);

const dayParam = (value: string | null): string | null =>
  value !== null && isCalendarDate(value) ? value : null;

/** The address's query of a scope, for links that keep it (a figure's page, the way back). */
export type KpiScopeQuery = Record<string, string | number | undefined>;

/**
 * The period and cow type in the page's address (`?period=thisYear&type=3`, or `?period=custom&from=…&to=…`),
 * so a figure's page and the way back keep them, and a link can be shared. Chosen dates out of order fall back
 * to the last 12 months rather than asking the server for nothing.
 */
export function useKpiScope(): {
  choice: KpiPeriodChoice;
  scope: KpiScope;
  query: KpiScopeQuery;
  setChoice: (choice: KpiPeriodChoice) => void;
  setCustom: (period: Partial<KpiPeriod>) => void;
  setCowTypeId: (cowTypeId: number | null) => void;
} {
  const [search, setSearch] = useSearchParams();
  const today = localToday();
  const period = search.get('period');
  const from = dayParam(search.get('from'));
  const to = dayParam(search.get('to'));
  const customOk = period === 'custom' && from !== null && to !== null && from <= to;
  const choice: KpiPeriodChoice =
    isChoice(period) && (period !== 'custom' || customOk) ? period : 'last12Months';
  const type = Number(search.get('type'));
  const cowTypeId = Number.isInteger(type) && type > 0 ? type : null;
  const dates: KpiPeriod =
    choice === 'custom' ? { from: from ?? today, to: to ?? today } : kpiPeriodOf(choice, today);
  const change = (values: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    choice,
    scope: { ...dates, cowTypeId },
    query: {
      period: choice,
      ...(choice === 'custom' ? dates : {}),
      type: cowTypeId ?? undefined,
    },
    setChoice: (next) =>
      change(next === 'custom' ? { period: next, ...dates } : { period: next, from: null, to: null }),
    setCustom: (next) => change({ period: 'custom', from: next.from ?? dates.from, to: next.to ?? dates.to }),
    setCowTypeId: (next) => change({ type: next === null ? null : String(next) }),
  };
}
