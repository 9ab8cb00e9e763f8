import { IMPORT_MAX_COWS } from '@cowcare/contract/routes/cows';
import { EARLIEST_RECORD_DAY, isCalendarDate } from '@cowcare/domain/calendar-date';
import { SCHEMES, sexOfAde, storedStatusOfAde } from './ade-vocabulary';
import { cowcareOf, isObject, keyOf, sensorNumber, text, type PlanContext } from './ade-plan-context';
import type { Item, Json, PlannedCow, PlannedHerd } from './ade-plan-types';

// The file's animals as the cows an import would create. An animal is read whole first, then its problems
// are reported in a fixed order, so a file gives the same refusals on every run.

/** What an animal of the file says, before it is checked against the file and the farm. */
interface AnimalReading {
  code: string | undefined;
  /** How a problem names the animal: its cow code, else its official identifier. */
  what: string;
  /** Its official and alternative identifiers, as `scheme|id`. */
  keys: string[];
  sex: 'female' | 'male' | undefined;
  birthDate: string | undefined;
  sireCode: string | undefined;
  damKey: string | undefined;
  /** The sensor she wears; none once she has left the herd. */
  sensor: number | undefined;
  cow: Pick<PlannedCow, 'birthday' | 'status' | 'parity' | 'culledAt' | 'joinedAt' | 'fatteningAt'>;
}

/** The herd while it is being built: `codes` and `damKeys` are needed only until every animal is read. */
interface HerdInProgress {
  cows: PlannedCow[];
  cowOfKey: Map<string, number>;
  codes: Map<string, number>;
  sensorsWorn: Map<number, number>;
  damKeys: (string | undefined)[];
}

/** The cow code an animal's management tag gives: C and digits, or digits alone (C is put before them). */
const cowCodeOf = (tag: unknown): string | undefined => {
  if (typeof tag !== 'string') return undefined;
  const trimmed = tag.trim();
  if (/^C[0-9]{1,12}$/.test(trimmed)) return trimmed;
  if (/^[0-9]{1,12}$/.test(trimmed)) return `C${trimmed}`;
  return undefined;
};

// Past moments only: a file from a clock ahead must not put a cow in the herd tomorrow.
const pastMoment = (value: unknown, now: Date): string | null => {
  const moment = text(value);
  const time = moment ? Date.parse(moment) : Number.NaN;
  return moment && !Number.isNaN(time) && time <= now.getTime() ? new Date(time).toISOString() : null;
};

const parityOf = (extension: Json): number | null =>
  Number.isInteger(extension.parity) &&
  (extension.parity as number) >= 0 &&
  (extension.parity as number) <= 30
    ? (extension.parity as number)
    : null;

const storedStatusOf = (animal: Json): string =>
  storedStatusOfAde({
    ...(text(animal.status) ? { status: text(animal.status) } : {}),
    ...(text(animal.reproductionStatus) ? { reproductionStatus: text(animal.reproductionStatus) } : {}),
    ...(text(animal.lactationStatus) ? { lactationStatus: text(animal.lactationStatus) } : {}),
  });

/** Her life on the exporting farm: when she left it (if she did), joined it, and went to fattening. */
const lifeOf = (animal: Json, culled: boolean, now: Date): Omit<AnimalReading['cow'], 'birthday'> => {
  const extension = cowcareOf(animal);
  const culledAtText = text(extension.culledAt);
  const culledAt = culled
    ? culledAtText && !Number.isNaN(Date.parse(culledAtText))
      ? culledAtText
      : now.toISOString()
    : null;
  return {
    status: storedStatusOf(animal),
    parity: parityOf(extension),
    culledAt,
    joinedAt: pastMoment(extension.joinedAt, now),
    fatteningAt: pastMoment(extension.fatteningAt, now),
  };
};

const readAnimal = (animal: Json, now: Date): AnimalReading => {
  const code = cowCodeOf(animal.managementTag);
  const alternatives: unknown[] = Array.isArray(animal.alternativeIdentifiers)
    ? animal.alternativeIdentifiers
    : [];
  const parentage = (Array.isArray(animal.parentage) ? animal.parentage : []).filter(isObject);
  const sire = parentage.find((parent) => parent.gender === 'Male');
  const dam = parentage.find((parent) => parent.gender === 'Female');
  const culled = animal.status === 'Dead' || animal.status === 'OffFarm';
  const sensorKey = alternatives.find(
    (alternative) => isObject(alternative) && alternative.scheme === SCHEMES.sensor,
  );
  const birthDate = text(animal.birthDate);
  return {
    code,
    what: code ?? keyOf(animal.identifier) ?? '',
    keys: [keyOf(animal.identifier), ...alternatives.map(keyOf)].filter((key): key is string => !!key),
    sex: sexOfAde(animal.gender),
    birthDate,
    sireCode: isObject(sire?.identifier) ? text(sire.identifier.id) : undefined,
    damKey: keyOf(dam?.identifier),
    sensor: culled || !isObject(sensorKey) ? undefined : sensorNumber(sensorKey.id),
    cow: { birthday: birthDate?.slice(0, 10) ?? null, ...lifeOf(animal, culled, now) },
  };
};

/** Refuses an animal that another of the file or a cow of the farm already is. */
const refuseIdentity = (ctx: PlanContext, herd: HerdInProgress, item: Item, animal: AnimalReading) => {
  const { code, what, keys } = animal;
  if (keys.some((key) => herd.cowOfKey.has(key))) {
    ctx.refuse(item, 'duplicateAnimal', `identifier ${keys[0]} is given to two animals`, what);
  }
  if (!code) {
    const tag = JSON.stringify(item.resource.managementTag ?? null);
    ctx.refuse(item, 'noCowCode', `managementTag ${tag} is not a cow code (C and digits)`, what);
  } else if (herd.codes.has(code)) {
    ctx.refuse(item, 'duplicateCowCode', `cow code ${code} is in the file twice`, what);
  } else if (ctx.facts.takenCodes.has(code)) {
    ctx.refuse(item, 'cowCodeTaken', `cow code ${code} is already in this farm`, what);
  }
};

/** Refuses an animal whose sex, birth day or sire a cow of this app cannot have. */
const refuseValues = (ctx: PlanContext, item: Item, animal: AnimalReading) => {
  const { what, birthDate, sireCode } = animal;
  const { birthday } = animal.cow;
  if (!animal.sex) {
    const gender = String(item.resource.gender);
    ctx.refuse(item, 'unsupportedValue', `gender ${gender} is neither female nor male`, what);
  }
  if (birthday && (!isCalendarDate(birthday) || birthday < EARLIEST_RECORD_DAY || birthday > ctx.today)) {
    const detail = `birthDate ${birthDate} is not a day from ${EARLIEST_RECORD_DAY} to today`;
    ctx.refuse(item, 'invalidDate', detail, what);
  }
  if (sireCode !== undefined && (sireCode.length < 1 || sireCode.length > 32)) {
    ctx.refuse(item, 'unsupportedValue', 'the sire identifier is longer than 32 characters', what);
  }
};

/** The sensor the cow comes with: refused if two animals wear it, left off if the farm cannot have it. */
const sensorOf = (ctx: PlanContext, herd: HerdInProgress, item: Item, animal: AnimalReading) => {
  const { sensor, what } = animal;
  if (sensor !== undefined && herd.sensorsWorn.has(sensor)) {
    ctx.refuse(item, 'sensorDuplicate', `sensor ${sensor} is worn by two animals of the file`, what);
  } else if (sensor !== undefined && ctx.facts.takenSensors.has(sensor)) {
    const detail = `sensor ${sensor} is another farm's or worn by a cow of this farm: the cow comes without it`;
    ctx.skip(item, 'sensorTaken', detail, what);
    return undefined;
  }
  return sensor;
};

const addCow = (herd: HerdInProgress, animal: AnimalReading, cow: PlannedCow) => {
  const index = herd.cows.length;
  for (const key of animal.keys) herd.cowOfKey.set(key, index);
  herd.codes.set(cow.code, index);
  if (cow.sensor !== null) herd.sensorsWorn.set(cow.sensor, index);
  herd.damKeys.push(animal.damKey);
  herd.cows.push(cow);
};

/** Links each cow to her dam once every animal is read, as a dam may come after her calf in the file. */
const linkDams = (ctx: PlanContext, herd: HerdInProgress) => {
  herd.damKeys.forEach((key, index) => {
    if (key === undefined) return;
    const dam = herd.cowOfKey.get(key);
    const cow = herd.cows[index];
    if (dam !== undefined && cow) cow.dam = dam;
    else if (cow) {
      const detail = `dam ${key} is not an animal of the file: the cow comes without her dam`;
      ctx.skip({ list: 'animals', index }, 'damNotInFile', detail, cow.code);
    }
  });
};

export const planAnimals = (ctx: PlanContext, items: Item[]): PlannedHerd => {
  const herd: HerdInProgress = {
    cows: [],
    cowOfKey: new Map(),
    codes: new Map(),
    sensorsWorn: new Map(),
    damKeys: [],
  };
  for (const item of items) {
    const animal = readAnimal(item.resource, ctx.now);
    const before = ctx.refused.length;
    refuseIdentity(ctx, herd, item, animal);
    refuseValues(ctx, item, animal);
    const sensor = sensorOf(ctx, herd, item, animal);
    const { code, sex, sireCode } = animal;
    // A refused animal is left out of the herd, so its events are refused too rather than orphaned.
    if (ctx.refused.length > before || !code || !sex) continue;
    addCow(herd, animal, {
      code,
      sex,
      ...animal.cow,
      sireCode: sireCode ?? null,
      dam: null,
      sensor: sensor ?? null,
    });
  }
  if (herd.cows.length > IMPORT_MAX_COWS) {
    const detail = `a file may bring at most ${IMPORT_MAX_COWS} cows`;
    ctx.refuse({ list: 'animals', index: IMPORT_MAX_COWS }, 'tooManyCows', detail);
  }
  linkDams(ctx, herd);
  return { cows: herd.cows, cowOfKey: herd.cowOfKey, sensorsWorn: herd.sensorsWorn };
};
