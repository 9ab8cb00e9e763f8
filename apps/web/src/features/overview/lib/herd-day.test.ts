import { describe, expect, it } from 'vitest';
import { makeCow } from '../../../test/cows';
import { herdSensors } from './herd-day';

describe('herdSensors', () => {
  it('takes each sensor of a cow that is not culled once', () => {
    const cows = [
      makeCow({ sensor: 40001 }),
      makeCow({ sensor: null }),
      makeCow({ sensor: 40002, status: '도태' }),
      makeCow({ sensor: 40001 }),
      makeCow({ sensor: 123 }),
    ];
    expect(herdSensors(cows)).toEqual([40001, 123]);
  });
});
