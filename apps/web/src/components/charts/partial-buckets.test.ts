import { describe, expect, it } from 'vitest';
import { partialBuckets } from './partial-buckets';

describe('partialBuckets', () => {
  it('finds the day a sensor was fitted, against her whole days', () => {
    expect(partialBuckets([0, 0, 60, 144, 144, 143])).toEqual([{ index: 2, readings: 60, fullest: 144 }]);
  });

  it('keeps a day with a few readings missed whole', () => {
    expect(partialBuckets([144, 131, 144])).toEqual([]);
  });

  it('judges a sensor at a 2-hour cadence by its own days', () => {
    expect(partialBuckets([12, 12, 5, 12])).toEqual([{ index: 2, readings: 5, fullest: 12 }]);
  });

  it('leaves the running bucket out, whatever it holds', () => {
    expect(partialBuckets([144, 144, 30], 2)).toEqual([]);
    expect(partialBuckets([30, 30, 144], 2)).toEqual([]);
  });
});
