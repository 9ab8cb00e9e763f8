import { parseStoredStatus } from '@cowcare/domain/cow-status';
import { DEFAULT_DIAGNOSIS_DAYS } from '@cowcare/domain/reproduction-dates';
import { planDemoHerd } from '../seed/demo-herd-readings';
import { wearsGpsCollar } from '../seed/demo-pasture';
import type { InjectedFever, SimulatedCow } from './herd-model';

const HOUR_MS = 3_600_000;
/**
 * The first story's fever began this long before the simulator starts (time for its notice: an hour's climb
 * and the 2-hour hold), each next one this much earlier, so the sick cows fell ill one after another as a
 * herd's do, not all in the same ten minutes. Each lasts this long.
 */
const FIRST_FEVER_BEGAN_HOURS_AGO = 4;
const FEVER_STAGGER_HOURS = 1.1;
const FEVER_HOURS = 28;

const midnight = (date: string | null) => (date === null ? null : Date.parse(`${date}T00:00:00Z`));
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

export interface DemoHerd {
  cows: SimulatedCow[];
  /** The fevers the cows' stories tell of (their health cases), over the last hours and the day to come. */
  fevers: InjectedFever[];
}

/**
 * The demo farm's sensor-wearing cows from the seed's own plan (deterministic, so its sensor ids are the
 * ones the seed wrote), with what the simulation needs: who cycles, who is due to calve, whose collar has
 * GPS, and what each sensor's story says (a fever, a bolus without drinks, a silent sensor). The simulator
 * never reads the database: demo data comes in through MQTT like a real gateway's.
 */
export const demoHerd = (now: Date): DemoHerd => {
  const cows: SimulatedCow[] = [];
  const fevers: InjectedFever[] = [];
  for (const cow of planDemoHerd({ now, diagnosisDays: DEFAULT_DIAGNOSIS_DAYS })) {
    if (cow.sensorId === null || cow.culledAt !== null) continue;
    const status = parseStoredStatus(cow.status);
    const story = cow.sensorStory;
    cows.push({
      sensorId: cow.sensorId,
      code: cow.code,
      cycling: cow.sex === 'female' && status === 'estrusDetection',
      lastEstrus: midnight(cow.lastEstrusDate),
      expectedCalving: status === 'pregnancy' ? midnight(cow.expectedCalvingDate) : null,
      drinkingStoppedAt: time(story?.drinkingStoppedSince),
      silentFrom: time(story?.silentSince),
      calvesAt: time(story?.calvesAt),
      gps: wearsGpsCollar(cow.sensorId),
    });
    if (story?.feverRise) {
      fevers.push({
        sensorId: cow.sensorId,
        from: now.getTime() - (FIRST_FEVER_BEGAN_HOURS_AGO + fevers.length * FEVER_STAGGER_HOURS) * HOUR_MS,
        hours: FEVER_HOURS,
        rise: story.feverRise,
      });
    }
  }
  return { cows, fevers };
};
