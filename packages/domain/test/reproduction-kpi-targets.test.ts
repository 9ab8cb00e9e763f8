import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPRODUCTION_KPI_TARGETS,
  isOnTarget,
  KPI_TARGET_BOUNDS,
  REPRODUCTION_KPI_KINDS,
  REPRODUCTION_KPI_NAMES,
} from '../src/reproduction-kpi-targets';

describe('reproduction KPI targets', () => {
  it('judges a success rate on target at or above it, and a loss or a delay at or below it', () => {
    expect(isOnTarget('heatDetectionRate', 0.6, 0.6)).toBe(true);
    expect(isOnTarget('heatDetectionRate', 0.59, 0.6)).toBe(false);
    expect(isOnTarget('daysOpen', 85, 85)).toBe(true);
    expect(isOnTarget('daysOpen', 132, 85)).toBe(false);
    expect(isOnTarget('abortionRate', 0.167, 0.05)).toBe(false);
  });

  it('has no verdict without a value', () => {
    expect(isOnTarget('conceptionRate', null, 0.5)).toBeNull();
  });

  it('keeps every default inside the bounds a farm may set', () => {
    for (const name of REPRODUCTION_KPI_NAMES) {
      const { min, max } = KPI_TARGET_BOUNDS[REPRODUCTION_KPI_KINDS[name].unit];
      expect(DEFAULT_REPRODUCTION_KPI_TARGETS[name]).toBeGreaterThanOrEqual(min);
      expect(DEFAULT_REPRODUCTION_KPI_TARGETS[name]).toBeLessThanOrEqual(max);
    }
  });
});
