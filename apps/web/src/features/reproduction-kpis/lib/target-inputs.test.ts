import { describe, expect, it } from 'vitest';
import { DEFAULT_REPRODUCTION_KPI_TARGETS } from '@cowcare/domain/reproduction-kpi-targets';
import { targetInputsOf, targetsOf } from './target-inputs';

describe('the targets form', () => {
  it('shows rates in percent and saves them as fractions', () => {
    const inputs = targetInputsOf(DEFAULT_REPRODUCTION_KPI_TARGETS);
    expect(inputs.heatDetectionRate).toBe(60);
    expect(inputs.abortionRate).toBe(5);
    expect(inputs.daysOpen).toBe(85);
    expect(targetsOf({ ...inputs, conceptionRate: 45 })).toEqual({
      ...DEFAULT_REPRODUCTION_KPI_TARGETS,
      conceptionRate: 0.45,
    });
  });

  it('names every input out of its bounds and saves nothing', () => {
    const inputs = targetInputsOf(DEFAULT_REPRODUCTION_KPI_TARGETS);
    expect(targetsOf({ ...inputs, heatDetectionRate: 160, daysOpen: '', servicesPerConception: 0 })).toEqual([
      'heatDetectionRate',
      'servicesPerConception',
      'daysOpen',
    ]);
  });
});
