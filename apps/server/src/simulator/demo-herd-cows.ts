import { parseStoredStatus } from '@cowcare/domain/cow-status';
import { DEFAULT_DIAGNOSIS_DAYS } from '@cowcare/domain/reproduction-dates';
import { planDemoHerd } from '../seed/demo-herd-readings';
import type { SimulatedCow } from './herd-model';

const midnight = (date: string | null) => (date === null ? null : Date.parse(`${date}T00:00:00Z`));

/**
 * The demo farm's sensor-wearing cows from the seed's own plan (deterministic, so its sensor ids are the
 * ones the seed wrote), with what the simulation needs: who cycles and who is due to calve. The simulator
 * never reads the database: demo data comes in through MQTT like a real gateway's.
 */
export const demoHerdCows = (now: Date): SimulatedCow[] =>
  planDemoHerd({ now, diagnosisDays: DEFAULT_DIAGNOSIS_DAYS }).flatMap((cow) => {
    if (cow.sensorId === null || cow.culledAt !== null) return [];
    const status = parseStoredStatus(cow.status);
    return [
      {
        sensorId: cow.sensorId,
        code: cow.code,
        cycling: cow.sex === 'female' && status === 'estrusDetection',
        lastEstrus: midnight(cow.lastEstrusDate),
        expectedCalving: status === 'pregnancy' ? midnight(cow.expectedCalvingDate) : null,
      },
    ];
  });
