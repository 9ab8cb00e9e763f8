import type { AdeCollection, AdePreview } from '@cowcare/contract/routes/exchange';
import type {
  CalvingResultCode,
  DiagnosisMethodCode,
  MatingMethodCode,
  PregnancyResultCode,
} from '@cowcare/contract/routes/reproduction';

// The shapes an ADE import plan is made of, apart from the steps that build it so each step's file can
// name them without importing the orchestrator.

export type Json = Record<string, unknown>;

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

export interface EventBase {
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

export type HealthRecord = Extract<PlannedRecord, { kind: 'health' }>;

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

export interface Item {
  collection: AdeCollection;
  /** Where it is in the file: its list (or `member`) and position. */
  list: string;
  index: number;
  resource: Json;
}

/** The animals the plan takes, and how the file's events find them. */
export interface PlannedHerd {
  cows: PlannedCow[];
  /** Every identifier of an accepted animal (official and alternative) to its index in `cows`. */
  cowOfKey: ReadonlyMap<string, number>;
  /** Sensor number to the index of the cow that wears it. */
  sensorsWorn: ReadonlyMap<number, number>;
}
