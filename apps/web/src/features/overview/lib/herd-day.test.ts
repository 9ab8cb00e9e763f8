import { describe, expect, it } from 'vitest';
import { makeCow } from '../../../test/cows';
import { herdHours, herdSensors } from './herd-day';

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

describe('herdHours', () => {
  it('averages each hour over the sensors that measured in it, in time order', () => {
    const hours = herdHours([
      [
        { time: '2025-06-01T01:00:00+09:00', temp: 39, activity: null },
        { time: '2025-06-01T00:00:00+09:00', temp: 38.5, activity: 10 },
      ],
      [
        { time: '2025-06-01T00:00:00+09:00', temp: 38.75, activity: 30 },
        { time: '2025-06-01T01:00:00+09:00', temp: null, activity: null },
      ],
    ]);
    expect(hours).toEqual([
      { time: '2025-06-01T00:00:00+09:00', temp: 38.625, activity: 20, sensors: 2 },
      { time: '2025-06-01T01:00:00+09:00', temp: 39, activity: null, sensors: 1 },
    ]);
  });

  it('keeps an hour nobody measured in, with nothing in it', () => {
    expect(herdHours([[{ time: 't', temp: null, activity: null }]])).toEqual([
      { time: 't', temp: null, activity: null, sensors: 0 },
    ]);
  });
});
