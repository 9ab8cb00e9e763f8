// The benchmark's readings: every sensor reports once per 10-minute round, and each farm's gateway sends
// its round as one MQTT message (one reading per cow), as a farm gateway would.
import { FIRST_SENSOR } from './farm';

export interface BenchReading {
  sensor: number;
  num: number;
  timedate: string;
  temp: number;
  activity: number;
}

export const ROUND_MS = 10 * 60_000;

/** The first round's time for `rounds` rounds ending now. */
export const firstRoundAt = (rounds: number, now = Date.now()): number => now - rounds * ROUND_MS;

/** One round of one farm: a reading of each of its cows; the same every run. */
export const roundBatch = (cows: number, round: number, start: number, farmIndex: number): BenchReading[] => {
  const timedate = new Date(start + round * ROUND_MS).toISOString();
  return Array.from({ length: cows }, (_, cow) => ({
    sensor: FIRST_SENSOR + cow,
    num: round,
    timedate,
    temp: Math.round((38.3 + ((cow * 7 + round * 3 + farmIndex) % 13) / 10) * 100) / 100,
    activity: 5 + ((cow * 11 + round * 5 + farmIndex) % 17),
  }));
};
