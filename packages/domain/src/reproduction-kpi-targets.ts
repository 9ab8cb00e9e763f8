// The herd's targets for its reproduction KPIs (issue 40): the usual goals of the extension material
// (docs/kpis.md), which a farm changes in its settings. A KPI is on target when it is on the good side.

import type { ReproductionKpis } from './reproduction-kpis';

export type ReproductionKpiName = keyof ReproductionKpis;

/** In the order a herd manager reads them: heats caught, services that held, time lost, cows lost. */
export const REPRODUCTION_KPI_NAMES = [
  'heatDetectionRate',
  'conceptionRate',
  'firstServiceConceptionRate',
  'pregnancyRate',
  'servicesPerConception',
  'daysToFirstService',
  'daysOpen',
  'calvingInterval',
  'ageAtFirstCalving',
  'abortionRate',
  'cullingRate',
] as const satisfies readonly ReproductionKpiName[];

/** A rate is a fraction of 1; days are a mean in days; a count is services per conception. */
export type KpiUnit = 'rate' | 'days' | 'count';

export interface KpiKind {
  readonly unit: KpiUnit;
  /** Whether a higher value is better (rates of success) or worse (days lost, losses). */
  readonly better: 'higher' | 'lower';
}

export const REPRODUCTION_KPI_KINDS: Readonly<Record<ReproductionKpiName, KpiKind>> = {
  heatDetectionRate: { unit: 'rate', better: 'higher' },
  conceptionRate: { unit: 'rate', better: 'higher' },
  firstServiceConceptionRate: { unit: 'rate', better: 'higher' },
  pregnancyRate: { unit: 'rate', better: 'higher' },
  servicesPerConception: { unit: 'count', better: 'lower' },
  daysToFirstService: { unit: 'days', better: 'lower' },
  daysOpen: { unit: 'days', better: 'lower' },
  calvingInterval: { unit: 'days', better: 'lower' },
  ageAtFirstCalving: { unit: 'days', better: 'lower' },
  abortionRate: { unit: 'rate', better: 'lower' },
  cullingRate: { unit: 'rate', better: 'lower' },
};

export type ReproductionKpiTargets = Readonly<Record<ReproductionKpiName, number>>;

/** The usual goals (docs/kpis.md, "usual target"); a 13-month calving interval suits beef and dairy herds. */
export const DEFAULT_REPRODUCTION_KPI_TARGETS: ReproductionKpiTargets = {
  heatDetectionRate: 0.6,
  conceptionRate: 0.5,
  firstServiceConceptionRate: 0.5,
  pregnancyRate: 0.2,
  servicesPerConception: 2,
  daysToFirstService: 80,
  daysOpen: 85,
  calvingInterval: 395,
  ageAtFirstCalving: 730,
  abortionRate: 0.05,
  cullingRate: 0.25,
};

/** The bounds a target may be set within: rates 0..1, services 1..10, days 1..1500. */
export const KPI_TARGET_BOUNDS: Readonly<Record<KpiUnit, { readonly min: number; readonly max: number }>> = {
  rate: { min: 0, max: 1 },
  count: { min: 1, max: 10 },
  days: { min: 1, max: 1500 },
};

/** null when there is no value to judge. */
export function isOnTarget(name: ReproductionKpiName, value: number | null, target: number): boolean | null {
  if (value === null) return null;
  return REPRODUCTION_KPI_KINDS[name].better === 'higher' ? value >= target : value <= target;
}
