import type { AdeCollection } from '@cowcare/contract/routes/exchange';
import type {
  CalvingResultCode,
  DiagnosisMethodCode,
  MatingMethodCode,
  PregnancyResultCode,
} from '@cowcare/contract/routes/reproduction';
import { parseStoredStatus, storedStatusValue, type CowStatus } from '@cowcare/domain/cow-status';

// Our codes and ADE's enums, both ways (docs/ade.md has this as tables; decision 0034 says why).

/** Reverse-domain identifier schemes of what only this app numbers. */
export const SCHEMES = {
  cow: 'app.cowcare.cow',
  sensor: 'app.cowcare.sensor',
  sireCode: 'app.cowcare.sire-code',
  farm: 'app.cowcare.farm',
  paddock: 'app.cowcare.paddock',
  disease: 'app.cowcare.disease',
} as const;

/** `meta.source` of what we export. */
export const ADE_SOURCE = 'app.cowcare';
export const ADE_VERSION = '1.3';
export const ADE_FORMAT = 'cowcare-ade-envelope';

/** The schema file (resources/<name>.json) and the resource type (catalog short name) of each list. */
export const COLLECTION_SCHEMAS: Readonly<Record<AdeCollection, { schema: string; type: string }>> = {
  locations: { schema: 'icarLocationResource', type: 'icar:Location' },
  animals: { schema: 'icarAnimalCoreResource', type: 'icar:Animal' },
  devices: { schema: 'icarDeviceResource', type: 'icar:Device' },
  heats: { schema: 'icarReproHeatEventResource', type: 'icar:ReproHeatEvent' },
  inseminations: { schema: 'icarReproInseminationEventResource', type: 'icar:ReproInseminationEvent' },
  pregnancyChecks: { schema: 'icarReproPregnancyCheckEventResource', type: 'icar:ReproPregnancyCheckEvent' },
  parturitions: { schema: 'icarReproParturitionEventResource', type: 'icar:ReproParturitionEvent' },
  abortions: { schema: 'icarReproAbortionEventResource', type: 'icar:ReproAbortionEvent' },
  diagnoses: { schema: 'icarDiagnosisEventResource', type: 'icar:DiagnosisEvent' },
  treatments: { schema: 'icarTreatmentEventResource', type: 'icar:TreatmentEvent' },
};

/**
 * The list a resource of a plain ICAR collection belongs to, by its `resourceType`: the catalog's short
 * name, its `icar:` CURIE, the full URI, or the schema's file name.
 */
export const collectionOfResourceType = (resourceType: unknown): AdeCollection | undefined => {
  if (typeof resourceType !== 'string') return undefined;
  const name = resourceType
    .replace(/^https?:\/\/data\.adewg\.icar\.org\/core\//, '')
    .replace(/^icar:/, '')
    .replace(/^icar/, '')
    .replace(/Resource$/, '')
    .replace(/^AnimalCore$/, 'Animal');
  return (Object.keys(COLLECTION_SCHEMAS) as AdeCollection[]).find(
    (collection) => COLLECTION_SCHEMAS[collection].type === `icar:${name}`,
  );
};

// Animals

export interface AdeAnimalStatus {
  status: 'Alive' | 'OffFarm';
  reproductionStatus?: 'Open' | 'Inseminated' | 'Pregnant' | 'Birthed' | 'DoNotBreed';
  lactationStatus?: 'Lactating';
}

const ANIMAL_STATUS_OF: Readonly<Record<CowStatus, AdeAnimalStatus>> = {
  culled: { status: 'OffFarm' },
  estrusDetection: { status: 'Alive', reproductionStatus: 'Open' },
  pregnancyConfirm: { status: 'Alive', reproductionStatus: 'Inseminated' },
  pregnancy: { status: 'Alive', reproductionStatus: 'Pregnant' },
  lactation: { status: 'Alive', reproductionStatus: 'Birthed', lactationStatus: 'Lactating' },
  fattening: { status: 'Alive', reproductionStatus: 'DoNotBreed' },
  waitingForSettings: { status: 'Alive' },
};

export const adeStatusOf = (stored: string): AdeAnimalStatus =>
  ANIMAL_STATUS_OF[parseStoredStatus(stored) ?? 'waitingForSettings'];

/** Our status from ADE's: gone from the farm is culled; else the reproduction, then the lactation status. */
export const cowStatusOfAde = (animal: {
  status?: string;
  reproductionStatus?: string;
  lactationStatus?: string;
}): CowStatus => {
  if (animal.status === 'Dead' || animal.status === 'OffFarm') return 'culled';
  switch (animal.reproductionStatus) {
    case 'Pregnant':
    case 'PregnantMultipleFoetus':
      return 'pregnancy';
    case 'Inseminated':
      return 'pregnancyConfirm';
    case 'Birthed':
      return 'lactation';
    case 'DoNotBreed':
      return 'fattening';
    case 'Open':
    case 'NotPregnant':
      return 'estrusDetection';
  }
  if (['Lactating', 'Fresh', 'Early'].includes(animal.lactationStatus ?? '')) return 'lactation';
  return 'waitingForSettings';
};

export const storedStatusOfAde = (animal: Parameters<typeof cowStatusOfAde>[0]): string =>
  storedStatusValue(cowStatusOfAde(animal));

export const sexOfAde = (gender: unknown): 'female' | 'male' | undefined => {
  if (gender === 'Female' || gender === 'FemaleNeuter') return 'female';
  if (gender === 'Male' || gender === 'MaleNeuter' || gender === 'MaleCryptorchid') return 'male';
  return undefined;
};
export const adeGenderOf = (sex: 'female' | 'male') => (sex === 'female' ? 'Female' : 'Male');

// Events

const INSEMINATION_TYPE_OF: Readonly<Record<MatingMethodCode, string>> = {
  'artificial-insemination': 'Insemination',
  natural: 'NaturalService',
  'embryo-transfer': 'Implantation',
};
export const adeInseminationTypeOf = (method: string): string =>
  INSEMINATION_TYPE_OF[method as MatingMethodCode] ?? 'Insemination';
export const matingMethodOfAde = (type: unknown): MatingMethodCode | undefined =>
  type === 'Insemination'
    ? 'artificial-insemination'
    : type === 'NaturalService' || type === 'RunWithBull'
      ? 'natural'
      : type === 'Implantation'
        ? 'embryo-transfer'
        : undefined;

const PREGNANCY_METHOD_OF: Readonly<Record<DiagnosisMethodCode, string>> = {
  ultrasonic: 'Echography',
  inspection: 'Visual',
  rectal: 'Palpation',
  hormone: 'Blood',
  external: 'Other',
};
export const adePregnancyMethodOf = (method: string): string =>
  PREGNANCY_METHOD_OF[method as DiagnosisMethodCode] ?? 'Other';
export const diagnosisMethodOfAde = (method: unknown): DiagnosisMethodCode | undefined => {
  if (method === undefined) return 'ultrasonic';
  if (method === 'Milk') return 'hormone';
  return (Object.keys(PREGNANCY_METHOD_OF) as DiagnosisMethodCode[]).find(
    (code) => PREGNANCY_METHOD_OF[code] === method,
  );
};

/** An abortion found at a check is an empty check with this local observation (`exceptions`). */
export const ABORTION_EXCEPTION = 'Abortion';

export const adePregnancyResultOf = (result: string): { result: string; exceptions?: string[] } =>
  result === 'pregnant'
    ? { result: 'Pregnant' }
    : result === 'abort'
      ? { result: 'Empty', exceptions: [ABORTION_EXCEPTION] }
      : { result: 'Empty' };
export const pregnancyResultOfAde = (
  result: unknown,
  exceptions: unknown,
): PregnancyResultCode | undefined => {
  if (result === 'Pregnant' || result === 'Multiple') return 'pregnant';
  if (result !== 'Empty') return undefined;
  return Array.isArray(exceptions) && exceptions.includes(ABORTION_EXCEPTION) ? 'abort' : 'unpregnant';
};

/** Calving ease says how hard it was; a premature calving has no ease of its own (kept in `cowcare`). */
export const adeCalvingEaseOf = (method: string): string | undefined =>
  method === 'normal' ? 'EasyUnassisted' : method === 'abnormal' ? 'DifficultExtraAssistance' : undefined;
export const calvingMethodOfAde = (ease: unknown): 'normal' | 'abnormal' =>
  ease === 'DifficultExtraAssistance' || ease === 'DifficultVeterinaryCare' || ease === 'CaesareanOrSurgery'
    ? 'abnormal'
    : 'normal';

export interface AdeProgeny {
  gender?: string;
  birthStatus?: string | null;
}

/** The calf of a parturition: cow and bull are live calves, a stillbirth a dead one, other an unknown one. */
export const adeProgenyOf = (result: string): AdeProgeny | undefined =>
  result === 'cow'
    ? { gender: 'Female', birthStatus: 'Alive' }
    : result === 'bull'
      ? { gender: 'Male', birthStatus: 'Alive' }
      : result === 'stillbirth'
        ? { gender: 'Unknown', birthStatus: 'Stillborn' }
        : undefined;
export const calvingResultOfAde = (progeny: AdeProgeny | undefined): CalvingResultCode => {
  if (!progeny) return 'other';
  if (progeny.birthStatus === 'Aborted') return 'abort';
  if (progeny.birthStatus && progeny.birthStatus !== 'Alive') return 'stillbirth';
  const sex = sexOfAde(progeny.gender);
  return sex === 'female' ? 'cow' : sex === 'male' ? 'bull' : 'other';
};

/** Notice codes of a sensor-detected heat: 101 detected, 103 suspected. */
export const adeHeatCertaintyOf = (code: number) => (code === 103 ? 'Suspect' : 'InHeat');
export const noticeCodeOfAdeCertainty = (certainty: unknown) => (certainty === 'Suspect' ? 103 : 101);
