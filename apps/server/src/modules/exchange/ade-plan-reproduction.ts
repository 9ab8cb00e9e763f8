import {
  CALVING_METHOD_CODES,
  CALVING_RESULT_CODES,
  DIAGNOSIS_METHOD_CODES,
  MATING_METHOD_CODES,
} from '@cowcare/contract/routes/reproduction';
import {
  SCHEMES,
  calvingMethodOfAde,
  calvingResultOfAde,
  diagnosisMethodOfAde,
  matingMethodOfAde,
  noticeCodeOfAdeCertainty,
  pregnancyResultOfAde,
} from './ade-vocabulary';
import { cowcareOf, isObject, keyOf, oneOf, sensorNumber, text, type PlanContext } from './ade-plan-context';
import { eventBaseOf, eventName } from './ade-plan-events';
import type { EventBase, Item, Json, PlannedHerd, PlannedRecord } from './ade-plan-types';

// The reproduction events of the file (heats, inseminations, pregnancy checks, calvings, abortions) as
// records of female cows. Our own `cowcare` extension wins over the standard's coarser codes, so a file
// this app exported comes back as it was.

const EPISODE_FIELDS = ['onset', 'peak', 'windowStart', 'windowEnd', 'riseRatio', 'peakRatio'] as const;

/** A sensor's heat episode: ours whole when the file carries it, else one built from the event's moments. */
const episodeOf = (heat: Json, base: EventBase): Json => {
  const episode = cowcareOf(heat).episode;
  if (isObject(episode) && EPISODE_FIELDS.every((field) => episode[field] !== undefined)) {
    return Object.fromEntries(EPISODE_FIELDS.map((field) => [field, episode[field]]));
  }
  const ends = text(heat.expirationDateTime);
  return {
    onset: base.at,
    peak: base.at,
    windowStart: base.at,
    windowEnd: ends && !Number.isNaN(Date.parse(ends)) ? new Date(ends).toISOString() : base.at,
    riseRatio: 0,
    peakRatio: 0,
  };
};

/** A heat a sensor found becomes a sensor notice; one a person saw becomes an estrus record. */
export const planHeats = (ctx: PlanContext, herd: PlannedHerd, items: Item[]): PlannedRecord[] => {
  const records: PlannedRecord[] = [];
  for (const item of items) {
    const base = eventBaseOf(ctx, herd, item, true);
    if (!base) continue;
    const heat = item.resource;
    const device =
      isObject(heat.device) && isObject(heat.device.identifier) ? heat.device.identifier : undefined;
    if (heat.heatDetectionMethod !== 'Pedometer' && !device) {
      records.push({ ...base, kind: 'estrus' });
      continue;
    }
    const sensor = device?.scheme === SCHEMES.sensor ? (sensorNumber(device.id) ?? null) : null;
    const code = noticeCodeOfAdeCertainty(heat.certainty);
    records.push({ ...base, kind: 'sensorHeat', code, sensor, details: episodeOf(heat, base) });
  }
  return records;
};

export const planInseminations = (ctx: PlanContext, herd: PlannedHerd, items: Item[]): PlannedRecord[] => {
  const records: PlannedRecord[] = [];
  for (const item of items) {
    const base = eventBaseOf(ctx, herd, item, true);
    if (!base) continue;
    const extension = cowcareOf(item.resource);
    const method =
      oneOf(MATING_METHOD_CODES, extension.method) ??
      matingMethodOfAde(item.resource.inseminationType) ??
      'artificial-insemination';
    const sires: unknown[] = Array.isArray(item.resource.sireIdentifiers)
      ? item.resource.sireIdentifiers
      : [];
    const sireCode =
      (isObject(sires[0]) ? text(sires[0].id) : undefined) ?? text(item.resource.sireOfficialName) ?? null;
    if (sireCode !== null && (sireCode.length < 1 || sireCode.length > 64)) {
      ctx.refuse(item, 'unsupportedValue', 'the sire identifier is not 1 to 64 characters', eventName(item));
      continue;
    }
    records.push({
      ...base,
      kind: 'fertilization',
      method,
      actualMethod: oneOf(MATING_METHOD_CODES, extension.actualMethod) ?? null,
      sireCode,
      checkMethod: oneOf(DIAGNOSIS_METHOD_CODES, extension.pregnancyCheckMethod) ?? 'ultrasonic',
    });
  }
  return records;
};

export const planPregnancyChecks = (ctx: PlanContext, herd: PlannedHerd, items: Item[]): PlannedRecord[] => {
  const records: PlannedRecord[] = [];
  for (const item of items) {
    const result = pregnancyResultOfAde(item.resource.result, item.resource.exceptions);
    const base = eventBaseOf(ctx, herd, item, true);
    if (!base) continue;
    if (!result) {
      const said = JSON.stringify(item.resource.result ?? null);
      ctx.refuse(item, 'unsupportedValue', `result ${said} says neither pregnant nor empty`, eventName(item));
      continue;
    }
    const method =
      oneOf(DIAGNOSIS_METHOD_CODES, cowcareOf(item.resource).method) ??
      diagnosisMethodOfAde(item.resource.method) ??
      'external';
    records.push({ ...base, kind: 'pregnancy', method, result });
  }
  return records;
};

/** A calving names its calf by index when the calf is an animal of the file. */
export const planParturitions = (ctx: PlanContext, herd: PlannedHerd, items: Item[]): PlannedRecord[] => {
  const records: PlannedRecord[] = [];
  for (const item of items) {
    const base = eventBaseOf(ctx, herd, item, true);
    if (!base) continue;
    const extension = cowcareOf(item.resource);
    const progeny = (Array.isArray(item.resource.progenyDetails) ? item.resource.progenyDetails : []).find(
      isObject,
    );
    const calfKey = keyOf(progeny?.identifier);
    records.push({
      ...base,
      kind: 'calving',
      method: oneOf(CALVING_METHOD_CODES, extension.method) ?? calvingMethodOfAde(item.resource.calvingEase),
      result: oneOf(CALVING_RESULT_CODES, extension.result) ?? calvingResultOfAde(progeny),
      calf: calfKey === undefined ? null : (herd.cowOfKey.get(calfKey) ?? null),
    });
  }
  return records;
};

/** The app keeps an abortion as a calving whose result is `abort`. */
export const planAbortions = (ctx: PlanContext, herd: PlannedHerd, items: Item[]): PlannedRecord[] => {
  const records: PlannedRecord[] = [];
  for (const item of items) {
    const base = eventBaseOf(ctx, herd, item, true);
    if (!base) continue;
    const method = oneOf(CALVING_METHOD_CODES, cowcareOf(item.resource).method) ?? 'abnormal';
    records.push({ ...base, kind: 'calving', method, result: 'abort', calf: null });
  }
  return records;
};
