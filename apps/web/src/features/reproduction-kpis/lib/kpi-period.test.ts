import { describe, expect, it } from 'vitest';
import { kpiPeriodOf } from './kpi-period';

describe('the KPI periods', () => {
  it('ends the last 12 months today and starts them on the first of the month a year back', () => {
    expect(kpiPeriodOf('last12Months', '2026-11-29')).toEqual({ from: '2025-11-01', to: '2026-11-29' });
    expect(kpiPeriodOf('last12Months', '2024-03-01')).toEqual({ from: '2023-03-01', to: '2024-03-01' });
  });

  it('takes this year so far, and the whole of last year', () => {
    expect(kpiPeriodOf('thisYear', '2026-11-29')).toEqual({ from: '2026-01-01', to: '2026-11-29' });
    expect(kpiPeriodOf('lastYear', '2026-11-29')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});
