import { ADE_MAX_REFUSALS, type AdeCounts, type AdeFile } from '@cowcare/contract/routes/exchange';
import { createPlanContext, type PlanContext } from './ade-plan-context';
import { planAnimals } from './ade-plan-animals';
import { planSensors, skipLocations } from './ade-plan-devices';
import { planHealth } from './ade-plan-health';
import { validItemsOf } from './ade-plan-items';
import {
  planAbortions,
  planHeats,
  planInseminations,
  planParturitions,
  planPregnancyChecks,
} from './ade-plan-reproduction';
import type { FarmFacts, ImportPlan, PlannedCow, PlannedRecord } from './ade-plan-types';

// Reading an ADE file into what an import would write (docs/ade.md): every item is checked against the
// standard's schema and our rules, and each problem is said of its item. Refusals stop the whole import;
// skipped items (a sensor worn elsewhere, the locations) are left out while the rest goes in.
// The steps run in the file's dependency order (animals before the events that name them), which is also
// the order the farmer reads the problems in.

export type { FarmFacts, ImportPlan, PlannedCow, PlannedRecord } from './ade-plan-types';
export { itemsOfFile, sensorsNamedIn } from './ade-plan-items';

/** A cow whose file gave no parity has had as many as the calvings the file brings for her. */
const fillParities = (cows: PlannedCow[], records: PlannedRecord[]) => {
  cows.forEach((cow, index) => {
    if (cow.parity !== null) return;
    cow.parity = records.filter(
      (record) => record.kind === 'calving' && record.cow === index && record.result !== 'abort',
    ).length;
  });
};

// What the file brings, also when something is refused: the farmer sees the size of what is held back.
const countsOf = (cows: PlannedCow[], records: PlannedRecord[], sensors: Set<number>): AdeCounts => {
  const count = (kind: PlannedRecord['kind']) => records.filter((record) => record.kind === kind).length;
  return {
    cows: cows.length,
    estrus: count('estrus'),
    sensorHeats: count('sensorHeat'),
    fertilization: count('fertilization'),
    pregnancy: count('pregnancy'),
    calving: count('calving'),
    health: count('health'),
    sensors: sensors.size,
  };
};

const previewOf = (ctx: PlanContext, create: AdeCounts): ImportPlan['preview'] => ({
  importable: ctx.refused.length === 0,
  create,
  refused: ctx.refused.slice(0, ADE_MAX_REFUSALS),
  refusedCount: ctx.refused.length,
  skipped: ctx.skipped.slice(0, ADE_MAX_REFUSALS),
  skippedCount: ctx.skipped.length,
});

/** Builds the plan of an import; `facts` are read from the farm by the caller. */
export const planAdeImport = (file: AdeFile, facts: FarmFacts, now = new Date()): ImportPlan => {
  const ctx = createPlanContext(facts, now);
  const of = validItemsOf(ctx, file);
  const herd = planAnimals(ctx, of('animals'));
  const records: PlannedRecord[] = [
    ...planHeats(ctx, herd, of('heats')),
    ...planInseminations(ctx, herd, of('inseminations')),
    ...planPregnancyChecks(ctx, herd, of('pregnancyChecks')),
    ...planParturitions(ctx, herd, of('parturitions')),
    ...planAbortions(ctx, herd, of('abortions')),
    ...planHealth(ctx, herd, of('diagnoses'), of('treatments')),
  ];
  const sensors = planSensors(ctx, herd.sensorsWorn.keys(), of('devices'));
  skipLocations(ctx, of('locations'));
  fillParities(herd.cows, records);
  return {
    cows: herd.cows,
    records,
    sensors: [...sensors].sort((a, b) => a - b),
    preview: previewOf(ctx, countsOf(herd.cows, records, sensors)),
  };
};
