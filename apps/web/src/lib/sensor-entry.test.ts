import { describe, expect, it } from 'vitest';
import { parseSensorEntry } from './sensor-entry';

describe('typed sensor ids', () => {
  it('checks typed sensor ids against the list and the farm', () => {
    const result = parseSensorEntry('40001, 1201 1201\nabc 40111', [40001], new Map([[40111, 'C9']]));
    expect(result.added).toEqual([1201]);
    expect(result.problems.map((problem) => [problem.text, problem.key])).toEqual([
      ['40001', 'herd.rules.sensorRepeated'],
      ['1201', 'herd.rules.sensorRepeated'],
      ['abc', 'herd.rules.sensorNumber'],
      ['40111', 'herd.rules.sensorTaken'],
    ]);
  });
});
