import { describe, expect, it } from 'vitest';
import { hoursFrom, makeNotice } from '../test/notices';
import { heatStates, localDay } from './heat-states';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-26T05:00:00Z');

const heat = (cowid: number, onsetHoursAgo: number, noticecode = 101) => {
  const onset = NOW - onsetHoursAgo * HOUR;
  return makeNotice({
    cowid,
    noticecode,
    time: hoursFrom(onset, 6),
    details: {
      onset: hoursFrom(onset, 0),
      windowStart: hoursFrom(onset, 13),
      windowEnd: hoursFrom(onset, 24),
    },
  });
};

describe('heatStates', () => {
  it('is in heat before the insemination window, inseminate inside it, and nothing after it', () => {
    const states = heatStates([heat(1, 8), heat(2, 13), heat(3, 23.9), heat(4, 24), heat(5, 40)], NOW);
    const phases = Object.fromEntries([...states].map(([cow, state]) => [cow, state.phase]));
    expect(phases).toEqual({ 1: 'inHeat', 2: 'inseminate', 3: 'inseminate' });
    expect(states.get(1)?.onset).toBe(NOW - 8 * HOUR);
  });

  it("takes a cow's latest heat, and only detected heats with their window", () => {
    const withoutWindow = { ...heat(7, 2), details: {} };
    const states = heatStates([heat(6, 30), heat(6, 2), heat(8, 2, 103), withoutWindow], NOW);
    expect(Object.fromEntries(states)).toEqual({ 6: { phase: 'inHeat', onset: NOW - 2 * HOUR } });
  });

  it('ends a heat once the cow is inseminated in it (her last insemination on or after its day)', () => {
    const onsetDay = localDay(NOW - 14 * HOUR);
    const cows = [
      { id: 1, lastFertilization: onsetDay },
      { id: 2, lastFertilization: '2026-10-01' },
      { id: 3, lastFertilization: null },
    ];
    const states = heatStates([heat(1, 14), heat(2, 14), heat(3, 14)], NOW, cows);
    expect([...states.keys()]).toEqual([2, 3]);
  });
});
