import { describe, expect, it } from 'vitest';
import { runningBucket } from './running-bucket';

const HOUR = 3_600_000;
const starts = [0, 6, 12, 18].map((hour) => hour * HOUR);

describe('the bucket still running', () => {
  it('is the one now falls in, with the hours gone by', () => {
    expect(runningBucket(starts, 6 * HOUR, 14.25 * HOUR)).toEqual({
      index: 2,
      elapsedHours: 2.3,
      totalHours: 6,
    });
    expect(runningBucket(starts, 6 * HOUR, 6 * HOUR)).toEqual({ index: 1, elapsedHours: 0, totalHours: 6 });
  });

  it('is none when every bucket has ended or none has begun', () => {
    expect(runningBucket(starts, 6 * HOUR, 24 * HOUR)).toBeUndefined();
    expect(runningBucket(starts, 6 * HOUR, -1)).toBeUndefined();
    expect(runningBucket([], 6 * HOUR, 0)).toBeUndefined();
  });
});
