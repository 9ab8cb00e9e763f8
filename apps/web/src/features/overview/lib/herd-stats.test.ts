import { describe, expect, it } from 'vitest';
import { makeCow } from '../../../test/cows';
import { herdStats } from './herd-stats';

describe('herdStats: drinking', () => {
  it('counts a bolus without a value as no reading, and a neck collar or no sensor as no bolus', () => {
    const bolus = { sensor: 20001, sensorKind: 'pill' as const };
    const stats = herdStats([
      makeCow({ ...bolus, drink_current: 9 }),
      makeCow({ ...bolus, drink_current: 0 }),
      makeCow({ ...bolus, drink_current: null }),
      // Without a kind the sensor number says it (below 40000 is a bolus).
      makeCow({ sensor: 20002, sensorKind: null, drink_current: null }),
      makeCow({ sensor: 40001, sensorKind: 'neck', drink_current: null }),
      makeCow({ sensor: null, sensorKind: null, drink_current: null }),
    ]);
    expect(stats.drinking).toEqual({
      '0': 1,
      '1–4': 0,
      '5–8': 0,
      '9–12': 1,
      '13+': 0,
      none: 2,
      noBolus: 2,
    });
  });
});
