import type { Cow } from '@cowcare/contract/cow-schemas';
import type { Gateway, InventorySensor } from '@cowcare/contract/routes/gateways';
import { isCulledStoredValue } from '@cowcare/domain/cow-status';
import { paths } from '../../../config/paths';

/** What the welcome reads of a farm's setup, all from the server (nothing of the setup lives in the browser). */
export interface SetupFacts {
  /** The farm's gateways; null when the user may not list them (staff: gateways are the owner's). */
  gateways: readonly Gateway[] | null;
  sensors: readonly InventorySensor[];
  cows: readonly Cow[];
}

export type SetupItemKey = 'farm' | 'gateway' | 'sensors' | 'firstReading' | 'cows';

export interface SetupItem {
  key: SetupItemKey;
  done: boolean;
  /** Where the user does this part of the setup. */
  path: string;
}

export interface SetupProgress {
  items: SetupItem[];
  done: number;
  /** How many gateways; null when the user may not see them. */
  gateways: number | null;
  sensors: number;
  /** The farm's earliest reading: the moment its setup first worked. */
  firstReading: { sensor: number; at: string } | null;
  /** Cows the farm keeps (culled ones left out) and how many of them wear a sensor. */
  cows: number;
  cowsWearing: number;
}

function earliestReading(facts: SetupFacts): SetupProgress['firstReading'] {
  const candidates = [
    ...(facts.gateways ?? []).flatMap((gateway) => (gateway.firstReading ? [gateway.firstReading] : [])),
    ...facts.sensors.flatMap((sensor) =>
      sensor.firstReadingAt ? [{ sensor: sensor.sensor, at: sensor.firstReadingAt }] : [],
    ),
  ];
  let earliest: SetupProgress['firstReading'] = null;
  for (const candidate of candidates) {
    if (!earliest || Date.parse(candidate.at) < Date.parse(earliest.at)) earliest = candidate;
  }
  return earliest;
}

/**
 * How far a farm's setup has come, in the order a farm does it: the farm (there once registered), a
 * gateway, its sensors, the first reading through the gateway, and cows wearing the sensors.
 */
export function setupProgressOf(facts: SetupFacts): SetupProgress {
  const firstReading = earliestReading(facts);
  const kept = facts.cows.filter((cow) => !isCulledStoredValue(cow.status));
  const cowsWearing = kept.filter((cow) => cow.sensor !== null).length;
  const gateways = facts.gateways?.length ?? null;
  const items: SetupItem[] = [
    { key: 'farm', done: true, path: paths.index.step1 },
    // Staff cannot list gateways; a reading that arrived came through one.
    {
      key: 'gateway',
      done: gateways === null ? firstReading !== null : gateways > 0,
      path: paths.index.step2,
    },
    { key: 'sensors', done: facts.sensors.length > 0, path: paths.index.step2 },
    { key: 'firstReading', done: firstReading !== null, path: paths.index.step2 },
    { key: 'cows', done: cowsWearing > 0, path: paths.index.step3 },
  ];
  return {
    items,
    done: items.filter((item) => item.done).length,
    gateways,
    sensors: facts.sensors.length,
    firstReading,
    cows: kept.length,
    cowsWearing,
  };
}

/** The first part of the setup not done yet; undefined when the farm is set up. */
export const nextSetupItem = (progress: SetupProgress): SetupItem | undefined =>
  progress.items.find((item) => !item.done);
