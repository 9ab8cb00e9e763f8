import { addDays } from '@cowcare/domain/calendar-date';

export interface KpiPeriod {
  readonly from: string;
  readonly to: string;
}

export const KPI_PERIOD_CHOICES = ['last12Months', 'thisYear', 'lastYear', 'custom'] as const;
export type KpiPeriodChoice = (typeof KPI_PERIOD_CHOICES)[number];

/**
 * The periods a herd manager compares: the last 12 whole months and this one (a trend of 13 months that
 * ends today), the calendar year so far, and last year; or dates of the user's own (`custom`).
 */
export function kpiPeriodOf(choice: Exclude<KpiPeriodChoice, 'custom'>, today: string): KpiPeriod {
  const year = Number(today.slice(0, 4));
  switch (choice) {
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last12Months':
      return { from: `${addDays(`${today.slice(0, 7)}-01`, -365).slice(0, 7)}-01`, to: today };
  }
}
