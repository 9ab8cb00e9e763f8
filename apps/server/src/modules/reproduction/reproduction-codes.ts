import type { PregnancyCheckDays } from '@cowcare/contract/schemas';
import type { CalvingResultCode, MatingMethodCode } from '@cowcare/contract/routes/reproduction';
import type { DiagnosisDaysSettings, MatingMethod } from '@cowcare/domain/reproduction-dates';

// The one place where the wire's dictionary codes (kebab-case, as `config_dictionary` stores them) meet the
// domain's names. Diagnosis method codes are the domain's names already.

const MATING_METHOD_OF_CODE: Readonly<Record<MatingMethodCode, MatingMethod>> = {
  'artificial-insemination': 'artificialInsemination',
  natural: 'natural',
  'embryo-transfer': 'embryoTransfer',
};

export const matingMethodOf = (code: MatingMethodCode): MatingMethod => MATING_METHOD_OF_CODE[code];

/** The farm's settings carry the spec's capitalised wire names; the domain wants its own keys. */
export const diagnosisDaysOf = (settings: PregnancyCheckDays): DiagnosisDaysSettings => ({
  ultrasonic: settings.Ultrasonic,
  inspection: settings.Inspection,
  rectal: settings.Rectal,
  hormone: settings.Hormone,
  external: settings.External,
});

export const DEFAULT_PREGNANCY_CHECK_METHOD = 'ultrasonic';

const CALF_SEX_OF_RESULT: Partial<Readonly<Record<CalvingResultCode, 'female' | 'male'>>> = {
  cow: 'female',
  bull: 'male',
};

/** The sex of a live calf; undefined when the result is not a live calf (abort, stillbirth, other). */
export const liveCalfSexOf = (result: CalvingResultCode): 'female' | 'male' | undefined =>
  CALF_SEX_OF_RESULT[result];

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** A code read back from a record; only this module writes them, so another value is corrupt data. */
export const storedCode = <T extends string>(values: readonly T[], value: string, what: string): T => {
  if (!isOneOf(values, value)) throw new Error(`stored ${what} code is not known: ${value}`);
  return value;
};
