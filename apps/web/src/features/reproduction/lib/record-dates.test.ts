import { describe, expect, it } from 'vitest';
import { appraisalDate, scheduledServiceDate } from './record-dates';

describe('automatic record dates', () => {
  const mating = (code: string, addDays: number) => ({
    dictionary: 'mating' as const,
    code,
    labels: { ch: '', ko: '', en: code },
    addDays,
  });
  it('adds the mating method’s days, and the farm’s days for the check method', () => {
    expect(scheduledServiceDate('2025-12-31', mating('artificial-insemination', 1))).toBe('2026-01-01');
    expect(scheduledServiceDate('2025-03-01', mating('embryo-transfer', 7))).toBe('2025-03-08');
    expect(scheduledServiceDate('2025-03-01', mating('unknown-method', 3))).toBe('2025-03-04');
    const days = { ultrasonic: 45, inspection: 60, rectal: 60, hormone: 51, external: 60 };
    expect(appraisalDate('2025-03-02', mating('ultrasonic', 40), days)).toBe('2025-04-16');
    expect(appraisalDate(undefined, mating('ultrasonic', 40), days)).toBeUndefined();
  });
});
