import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import {
  DEFAULT_REPRODUCTION_KPI_TARGETS,
  REPRODUCTION_KPI_NAMES,
  type ReproductionKpiName,
} from '@cowcare/domain/reproduction-kpi-targets';
import { ok, type FakeHandler } from './fake-api';

/** A figure as the server answers it; no cows behind it unless given. */
export const kpiFigure = (
  name: ReproductionKpiName,
  value: number | null,
  numerator: number,
  denominator: number,
  cows: { numerator?: number[]; denominator?: number[] } = {},
): Kpi => ({
  name,
  value,
  numerator,
  denominator,
  numeratorCowIds: cows.numerator ?? [],
  denominatorCowIds: cows.denominator ?? [],
  target: DEFAULT_REPRODUCTION_KPI_TARGETS[name],
});

/** The KPI answer of a farm with these figures (every other one with nothing to judge). */
export const kpiAnswer = (
  figures: Partial<Record<ReproductionKpiName, Kpi>> = {},
  months: { month: string; values: Partial<Record<ReproductionKpiName, number>> }[] = [],
  cows: { id: number; code: string }[] = [],
) => ({
  from: '2025-11-01',
  to: '2026-11-29',
  today: '2026-11-29',
  cowTypeId: null,
  voluntaryWaitingDays: 60,
  kpis: REPRODUCTION_KPI_NAMES.map((name) => figures[name] ?? kpiFigure(name, null, 0, 0)),
  months: months.map(({ month, values }) => ({
    month,
    values: Object.fromEntries(REPRODUCTION_KPI_NAMES.map((name) => [name, values[name] ?? null])),
  })),
  cows,
});

const NO_LISTS = {
  today: '2026-11-29',
  pregnancyChecks: [],
  dueToCalve: [],
  openWithoutHeat: [],
  repeatedServices: [],
};

/** The dashboard's reproduction calls for a farm with no records: the herd pages' tests need them answered. */
export const emptyReproductionKpis: Record<string, FakeHandler> = {
  'GET kpis/reproduction': () => ok(kpiAnswer()),
  'GET kpis/reproduction/action-lists': () => ok(NO_LISTS),
  'POST common/common/getusercowtype/F-100': () => ok({ types: [], uncategorized: { count: 0 } }),
};
