import type { api } from '@cowcare/contract/api';
import { CowCode, SensorId, type Cow } from '@cowcare/contract/cow-schemas';
import type { RouteBody } from '@cowcare/contract/route';
import { Parity, SireCode, TemperatureOffset } from '@cowcare/contract/routes/cows';
import { daysBetween, isCalendarDate } from '@cowcare/domain/calendar-date';
import { isCulledStoredValue, parseStoredStatus, storedStatusValue } from '@cowcare/domain/cow-status';
import {
  allowedDaysOf,
  isStartingStatus,
  startingPointProblems,
  STARTING_STATUSES,
  type StartingStatus,
} from '@cowcare/domain/starting-point';
import type { MessageKey } from '@cowcare/locales/catalog';
import type { MatingMethodCode } from '@cowcare/contract/routes/reproduction';

/**
 * The rules a new cow must pass, the same as the server's (news/news/add/addcowsinfo): the code is C and
 * digits and unique in the farm (culled cows included); the sensor is a number in range that no other
 * active cow wears; the birthday is a real day, not in the future; parity is 0 or more. The limits are read
 * from the contract's schemas so the two sides cannot drift.
 */
export type NewCowBody = RouteBody<typeof api.cows.addCow>;
export type NewCowField =
  | 'code'
  | 'sensor'
  | 'birthday'
  | 'parity'
  | 'status'
  | 'lastCalving'
  | 'lastInsemination'
  | 'inseminationMethod'
  | 'inseminationSire'
  | 'pregnancyCheck';

export interface RuleProblem {
  field: NewCowField;
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** What the farm already has: codes (culled cows too) and the sensors worn by active cows. */
export interface HerdIndex {
  codes: ReadonlySet<string>;
  sensors: ReadonlyMap<number, string>;
}

export function herdIndexOf(cows: readonly Cow[]): HerdIndex {
  const codes = new Set<string>();
  const sensors = new Map<number, string>();
  for (const cow of cows) {
    codes.add(cow.code);
    if (cow.sensor !== null && !isCulledStoredValue(cow.status)) sensors.set(cow.sensor, cow.code);
  }
  return { codes, sensors };
}

const codePattern = new RegExp(CowCode.pattern ?? '^C[0-9]{1,12}$');
const sensorMin = SensorId.minimum ?? 1;
const sensorMax = SensorId.maximum ?? 99_999_999;
const parityMin = Parity.minimum ?? 0;
const parityMax = Parity.maximum ?? 30;
const sireMax = SireCode.maxLength ?? 32;

/** The stored values a new cow may start in (every status but culled), the default first. */
export const NEW_COW_STATUS_VALUES = STARTING_STATUSES.map(storedStatusValue) as NonNullable<
  NewCowBody['status']
>[];
export type NewCowStatusValue = NonNullable<NewCowBody['status']>;

/** Text fields as typed (a form or a CSV row); empty or absent means "not given". */
export interface NewCowText {
  code: string;
  sensor: string;
  birthday: string;
  parity: string;
  status: string;
  lastCalving?: string;
  lastInsemination?: string;
  inseminationMethod?: string;
  inseminationSire?: string;
  pregnancyCheck?: string;
}

/** Words a CSV may use for a status besides the stored Korean value: the English key and the plain word. */
const STATUS_WORDS: Readonly<Record<string, StartingStatus>> = {
  waitingforsettings: 'waitingForSettings',
  estrusdetection: 'estrusDetection',
  pregnancyconfirm: 'pregnancyConfirm',
  pregnancy: 'pregnancy',
  pregnant: 'pregnancy',
  lactation: 'lactation',
  lactating: 'lactation',
  fattening: 'fattening',
};

/**
 * A status as written in a CSV or chosen in the form: the stored Korean value or an English word
 * (`pregnant`, `lactating`, `estrusDetection`…), any case. Undefined for anything a new cow may not start in.
 */
export function newCowStatusOf(text: string): StartingStatus | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'waitingForSettings';
  const status = STATUS_WORDS[trimmed.toLowerCase().replace(/[\s_-]/g, '')] ?? parseStoredStatus(trimmed);
  return status && isStartingStatus(status) ? status : undefined;
}

/** An insemination method as a CSV may write it: the dictionary code or AI / ET / natural, any case. */
const METHOD_WORDS: Readonly<Record<string, MatingMethodCode>> = {
  ai: 'artificial-insemination',
  'artificial-insemination': 'artificial-insemination',
  artificialinsemination: 'artificial-insemination',
  natural: 'natural',
  et: 'embryo-transfer',
  'embryo-transfer': 'embryo-transfer',
  embryotransfer: 'embryo-transfer',
};

export function matingMethodCodeOf(text: string): MatingMethodCode | undefined {
  return (
    METHOD_WORDS[text.trim().toLowerCase().replace(/[\s_]/g, '-')] ?? METHOD_WORDS[text.trim().toLowerCase()]
  );
}

export const MATING_METHOD_CODE_LIST: readonly MatingMethodCode[] = [
  'artificial-insemination',
  'natural',
  'embryo-transfer',
];

/** The days the status may carry, for the form to show. */
export const startingDaysOf = (status: string) => {
  const parsed = newCowStatusOf(status);
  return parsed ? allowedDaysOf(parsed) : [];
};

export interface CheckedCow {
  body: NewCowBody | null;
  problems: RuleProblem[];
}

/**
 * Check one new cow. `today` is the device's calendar day; `seen` carries codes and sensors of the rows
 * before this one (a file must not repeat them either).
 */
export function checkNewCow(
  text: NewCowText,
  herd: HerdIndex,
  today: string,
  seen: { codes: Set<string>; sensors: Set<number> } = { codes: new Set(), sensors: new Set() },
): CheckedCow {
  const problems: RuleProblem[] = [];
  const code = text.code.trim();
  if (code === '') problems.push({ field: 'code', key: 'validation.required' });
  else if (!codePattern.test(code)) problems.push({ field: 'code', key: 'herd.rules.codePattern' });
  else if (herd.codes.has(code)) problems.push({ field: 'code', key: 'herd.rules.codeTaken' });
  else if (seen.codes.has(code)) problems.push({ field: 'code', key: 'herd.rules.codeRepeated' });

  let sensor: number | null = null;
  const sensorText = text.sensor.trim();
  if (sensorText !== '') {
    const value = /^\d+$/.test(sensorText) ? Number(sensorText) : Number.NaN;
    if (!Number.isInteger(value) || value < sensorMin || value > sensorMax) {
      problems.push({
        field: 'sensor',
        key: 'herd.rules.sensorNumber',
        values: { min: sensorMin, max: sensorMax },
      });
    } else if (herd.sensors.has(value)) {
      problems.push({
        field: 'sensor',
        key: 'herd.rules.sensorTaken',
        values: { code: herd.sensors.get(value) ?? '' },
      });
    } else if (seen.sensors.has(value)) {
      problems.push({ field: 'sensor', key: 'herd.rules.sensorRepeated' });
    } else {
      sensor = value;
    }
  }

  const birthday = text.birthday.trim();
  if (birthday !== '') {
    if (!isCalendarDate(birthday)) problems.push({ field: 'birthday', key: 'herd.rules.birthdayDate' });
    else if (daysBetween(today, birthday) > 0) {
      problems.push({ field: 'birthday', key: 'herd.rules.birthdayFuture' });
    }
  }

  let parity: number | undefined;
  const parityText = text.parity.trim();
  if (parityText !== '') {
    const value = /^\d+$/.test(parityText) ? Number(parityText) : Number.NaN;
    if (!Number.isInteger(value) || value < parityMin || value > parityMax) {
      problems.push({
        field: 'parity',
        key: 'herd.rules.parity',
        values: { min: parityMin, max: parityMax },
      });
    } else {
      parity = value;
    }
  }

  const status = newCowStatusOf(text.status);
  if (status === undefined) problems.push({ field: 'status', key: 'herd.rules.status' });

  // Where she stands when she joins: the same rules as the server (domain starting-point).
  const given = (value: string | undefined) => value?.trim() ?? '';
  const lastCalving = given(text.lastCalving);
  const lastInsemination = given(text.lastInsemination);
  const pregnancyCheck = given(text.pregnancyCheck);
  const methodText = given(text.inseminationMethod);
  const inseminationSire = given(text.inseminationSire);
  const inseminationMethod = methodText === '' ? undefined : matingMethodCodeOf(methodText);
  if (methodText !== '' && inseminationMethod === undefined) {
    problems.push({ field: 'inseminationMethod', key: 'herd.rules.inseminationMethod' });
  }
  if (status !== undefined) {
    const starting = startingPointProblems(
      {
        status,
        birthday: birthday === '' ? null : birthday,
        ...(parity === undefined ? {} : { parity }),
        ...(lastCalving ? { lastCalving } : {}),
        ...(lastInsemination ? { lastInsemination } : {}),
        ...(inseminationMethod
          ? { inseminationMethod }
          : methodText
            ? { inseminationMethod: methodText }
            : {}),
        ...(pregnancyCheck ? { pregnancyCheck } : {}),
      },
      today,
    );
    for (const problem of starting) {
      if (problem.field === 'inseminationMethod' && methodText !== '' && !inseminationMethod) continue;
      problems.push({ field: problem.field, key: `validation.rule.${problem.rule}` });
    }
    if (inseminationSire !== '' && lastInsemination === '') {
      problems.push({ field: 'inseminationSire', key: 'validation.rule.notForStatus' });
    } else if (inseminationSire.length > sireMax) {
      problems.push({ field: 'inseminationSire', key: 'validation.maxLength', values: { max: sireMax } });
    }
  }

  if (code !== '') seen.codes.add(code);
  if (sensor !== null) seen.sensors.add(sensor);
  if (problems.length > 0) return { body: null, problems };
  const body: NewCowBody = { code };
  if (sensor !== null) body.sensor = sensor;
  if (birthday !== '') body.birthday = birthday;
  if (parity !== undefined) body.parity = parity;
  if (status !== undefined) body.status = storedStatusValue(status) as NewCowStatusValue;
  if (lastCalving) body.lastCalving = lastCalving;
  if (lastInsemination) body.lastInsemination = lastInsemination;
  if (inseminationMethod && lastInsemination) body.inseminationMethod = inseminationMethod;
  if (inseminationSire && lastInsemination) body.inseminationSire = inseminationSire;
  if (pregnancyCheck) body.pregnancyCheck = pregnancyCheck;
  return { body, problems };
}

export type CowEditBody = RouteBody<typeof api.cows.updateCow>;
export type CowEditField = Exclude<NewCowField, 'status'> | 'tempadd';

/** A cow's identity as typed: what registering her and editing her both ask. */
export interface CowIdentityText {
  code: string;
  sensor: string;
  birthday: string;
  parity: string;
  sex: 'female' | 'male';
  sireCode: string;
}

/** The edit form's fields as typed; an empty sensor takes the sensor off, an empty offset means the default. */
export interface CowEditText extends CowIdentityText {
  tempadd: string;
}

export function cowEditTextOf(cow: Cow): CowEditText {
  return {
    code: cow.code,
    sensor: cow.sensor === null ? '' : String(cow.sensor),
    birthday: cow.birthday ?? '',
    parity: String(cow.parity),
    sex: cow.sex,
    sireCode: cow.sireCode ?? '',
    tempadd: cow.tempadd === null ? '' : String(cow.tempadd),
  };
}

const tempaddMin = TemperatureOffset.minimum ?? -2;
const tempaddMax = TemperatureOffset.maximum ?? 2;

export interface CheckedCowEdit {
  /** Only what changed; null when a field has a problem. An empty object: nothing to save. */
  body: CowEditBody | null;
  problems: (Omit<RuleProblem, 'field'> & { field: CowEditField })[];
}

/**
 * Check an edit of `cow` with the new-cow rules, against the rest of the farm (her own code and sensor are
 * hers to keep), and the server's limits for the offset. The body carries only the fields that changed.
 */
export function checkCowEdit(
  text: CowEditText,
  cow: Cow,
  cows: readonly Cow[],
  today: string,
): CheckedCowEdit {
  const others = herdIndexOf(cows.filter((other) => other.id !== cow.id));
  const checked = checkNewCow({ ...text, status: '' }, others, today);
  const problems: CheckedCowEdit['problems'] = checked.problems.flatMap((problem) =>
    problem.field === 'status' ? [] : [{ ...problem, field: problem.field }],
  );
  const tempaddText = text.tempadd.trim().replace(',', '.');
  const tempadd = tempaddText === '' ? null : Number(tempaddText);
  if (text.parity.trim() === '') problems.push({ field: 'parity', key: 'validation.required' });
  if (
    tempadd !== null &&
    (!/^-?\d+(\.\d{1,2})?$/.test(tempaddText) || tempadd < tempaddMin || tempadd > tempaddMax)
  ) {
    problems.push({
      field: 'tempadd',
      key: 'herd.rules.tempadd',
      values: { min: tempaddMin, max: tempaddMax },
    });
  }
  if (problems.length > 0 || !checked.body) return { body: null, problems };

  const { code, sensor = null, birthday = null, parity } = checked.body;
  const sireCode = text.sireCode.trim() || null;
  const body: CowEditBody = {};
  if (code !== cow.code) body.code = code;
  if (sensor !== cow.sensor) body.sensor = sensor;
  if (birthday !== cow.birthday) body.birthday = birthday;
  if (parity !== undefined && parity !== cow.parity) body.parity = parity;
  if (text.sex !== cow.sex) body.sex = text.sex;
  if (sireCode !== cow.sireCode) body.sireCode = sireCode;
  if (tempadd !== cow.tempadd) body.tempadd = tempadd;
  return { body, problems };
}
