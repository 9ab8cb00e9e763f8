import { describe, it, expect } from 'vitest';
import { addMinutesToTimestamp, fillSensorGaps, type SensorReading } from '../src/sensor-gap-fill';

function sequence(...values: number[]): () => number {
  let index = 0;
  return () => {
    const value = values[index];
    index += 1;
    if (value === undefined) throw new Error('random called more often than expected');
    return value;
  };
}
const alwaysHalf = (): number => 0.5;

describe('fillSensorGaps', () => {
  it('fills interior holes around the given averages at 10-minute steps, across midnight and a month end', () => {
    const readings: SensorReading[] = [
      { num: 5, temp: 39.3, activity: 15, timedate: '2024-02-01 00:10:00' },
      { num: 1, temp: 38.8, activity: 9, timedate: '2024-01-31 23:30:00' },
      { num: 2, temp: 38.9, activity: 11, timedate: '2024-01-31 23:40:00' },
    ];
    const filled = fillSensorGaps(readings, {
      random: sequence(0.75, 0.25, 0, 0.5),
      averageTemperature: 39,
      averageActivity: 12,
    });
    expect(filled).toEqual([
      { num: 1, temp: 38.8, activity: 9, timedate: '2024-01-31 23:30:00', filled: false },
      { num: 2, temp: 38.9, activity: 11, timedate: '2024-01-31 23:40:00', filled: false },
      { num: 3, temp: 39.1, activity: 11.4, timedate: '2024-01-31 23:50:00', filled: true },
      { num: 4, temp: 38.8, activity: 12, timedate: '2024-02-01 00:00:00', filled: true },
      { num: 5, temp: 39.3, activity: 15, timedate: '2024-02-01 00:10:00', filled: false },
    ]);
  });

  it('spreads temperature ±0.2 °C and activity ±10 % at the extremes of the random source', () => {
    const filled = fillSensorGaps(
      [
        { num: 0, temp: 39, activity: 20, timedate: '2024-05-01 10:00:00' },
        { num: 3, temp: 39, activity: 20, timedate: '2024-05-01 10:30:00' },
      ],
      { random: sequence(0, 0, 1, 1) },
    );
    expect(filled.filter((reading) => reading.filled).map(({ temp, activity }) => [temp, activity])).toEqual([
      [38.8, 18],
      [39.2, 22],
    ]);
  });

  it('uses the mean of the real readings when no average is given', () => {
    const filled = fillSensorGaps(
      [
        { num: 10, temp: 38.6, activity: 8, timedate: '2024-05-01 10:00:00' },
        { num: 12, temp: 39.4, activity: 16, timedate: '2024-05-01 10:20:00' },
      ],
      { random: alwaysHalf },
    );
    expect(filled[1]).toEqual({
      num: 11,
      temp: 39,
      activity: 12,
      timedate: '2024-05-01 10:10:00',
      filled: true,
    });
  });

  it('falls back to 38.9 °C and activity 10 when no average is available', () => {
    const filled = fillSensorGaps(
      [
        { num: 1, temp: Number.NaN, activity: Number.NaN, timedate: '2024-05-01 10:00:00' },
        { num: 3, temp: Number.NaN, activity: Number.NaN, timedate: '2024-05-01 10:20:00' },
      ],
      { random: alwaysHalf, averageTemperature: null, averageActivity: Number.NaN },
    );
    expect(filled[1]).toEqual({
      num: 2,
      temp: 38.9,
      activity: 10,
      timedate: '2024-05-01 10:10:00',
      filled: true,
    });
  });

  it('calls the random source twice per filled slot and never for complete data', () => {
    let calls = 0;
    const counting = (): number => {
      calls += 1;
      return 0.5;
    };
    fillSensorGaps(
      [
        { num: 1, temp: 39, activity: 10, timedate: '2024-05-01 10:00:00' },
        { num: 2, temp: 39, activity: 10, timedate: '2024-05-01 10:10:00' },
      ],
      { random: counting },
    );
    expect(calls).toBe(0);
    fillSensorGaps(
      [
        { num: 1, temp: 39, activity: 10, timedate: '2024-05-01 10:00:00' },
        { num: 5, temp: 39, activity: 10, timedate: '2024-05-01 10:40:00' },
      ],
      { random: counting },
    );
    expect(calls).toBe(6);
  });

  it.each([
    [144, 146],
    [145, 2],
  ])('fills a hole of %s readings only up to the one-day limit (%s readings out)', (missing, expected) => {
    const filled = fillSensorGaps(
      [
        { num: 0, temp: 39, activity: 10, timedate: '2024-05-01 00:00:00' },
        { num: missing + 1, temp: 39, activity: 10, timedate: '2024-05-02 00:10:00' },
      ],
      { random: alwaysHalf },
    );
    expect(filled).toHaveLength(expected);
  });

  it('honours a custom gap limit', () => {
    const filled = fillSensorGaps(
      [
        { num: 0, temp: 39, activity: 10, timedate: '2024-05-01 00:00:00' },
        { num: 3, temp: 39, activity: 10, timedate: '2024-05-01 00:30:00' },
        { num: 7, temp: 39, activity: 10, timedate: '2024-05-01 01:10:00' },
      ],
      { random: alwaysHalf, maxFilledPerGap: 2 },
    );
    expect(filled.map((reading) => reading.num)).toEqual([0, 1, 2, 3, 7]);
  });

  it('keeps the first of duplicate sequence numbers and handles empty and single inputs', () => {
    const first = { num: 2, temp: 39.1, activity: 10, timedate: '2024-05-01 00:10:00' };
    const second = { num: 2, temp: 40.5, activity: 30, timedate: '2024-05-01 00:10:05' };
    expect(fillSensorGaps([first, second], { random: alwaysHalf })).toEqual([{ ...first, filled: false }]);
    expect(fillSensorGaps([], { random: alwaysHalf })).toEqual([]);
  });
});

describe('addMinutesToTimestamp', () => {
  it.each([
    ['2024-02-28 23:50:00', 10, '2024-02-29 00:00:00'],
    ['2023-02-28 23:50', 10, '2023-03-01 00:00'],
    ['2024-12-31T23:55:00.000Z', 10, '2025-01-01T00:05:00.000Z'],
    ['2024-03-31T01:55:00+02:00', 10, '2024-03-31T02:05:00+02:00'],
    ['2024-03-31T01:55:30+0200', 20, '2024-03-31T02:15:30+0200'],
    ['2024-05-01 10:00:00', -10, '2024-05-01 09:50:00'],
  ])('%s + %s min = %s', (timestamp, minutes, expected) => {
    expect(addMinutesToTimestamp(timestamp, minutes)).toBe(expected);
  });

  it.each(['', '2024-05-01', '10:00', '2024/05/01 10:00:00', 'yesterday'])('rejects %j', (timestamp) => {
    expect(() => addMinutesToTimestamp(timestamp, 10)).toThrow(RangeError);
  });
});
