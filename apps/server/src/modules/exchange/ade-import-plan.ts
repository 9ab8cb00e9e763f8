import { IMPORT_MAX_COWS } from '@cowcare/contract/routes/cows';
import {
  ADE_COLLECTIONS,
  ADE_MAX_REFUSALS,
  type AdeCollection,
  type AdeCounts,
  type AdeFile,
  type AdePreview,
  type AdeProblem,
  type AdeReason,
} from '@cowcare/contract/routes/exchange';
import {
  CALVING_METHOD_CODES,
  CALVING_RESULT_CODES,
  DIAGNOSIS_METHOD_CODES,
  MATING_METHOD_CODES,
  type CalvingResultCode,
  type DiagnosisMethodCode,
  type MatingMethodCode,
  type PregnancyResultCode,
} from '@cowcare/contract/routes/reproduction';
import { EARLIEST_RECORD_DAY, isCalendarDate, latestTodayAnywhere } from '@cowcare/domain/calendar-date';
import { adeSchemaProblems } from './ade-schemas';
import {
  SCHEMES,
  calvingMethodOfAde,
  calvingResultOfAde,
  collectionOfResourceType,
  diagnosisMethodOfAde,
  matingMethodOfAde,
  noticeCodeOfAdeCertainty,
  pregnancyResultOfAde,
  sexOfAde,
  storedStatusOfAde,
} from './ade-vocabulary';

// Reading an ADE file into what an import would write (docs/ade.md): every item is checked against the
// standard's schema and our rules, and each problem is said of its item. Refusals stop the whole import;
// skipped items (a sensor worn elsewhere, the locations) are left out while the rest goes in.

type Json = Record<string, unknown>;

export interface PlannedCow {
  code: string;
  sex: 'female' | 'male';
  birthday: string | null;
  status: string;
  parity: number | null;
  culledAt: string | null;
  /** When she joined the exporting farm's books; null: now. */
  joinedAt: string | null;
  /** When she was moved to fattening (a cow in fattening); null: unknown. */
  fatteningAt: string | null;
  sireCode: string | null;
  /** Index in the plan's cows of her dam, when the dam is in the file. */
  dam: number | null;
  sensor: number | null;
}

interface EventBase {
  /** Index in the plan's cows. */
  cow: number;
  at: string;
  day: string;
  memo: string;
}

export type PlannedRecord =
  | (EventBase & { kind: 'estrus' })
  | (EventBase & { kind: 'sensorHeat'; code: 101 | 103; sensor: number | null; details: Json })
  | (EventBase & {
      kind: 'fertilization';
      method: MatingMethodCode;
      actualMethod: MatingMethodCode | null;
      sireCode: string | null;
      checkMethod: DiagnosisMethodCode;
    })
  | (EventBase & { kind: 'pregnancy'; method: DiagnosisMethodCode; result: PregnancyResultCode })
  | (EventBase & { kind: 'calving'; method: string; result: CalvingResultCode; calf: number | null })
  | (EventBase & {
      kind: 'health';
      diseaseCode: string | null;
      diagnosisText: string;
      prescribedOn: string | null;
      prescription: string;
    });

export interface ImportPlan {
  cows: PlannedCow[];
  records: PlannedRecord[];
  /** Every sensor the import registers to the farm: the ones the cows wear and the free unworn ones. */
  sensors: number[];
  preview: AdePreview;
}

/** What the farm already holds that an import must not collide with. */
export interface FarmFacts {
  takenCodes: ReadonlySet<string>;
  /** Sensors of the file that another farm has registered, or an active cow of this farm wears. */
  takenSensors: ReadonlySet<number>;
}

interface Item {
  collection: AdeCollection;
  /** Where it is in the file: its list (or `member`) and position. */
  list: string;
  index: number;
  resource: Json;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const keyOf = (identifier: unknown): string | undefined =>
  isObject(identifier) && typeof identifier.scheme === 'string' && typeof identifier.id === 'string'
    ? `${identifier.scheme}|${identifier.id}`
    : undefined;
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** `{ "member": [...] }` or our envelope, as items with the list each came from. */
export const itemsOfFile = (
  file: AdeFile,
  refuse: (
    item: Omit<Item, 'resource' | 'collection'> & { collection: string },
    reason: AdeReason,
    detail: string,
  ) => void,
): Item[] => {
  const items: Item[] = [];
  const members = Array.isArray(file.member) ? file.member : [];
  members.forEach((resource, index) => {
    const collection = collectionOfResourceType((resource as Json).resourceType);
    if (!collection) {
      refuse(
        { collection: 'member', list: 'member', index },
        'unknownResourceType',
        `resourceType ${String((resource as Json).resourceType)} is not one this app reads`,
      );
      return;
    }
    items.push({ collection, list: 'member', index, resource: resource });
  });
  for (const collection of ADE_COLLECTIONS) {
    (file[collection] ?? []).forEach((resource, index) =>
      items.push({ collection, list: collection, index, resource: resource }),
    );
  }
  return items;
};

/** A number a sensor may have (the contract's SensorId), from an identifier's text. */
const sensorNumber = (id: unknown): number | undefined => {
  if (typeof id !== 'string' || !/^[0-9]{1,8}$/.test(id)) return undefined;
  const value = Number(id);
  return value >= 1 ? value : undefined;
};

/** The sensors a file's animals wear and its devices name, for the farm facts. */
export const sensorsNamedIn = (file: AdeFile): number[] => {
  const named = new Set<number>();
  const resources = [...(file.animals ?? []), ...(file.devices ?? []), ...(file.member ?? [])] as Json[];
  for (const resource of resources) {
    for (const alternative of Array.isArray(resource.alternativeIdentifiers)
      ? resource.alternativeIdentifiers
      : []) {
      if (isObject(alternative) && alternative.scheme === SCHEMES.sensor) {
        const sensor = sensorNumber(alternative.id);
        if (sensor) named.add(sensor);
      }
    }
    const device = sensorNumber(resource.id);
    if (device && resource.identifier === undefined) named.add(device);
  }
  return [...named];
};

/** The cow code an animal's management tag gives: C and digits, or digits alone (C is put before them). */
const cowCodeOf = (tag: unknown): string | undefined => {
  if (typeof tag !== 'string') return undefined;
  const trimmed = tag.trim();
  if (/^C[0-9]{1,12}$/.test(trimmed)) return trimmed;
  if (/^[0-9]{1,12}$/.test(trimmed)) return `C${trimmed}`;
  return undefined;
};

const EPISODE_FIELDS = ['onset', 'peak', 'windowStart', 'windowEnd', 'riseRatio', 'peakRatio'] as const;

/** Builds the plan of an import; `facts` are read from the farm by the caller. */
export const planAdeImport = (file: AdeFile, facts: FarmFacts, now = new Date()): ImportPlan => {
  const refused: AdeProblem[] = [];
  const skipped: AdeProblem[] = [];
  const today = latestTodayAnywhere(now);
  const problem =
    (list: AdeProblem[]) =>
    (item: { list: string; index: number }, reason: AdeReason, detail: string, what = '') =>
      list.push({ collection: item.list, index: item.index, item: what, reason, detail });
  const refuse = problem(refused);
  const skip = problem(skipped);

  const items = itemsOfFile(file, (item, reason, detail) => refuse(item, reason, detail));
  const valid = items.filter((item) => {
    const problems = adeSchemaProblems(item.collection, item.resource);
    if (problems.length > 0) {
      refuse(item, 'schemaViolation', problems.slice(0, 3).join('; '), describeItem(item.resource));
    }
    return problems.length === 0;
  });
  const of = (collection: AdeCollection) => valid.filter((item) => item.collection === collection);

  // Animals
  const cows: PlannedCow[] = [];
  const cowOfKey = new Map<string, number>();
  const damKeys: (string | undefined)[] = [];
  const codes = new Map<string, number>();
  const sensorsWorn = new Map<number, number>();
  for (const item of of('animals')) {
    const animal = item.resource;
    const code = cowCodeOf(animal.managementTag);
    const what = code ?? keyOf(animal.identifier) ?? '';
    const alternatives: unknown[] = Array.isArray(animal.alternativeIdentifiers)
      ? animal.alternativeIdentifiers
      : [];
    const keys = [keyOf(animal.identifier), ...alternatives.map(keyOf)].filter((key): key is string => !!key);
    const before = refused.length;
    if (keys.some((key) => cowOfKey.has(key))) {
      refuse(item, 'duplicateAnimal', `identifier ${keys[0]} is given to two animals`, what);
    }
    if (!code) {
      refuse(
        item,
        'noCowCode',
        `managementTag ${JSON.stringify(animal.managementTag ?? null)} is not a cow code (C and digits)`,
        what,
      );
    } else if (codes.has(code)) {
      refuse(item, 'duplicateCowCode', `cow code ${code} is in the file twice`, what);
    } else if (facts.takenCodes.has(code)) {
      refuse(item, 'cowCodeTaken', `cow code ${code} is already in this farm`, what);
    }
    const sex = sexOfAde(animal.gender);
    if (!sex) {
      refuse(item, 'unsupportedValue', `gender ${String(animal.gender)} is neither female nor male`, what);
    }
    const birthDate = text(animal.birthDate);
    const birthday = birthDate?.slice(0, 10) ?? null;
    if (birthday && (!isCalendarDate(birthday) || birthday < EARLIEST_RECORD_DAY || birthday > today)) {
      refuse(
        item,
        'invalidDate',
        `birthDate ${birthDate} is not a day from ${EARLIEST_RECORD_DAY} to today`,
        what,
      );
    }
    const parentage = (Array.isArray(animal.parentage) ? animal.parentage : []).filter(isObject);
    const sire = parentage.find((parent) => parent.gender === 'Male');
    const sireCode = isObject(sire?.identifier) ? text(sire.identifier.id) : undefined;
    if (sireCode !== undefined && (sireCode.length < 1 || sireCode.length > 32)) {
      refuse(item, 'unsupportedValue', 'the sire identifier is longer than 32 characters', what);
    }
    const extension = isObject(animal.cowcare) ? animal.cowcare : {};
    const parity =
      Number.isInteger(extension.parity) &&
      (extension.parity as number) >= 0 &&
      (extension.parity as number) <= 30
        ? (extension.parity as number)
        : null;
    const status = storedStatusOfAde({
      ...(text(animal.status) ? { status: text(animal.status) } : {}),
      ...(text(animal.reproductionStatus) ? { reproductionStatus: text(animal.reproductionStatus) } : {}),
      ...(text(animal.lactationStatus) ? { lactationStatus: text(animal.lactationStatus) } : {}),
    });
    const culled = animal.status === 'Dead' || animal.status === 'OffFarm';
    const culledAtText = text(extension.culledAt);
    const culledAt = culled
      ? culledAtText && !Number.isNaN(Date.parse(culledAtText))
        ? culledAtText
        : now.toISOString()
      : null;
    // Past moments only: a file from a clock ahead must not put a cow in the herd tomorrow.
    const pastMoment = (value: unknown): string | null => {
      const moment = text(value);
      const time = moment ? Date.parse(moment) : Number.NaN;
      return moment && !Number.isNaN(time) && time <= now.getTime() ? new Date(time).toISOString() : null;
    };
    const joinedAt = pastMoment(extension.joinedAt);
    const fatteningAt = pastMoment(extension.fatteningAt);
    const sensorKey = alternatives.find(
      (alternative) => isObject(alternative) && alternative.scheme === SCHEMES.sensor,
    );
    let sensor = culled || !isObject(sensorKey) ? undefined : sensorNumber(sensorKey.id);
    if (sensor !== undefined && sensorsWorn.has(sensor)) {
      refuse(item, 'sensorDuplicate', `sensor ${sensor} is worn by two animals of the file`, what);
    } else if (sensor !== undefined && facts.takenSensors.has(sensor)) {
      skip(
        item,
        'sensorTaken',
        `sensor ${sensor} is another farm's or worn by a cow of this farm: the cow comes without it`,
        what,
      );
      sensor = undefined;
    }
    if (refused.length > before || !code || !sex) continue;
    const index = cows.length;
    for (const key of keys) cowOfKey.set(key, index);
    codes.set(code, index);
    if (sensor !== undefined) sensorsWorn.set(sensor, index);
    const dam = parentage.find((parent) => parent.gender === 'Female');
    damKeys.push(keyOf(dam?.identifier));
    cows.push({
      code,
      sex,
      birthday,
      status,
      parity,
      culledAt,
      joinedAt,
      fatteningAt,
      sireCode: sireCode ?? null,
      dam: null,
      sensor: sensor ?? null,
    });
  }
  if (cows.length > IMPORT_MAX_COWS) {
    refuse(
      { list: 'animals', index: IMPORT_MAX_COWS },
      'tooManyCows',
      `a file may bring at most ${IMPORT_MAX_COWS} cows`,
    );
  }
  damKeys.forEach((key, index) => {
    if (key === undefined) return;
    const dam = cowOfKey.get(key);
    const cow = cows[index];
    if (dam !== undefined && cow) cow.dam = dam;
    else if (cow) {
      skip(
        { list: 'animals', index },
        'damNotInFile',
        `dam ${key} is not an animal of the file: the cow comes without her dam`,
        cow.code,
      );
    }
  });

  // Events
  const records: PlannedRecord[] = [];
  const healthByKey = new Map<string, Extract<PlannedRecord, { kind: 'health' }>>();
  const eventOf = (item: Item, reproduction: boolean): EventBase | undefined => {
    const event = item.resource;
    const animalKey = keyOf(event.animal);
    const what = `${text(event.id) ?? `#${item.index}`} (${animalKey ?? 'no animal'})`;
    const cow = animalKey === undefined ? undefined : cowOfKey.get(animalKey);
    if (cow === undefined) {
      refuse(item, 'unknownAnimal', `animal ${animalKey ?? '(none)'} is not an animal of the file`, what);
      return undefined;
    }
    const at = text(event.eventDateTime);
    const extension = isObject(event.cowcare) ? event.cowcare : {};
    const day =
      text(extension.day) && isCalendarDate(text(extension.day) ?? '')
        ? (text(extension.day) as string)
        : at?.slice(0, 10);
    if (
      !at ||
      !day ||
      Number.isNaN(Date.parse(at)) ||
      !isCalendarDate(day) ||
      day < EARLIEST_RECORD_DAY ||
      day > today
    ) {
      refuse(
        item,
        'invalidDate',
        `eventDateTime ${at ?? '(none)'} is not a moment from ${EARLIEST_RECORD_DAY} to today`,
        what,
      );
      return undefined;
    }
    if (reproduction && cows[cow]?.sex !== 'female') {
      refuse(
        item,
        'notFemale',
        `reproduction records are kept for female cows; ${cows[cow]?.code} is male`,
        what,
      );
      return undefined;
    }
    const memo = text(event.remark) ?? '';
    if (memo.length > 2000) {
      refuse(item, 'unsupportedValue', 'remark is longer than 2000 characters', what);
      return undefined;
    }
    return { cow, at: new Date(at).toISOString(), day, memo };
  };
  const extensionOf = (item: Item): Json => (isObject(item.resource.cowcare) ? item.resource.cowcare : {});

  for (const item of of('heats')) {
    const base = eventOf(item, true);
    if (!base) continue;
    const heat = item.resource;
    const device =
      isObject(heat.device) && isObject(heat.device.identifier) ? heat.device.identifier : undefined;
    if (heat.heatDetectionMethod !== 'Pedometer' && !device) {
      records.push({ ...base, kind: 'estrus' });
      continue;
    }
    const episode = extensionOf(item).episode;
    const ends = text(heat.expirationDateTime);
    const details: Json =
      isObject(episode) && EPISODE_FIELDS.every((field) => episode[field] !== undefined)
        ? Object.fromEntries(EPISODE_FIELDS.map((field) => [field, episode[field]]))
        : {
            onset: base.at,
            peak: base.at,
            windowStart: base.at,
            windowEnd: ends && !Number.isNaN(Date.parse(ends)) ? new Date(ends).toISOString() : base.at,
            riseRatio: 0,
            peakRatio: 0,
          };
    const sensor = device?.scheme === SCHEMES.sensor ? (sensorNumber(device.id) ?? null) : null;
    records.push({
      ...base,
      kind: 'sensorHeat',
      code: noticeCodeOfAdeCertainty(heat.certainty),
      sensor,
      details,
    });
  }
  for (const item of of('inseminations')) {
    const base = eventOf(item, true);
    if (!base) continue;
    const extension = extensionOf(item);
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
      refuse(
        item,
        'unsupportedValue',
        'the sire identifier is not 1 to 64 characters',
        text(item.resource.id) ?? '',
      );
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
  for (const item of of('pregnancyChecks')) {
    const result = pregnancyResultOfAde(item.resource.result, item.resource.exceptions);
    const base = eventOf(item, true);
    if (!base) continue;
    if (!result) {
      refuse(
        item,
        'unsupportedValue',
        `result ${JSON.stringify(item.resource.result ?? null)} says neither pregnant nor empty`,
        text(item.resource.id) ?? '',
      );
      continue;
    }
    const method =
      oneOf(DIAGNOSIS_METHOD_CODES, extensionOf(item).method) ??
      diagnosisMethodOfAde(item.resource.method) ??
      'external';
    records.push({ ...base, kind: 'pregnancy', method, result });
  }
  for (const item of of('parturitions')) {
    const base = eventOf(item, true);
    if (!base) continue;
    const extension = extensionOf(item);
    const progeny = (Array.isArray(item.resource.progenyDetails) ? item.resource.progenyDetails : []).find(
      isObject,
    );
    const calfKey = keyOf(progeny?.identifier);
    records.push({
      ...base,
      kind: 'calving',
      method: oneOf(CALVING_METHOD_CODES, extension.method) ?? calvingMethodOfAde(item.resource.calvingEase),
      result: oneOf(CALVING_RESULT_CODES, extension.result) ?? calvingResultOfAde(progeny),
      calf: calfKey === undefined ? null : (cowOfKey.get(calfKey) ?? null),
    });
  }
  for (const item of of('abortions')) {
    const base = eventOf(item, true);
    if (!base) continue;
    const method = oneOf(CALVING_METHOD_CODES, extensionOf(item).method) ?? 'abnormal';
    records.push({ ...base, kind: 'calving', method, result: 'abort', calf: null });
  }
  for (const item of of('diagnoses')) {
    const base = eventOf(item, false);
    if (!base) continue;
    const first =
      (Array.isArray(item.resource.diagnoses) ? item.resource.diagnoses : []).find(isObject) ?? {};
    const code = isObject(first.diagnosisCode) ? first.diagnosisCode : undefined;
    const diseaseCode =
      code?.scheme === SCHEMES.disease && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text(code.id) ?? '')
        ? (text(code.id) ?? null)
        : null;
    const diagnosisText =
      text(first.description) ?? (diseaseCode ? '' : (text(first.name) ?? text(code?.id) ?? ''));
    if (diagnosisText.length > 500) {
      refuse(
        item,
        'unsupportedValue',
        'the diagnosis is longer than 500 characters',
        text(item.resource.id) ?? '',
      );
      continue;
    }
    const record: Extract<PlannedRecord, { kind: 'health' }> = {
      ...base,
      kind: 'health',
      diseaseCode,
      diagnosisText,
      prescribedOn: null,
      prescription: '',
    };
    records.push(record);
    healthByKey.set(`${keyOf(item.resource.animal)}#${text(item.resource.id) ?? ''}`, record);
  }
  for (const item of of('treatments')) {
    const base = eventOf(item, false);
    if (!base) continue;
    const medicine = isObject(item.resource.medicine) ? item.resource.medicine : {};
    const prescription = text(medicine.name) ?? text(item.resource.procedure) ?? '';
    if (prescription.length > 500) {
      refuse(
        item,
        'unsupportedValue',
        'the medicine name is longer than 500 characters',
        text(item.resource.id) ?? '',
      );
      continue;
    }
    const extension = extensionOf(item);
    const prescribedOn = extension.prescribedOn === null ? null : base.day;
    const id = text(item.resource.id);
    const diagnosis = id === undefined ? undefined : healthByKey.get(`${keyOf(item.resource.animal)}#${id}`);
    if (diagnosis && diagnosis.cow === base.cow) {
      diagnosis.prescribedOn = prescribedOn;
      diagnosis.prescription = prescription;
      healthByKey.delete(`${keyOf(item.resource.animal)}#${id}`);
    } else {
      records.push({
        ...base,
        kind: 'health',
        diseaseCode: null,
        diagnosisText: '',
        prescribedOn,
        prescription,
      });
    }
  }

  // Devices: the worn ones come with their cows; a free unworn one joins the farm's inventory.
  const sensors = new Set(sensorsWorn.keys());
  for (const item of of('devices')) {
    const sensor = sensorNumber(item.resource.id);
    if (sensor === undefined) {
      skip(
        item,
        'unsupportedValue',
        `device ${String(item.resource.id)} is not a sensor number`,
        String(item.resource.id),
      );
    } else if (facts.takenSensors.has(sensor)) {
      skip(
        item,
        'sensorTaken',
        `sensor ${sensor} is another farm's or worn by a cow of this farm`,
        String(sensor),
      );
    } else {
      sensors.add(sensor);
    }
  }
  for (const item of of('locations')) {
    skip(
      item,
      'notImported',
      "locations are not imported: draw the farm's paddocks in the app",
      keyOf(item.resource.identifier) ?? '',
    );
  }

  for (const cow of cows) {
    if (cow.parity === null) {
      const index = cows.indexOf(cow);
      cow.parity = records.filter(
        (record) => record.kind === 'calving' && record.cow === index && record.result !== 'abort',
      ).length;
    }
  }
  const count = (kind: PlannedRecord['kind']) => records.filter((record) => record.kind === kind).length;
  // What the file brings, also when something is refused: the farmer sees the size of what is held back.
  const create: AdeCounts = {
    cows: cows.length,
    estrus: count('estrus'),
    sensorHeats: count('sensorHeat'),
    fertilization: count('fertilization'),
    pregnancy: count('pregnancy'),
    calving: count('calving'),
    health: count('health'),
    sensors: sensors.size,
  };
  return {
    cows,
    records,
    sensors: [...sensors].sort((a, b) => a - b),
    preview: {
      importable: refused.length === 0,
      create,
      refused: refused.slice(0, ADE_MAX_REFUSALS),
      refusedCount: refused.length,
      skipped: skipped.slice(0, ADE_MAX_REFUSALS),
      skippedCount: skipped.length,
    },
  };
};

/** An item in a refusal: the animal's tag or identifier, or the event's id and animal. */
const describeItem = (resource: Json): string => {
  const tag = text(resource.managementTag);
  if (tag) return tag;
  const id = text(resource.id) ?? keyOf(resource.identifier) ?? '';
  const animal = keyOf(resource.animal);
  return animal ? `${id} (${animal})` : id;
};
