import { REPRODUCTION_KPI_KINDS, type ReproductionKpiName } from '@cowcare/domain/reproduction-kpi-targets';
import { formatDecimal } from '../../../lib/format';

/** A rate as a percentage with one decimal, days as whole days, services per conception with one decimal. */
export function formatKpiNumber(name: ReproductionKpiName, value: number, bcp47: string): string {
  switch (REPRODUCTION_KPI_KINDS[name].unit) {
    case 'rate':
      return `${formatDecimal(value * 100, 1, bcp47, true)} %`;
    case 'days':
      return formatDecimal(value, 0, bcp47);
    case 'count':
      return formatDecimal(value, 1, bcp47);
  }
}

/** The value as a chart plots it: rates in percent, so the axis reads like the card. */
export const chartValueOf = (name: ReproductionKpiName, value: number | null): number | null =>
  value === null ? null : REPRODUCTION_KPI_KINDS[name].unit === 'rate' ? value * 100 : value;

/** The sign a target is read with: at least a success rate, at most a delay or a loss. */
export const targetSign = (name: ReproductionKpiName): '≥' | '≤' =>
  REPRODUCTION_KPI_KINDS[name].better === 'higher' ? '≥' : '≤';
