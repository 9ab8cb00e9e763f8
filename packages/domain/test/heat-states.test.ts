import { describe, expect, it } from 'vitest';
import { heatStates, inseminatedIn, type DetectedHeat } from '../src/heat-states';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-26T05:00:00Z');
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const heat = (cowId: number, onsetHoursAgo: number): DetectedHeat => {
  const onset = NOW - onsetHoursAgo * HOUR;
  return { cowId, onset, windowStart: onset + 13 * HOUR, windowEnd: onset + 24 * HOUR };
};

const phases = (states: Map<number, { phase: string }>) =>
  Object.fromEntries([...states].map(([cow, state]) => [cow, state.phase]));

describe('heatStates', () => {
  it('is in heat before the insemination window, inseminate inside it, and nothing after it', () => {
    const states = heatStates([heat(1, 8), heat(2, 13), heat(3, 23.9), heat(4, 24), heat(5, 40)], NOW, {
      dayOf: utcDay,
    });
    expect(phases(states)).toEqual({ 1: 'inHeat', 2: 'inseminate', 3: 'inseminate' });
    expect(states.get(1)?.onset).toBe(NOW - 8 * HOUR);
  });

  it("takes a cow's latest heat and leaves out a heat with an unreadable moment", () => {
    const broken = { ...heat(7, 2), windowEnd: Number.NaN };
    const states = heatStates([heat(6, 30), heat(6, 2), broken], NOW, { dayOf: utcDay });
    expect(Object.fromEntries(states)).toEqual({ 6: { phase: 'inHeat', onset: NOW - 2 * HOUR } });
  });

  it('ends once she is inseminated on or after the day the heat began, whatever the window says', () => {
    // Onsets: cow 1 on 2026-11-25 at 15:00, cow 2 at 21:00, cow 3 on 2026-11-26 at 01:00 (UTC).
    const heats = [heat(1, 14), heat(2, 8), heat(3, 4)];
    const inseminated: Record<number, string> = { 1: '2026-11-25', 2: '2026-11-24', 3: '2026-11-25' };
    const states = heatStates(heats, NOW, {
      dayOf: utcDay,
      lastInseminationDay: (cowId) => inseminated[cowId],
    });
    // Cow 1 was inseminated in this heat; cows 2 and 3 in an earlier one.
    expect(phases(states)).toEqual({ 2: 'inHeat', 3: 'inHeat' });
  });

  it('reads the heat onset on the calendar the insemination was written in', () => {
    const onset = Date.parse('2026-11-25T22:00:00Z');
    // In Korea (UTC+9) the heat began on the 26th: an insemination on the 26th is in it, one on the 25th not.
    const seoulDay = (time: number) => utcDay(time + 9 * HOUR);
    expect(inseminatedIn('2026-11-26', onset, seoulDay)).toBe(true);
    expect(inseminatedIn('2026-11-25', onset, seoulDay)).toBe(false);
    expect(inseminatedIn('2026-11-25', onset, utcDay)).toBe(true);
    expect(inseminatedIn(null, onset, utcDay)).toBe(false);
  });
});
