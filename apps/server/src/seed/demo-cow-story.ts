// One demo cow's past, told event by event. Every record and status move goes through the domain's
// lifecycle and date rules, so the demo herd is what the server itself would have recorded.
import { addDays, daysBetween } from '@cowcare/domain/calendar-date';
import {
  canApplyLifecycleEvent,
  nextStatusAfter,
  parityAfter,
  storedStatusValue,
  type CowStatus,
  type LifecycleEvent,
  type PregnancyResult,
} from '@cowcare/domain/cow-status';
import {
  effectiveServiceDate,
  expectedCalvingDate,
  expectedEstrusAfterCalving,
  nextExpectedEstrusDate,
  pregnancyCheckDate,
  type DiagnosisDaysSettings,
  type DiagnosisMethod,
  type MatingMethod,
} from '@cowcare/domain/reproduction-dates';
import { isForcedEvent, statusChangeReasonOf, type StatusChangeReason } from '../modules/cows/status-changes';

/** The mating dictionary's codes (config_dictionary 'mating'), which records store. */
export const MATING_CODES: Readonly<Record<MatingMethod, string>> = {
  artificialInsemination: 'artificial-insemination',
  natural: 'natural',
  embryoTransfer: 'embryo-transfer',
};

export type DemoRecord =
  | { kind: 'estrus'; at: string; memo: string; nextExpectedEstrus: string }
  | {
      kind: 'fertilization';
      at: string;
      method: string;
      sireCode: string;
      serviceDate: string;
      checkMethod: DiagnosisMethod;
      checkDate: string;
    }
  | {
      kind: 'pregnancy';
      at: string;
      method: DiagnosisMethod;
      result: PregnancyResult;
      expectedCalving: string | null;
    }
  | {
      kind: 'calving';
      at: string;
      method: 'normal' | 'abnormal' | 'premature';
      result: 'cow' | 'bull' | 'stillbirth';
      expectedEstrus: string;
      calfCode: string | null;
    }
  | {
      kind: 'health';
      on: string;
      diseaseCode: string | null;
      diagnosis: string;
      prescribedOn: string | null;
      prescription: string;
    }
  | {
      kind: 'status';
      at: string;
      from: string | null;
      to: string;
      reason: StatusChangeReason;
      forced: boolean;
    };

/**
 * What her sensor is to show, told by the simulator through the ingest like any gateway's readings: the seed
 * writes no sensor values.
 */
export interface DemoSensorStory {
  /** °C over her own normal for the last hours and the day to come (a fever a vet is treating), if any. */
  feverRise: number | null;
  /** Since when her bolus sees no drinks (a cow off her water), if it does not. */
  drinkingStoppedSince: string | null;
  /** When her sensor stopped reporting (a flat battery, a lost bolus), if it did. */
  silentSince: string | null;
  /** When she calves, if her story says: a cow due tomorrow that calves tonight. */
  calvesAt: string | null;
}

export interface DemoCow {
  code: string;
  sex: 'female' | 'male';
  birthday: string;
  status: string;
  parity: number;
  sensorId: number | null;
  sensorStory: DemoSensorStory | null;
  typeName: string | null;
  temperatureOffset: number | null;
  damCode: string | null;
  sireCode: string | null;
  createdAt: string;
  culledAt: string | null;
  lastEstrusDate: string | null;
  lastFertilizationDate: string | null;
  lastCalvingDate: string | null;
  pregnancyCheckDate: string | null;
  pregnancyCheckManual: boolean;
  expectedCalvingDate: string | null;
  expectedCalvingManual: boolean;
  expectedEstrusDate: string | null;
  expectedEstrusManual: boolean;
  records: DemoRecord[];
}

/**
 * The demo farm is in Korea (UTC+9, no summer time): its records happen at its hours, on its days. Written in
 * UTC, an insemination "at 17:00" of 20 October showed as 2 AM on the 21st in the cow's history while her
 * dates said the 20th.
 */
export const DEMO_FARM_UTC_OFFSET = '+09:00';
const OFFSET_MS = 9 * 60 * 60_000;

/** The demo farm's calendar day at `now`. */
export const demoFarmDay = (now: Date): string =>
  new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);

const at = (date: string, hour: number): string =>
  `${date}T${String(hour).padStart(2, '0')}:00:00.000${DEMO_FARM_UTC_OFFSET}`;

export interface StoryStart {
  code: string;
  sex: 'female' | 'male';
  birthday: string;
  parity: number;
  createdOn: string;
  status: CowStatus;
  damCode?: string;
  sireCode?: string;
  typeName?: string;
}

export class CowStory {
  readonly cow: DemoCow;
  private status: CowStatus;
  private serviceDate: string | null = null;

  constructor(
    start: StoryStart,
    private readonly today: string,
    private readonly diagnosisDays: DiagnosisDaysSettings,
  ) {
    this.requirePast(start.createdOn);
    this.status = start.status;
    this.cow = {
      code: start.code,
      sex: start.sex,
      birthday: start.birthday,
      status: storedStatusValue(start.status),
      parity: start.parity,
      sensorId: null,
      sensorStory: null,
      typeName: start.typeName ?? null,
      temperatureOffset: null,
      damCode: start.damCode ?? null,
      sireCode: start.sireCode ?? null,
      createdAt: at(start.createdOn, 8),
      culledAt: null,
      lastEstrusDate: null,
      lastFertilizationDate: null,
      lastCalvingDate: null,
      pregnancyCheckDate: null,
      pregnancyCheckManual: false,
      expectedCalvingDate: null,
      expectedCalvingManual: false,
      expectedEstrusDate: null,
      expectedEstrusManual: false,
      records: [],
    };
    this.cow.records.push({
      kind: 'status',
      at: this.cow.createdAt,
      from: null,
      to: this.cow.status,
      reason: 'created',
      forced: false,
    });
  }

  get currentStatus(): CowStatus {
    return this.status;
  }

  estrus(date: string, memo = ''): this {
    this.requirePast(date);
    const next = nextExpectedEstrusDate(date);
    this.cow.records.push({ kind: 'estrus', at: at(date, 5), memo, nextExpectedEstrus: next });
    this.cow.lastEstrusDate = date;
    this.cow.expectedEstrusDate = next;
    return this;
  }

  fertilize(date: string, method: MatingMethod, checkMethod: DiagnosisMethod, sireCode: string): this {
    this.requirePast(date);
    const serviceDate = effectiveServiceDate(date, method);
    const checkDate = pregnancyCheckDate(serviceDate, checkMethod, this.diagnosisDays);
    const time = at(date, 17);
    this.cow.records.push({
      kind: 'fertilization',
      at: time,
      method: MATING_CODES[method],
      sireCode,
      serviceDate,
      checkMethod,
      checkDate,
    });
    this.serviceDate = serviceDate;
    this.cow.lastFertilizationDate = date;
    this.cow.pregnancyCheckDate = checkDate;
    this.cow.sireCode = sireCode;
    return this.move(time, { kind: 'fertilization' });
  }

  /** Diagnosed on the day the check was due. */
  diagnose(method: DiagnosisMethod, result: PregnancyResult): this {
    const date = this.cow.pregnancyCheckDate;
    if (!date || !this.serviceDate) {
      throw new Error(`${this.cow.code}: a diagnosis needs a fertilization first`);
    }
    this.requirePast(date);
    const expectedCalving = result === 'pregnant' ? expectedCalvingDate(this.serviceDate) : null;
    const time = at(date, 10);
    this.cow.records.push({ kind: 'pregnancy', at: time, method, result, expectedCalving });
    this.cow.expectedCalvingDate = expectedCalving;
    if (result === 'pregnant') this.cow.expectedEstrusDate = null;
    return this.move(time, { kind: 'pregnancyResult', result });
  }

  /** Calves `daysEarly` before the expected calving date. */
  calve(daysEarly: number, result: 'cow' | 'bull' | 'stillbirth', calfCode: string | null = null): this {
    if (!this.cow.expectedCalvingDate) throw new Error(`${this.cow.code}: a calving needs a pregnancy first`);
    const date = addDays(this.cow.expectedCalvingDate, -daysEarly);
    this.requirePast(date);
    const expectedEstrus = expectedEstrusAfterCalving(date);
    const time = at(date, 3);
    const method = daysEarly > 10 ? 'premature' : 'normal';
    this.cow.records.push({ kind: 'calving', at: time, method, result, expectedEstrus, calfCode });
    this.cow.lastCalvingDate = date;
    this.cow.expectedCalvingDate = null;
    // The check of the insemination this calving ends is history (as the app derives it).
    this.cow.pregnancyCheckDate = null;
    this.cow.pregnancyCheckManual = false;
    this.cow.expectedEstrusDate = expectedEstrus;
    this.serviceDate = null;
    return this.move(time, { kind: 'calving' });
  }

  force(date: string, event: LifecycleEvent): this {
    this.requirePast(date);
    const time = at(date, 14);
    this.move(time, event);
    if (event.kind === 'eliminate') this.cow.culledAt = time;
    return this;
  }

  health(on: string, diagnosis: { diseaseCode: string | null; text?: string }, prescription: string): this {
    this.requirePast(on);
    this.cow.records.push({
      kind: 'health',
      on,
      diseaseCode: diagnosis.diseaseCode,
      diagnosis: diagnosis.text ?? '',
      prescribedOn: prescription === '' ? null : on,
      prescription,
    });
    return this;
  }

  private move(time: string, event: LifecycleEvent): this {
    if (!canApplyLifecycleEvent(this.status, event)) {
      throw new Error(`${this.cow.code}: ${event.kind} is not allowed from ${this.status}`);
    }
    const next = nextStatusAfter(event);
    this.cow.records.push({
      kind: 'status',
      at: time,
      from: this.cow.status,
      to: storedStatusValue(next),
      reason: statusChangeReasonOf(event),
      forced: isForcedEvent(event),
    });
    this.status = next;
    this.cow.status = storedStatusValue(next);
    this.cow.parity = parityAfter(event, this.cow.parity);
    return this;
  }

  private requirePast(date: string): void {
    if (daysBetween(date, this.today) < 0) {
      throw new Error(`${this.cow.code}: ${date} is after ${this.today}`);
    }
  }
}
