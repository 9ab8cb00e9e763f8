import type { KpiSettings } from '@cowcare/contract/routes/reproduction-kpis';
import {
  KPI_TARGET_BOUNDS,
  REPRODUCTION_KPI_KINDS,
  REPRODUCTION_KPI_NAMES,
  type ReproductionKpiName,
} from '@cowcare/domain/reproduction-kpi-targets';

/** A target as the form shows it: rates in percent (60, not 0.6), the rest as they are. */
export type TargetInputs = Record<ReproductionKpiName, number | string>;

const isRate = (name: ReproductionKpiName) => REPRODUCTION_KPI_KINDS[name].unit === 'rate';

/** The bounds in the form's own unit. */
export function inputBounds(name: ReproductionKpiName): { min: number; max: number } {
  const { min, max } = KPI_TARGET_BOUNDS[REPRODUCTION_KPI_KINDS[name].unit];
  return isRate(name) ? { min: min * 100, max: max * 100 } : { min, max };
}

export const targetInputsOf = (targets: KpiSettings['targets']): TargetInputs =>
  Object.fromEntries(
    REPRODUCTION_KPI_NAMES.map((name) => [
      name,
      isRate(name) ? Math.round(targets[name] * 1000) / 10 : targets[name],
    ]),
  ) as TargetInputs;

export function isValidTargetInput(name: ReproductionKpiName, value: number | string): value is number {
  const { min, max } = inputBounds(name);
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

/** The targets to save, or the names whose input is out of bounds. */
export function targetsOf(inputs: TargetInputs): KpiSettings['targets'] | ReproductionKpiName[] {
  const invalid = REPRODUCTION_KPI_NAMES.filter((name) => !isValidTargetInput(name, inputs[name]));
  if (invalid.length > 0) return invalid;
  return Object.fromEntries(
    REPRODUCTION_KPI_NAMES.map((name) => {
      const value = Number(inputs[name]);
      return [name, isRate(name) ? value / 100 : value];
    }),
  ) as KpiSettings['targets'];
}
