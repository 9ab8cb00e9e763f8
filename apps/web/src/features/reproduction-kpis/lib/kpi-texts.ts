import type { Kpi } from '@cowcare/contract/routes/reproduction-kpis';
import type { MessageKey } from '@cowcare/locales/catalog';
import { REPRODUCTION_KPI_KINDS } from '@cowcare/domain/reproduction-kpi-targets';
import { formatDecimal } from '../../../lib/format';
import { formatKpiNumber, targetSign } from './kpi-format';

type Translate = (key: MessageKey, values?: Record<string, unknown>) => string;

/** What a figure is made of, in words: "7 of 13", "mean of 4", "7 services, 5 pregnancies". */
export function kpiMakeup(kpi: Kpi, t: Translate, bcp47: string): string {
  if (kpi.name === 'servicesPerConception') {
    return t('kpis.makeup.services', { services: kpi.numerator, pregnancies: kpi.denominator });
  }
  if (kpi.name === 'cullingRate') {
    return t('kpis.makeup.culling', {
      left: kpi.numerator,
      cowYears: formatDecimal(kpi.denominator, 1, bcp47),
    });
  }
  return REPRODUCTION_KPI_KINDS[kpi.name].unit === 'days'
    ? t('kpis.makeup.mean', { n: kpi.denominator })
    : t('kpis.makeup.fraction', { numerator: kpi.numerator, denominator: kpi.denominator });
}

export const kpiTargetText = (kpi: Kpi, t: Translate, bcp47: string): string =>
  t('kpis.target', { target: `${targetSign(kpi.name)} ${formatKpiNumber(kpi.name, kpi.target, bcp47)}` });
