import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CowCode, CowSchema, SensorId } from '../cow-schemas';
import { defineRoute } from '../route';
import { CalendarDate, DateString, EventTime, Id, IdParam } from '../schemas';

const tag = 'reproduction';

/** A string that must be one of `values`; one enum gives one clear message where a union of literals gives three. */
const codeOf = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

/** Codes of the configuration dictionaries (`common/common/dict/getconfigdict/cows`) that drive rules. */
export const MATING_METHOD_CODES = ['artificial-insemination', 'natural', 'embryo-transfer'] as const;
export const DIAGNOSIS_METHOD_CODES = ['ultrasonic', 'inspection', 'rectal', 'hormone', 'external'] as const;
export const PREGNANCY_RESULT_CODES = ['pregnant', 'unpregnant', 'abort'] as const;
export const CALVING_METHOD_CODES = ['normal', 'abnormal', 'premature'] as const;
export const CALVING_RESULT_CODES = ['cow', 'bull', 'abort', 'stillbirth', 'other'] as const;

export type MatingMethodCode = (typeof MATING_METHOD_CODES)[number];
export type DiagnosisMethodCode = (typeof DIAGNOSIS_METHOD_CODES)[number];
export type PregnancyResultCode = (typeof PREGNANCY_RESULT_CODES)[number];
export type CalvingResultCode = (typeof CALVING_RESULT_CODES)[number];

export const MatingMethod = codeOf(MATING_METHOD_CODES, 'mating dictionary code');
export const DiagnosisMethod = codeOf(DIAGNOSIS_METHOD_CODES, 'diagnosis method dictionary code');
const PregnancyResult = codeOf(PREGNANCY_RESULT_CODES, 'pregnancy status dictionary code');
const CalvingMethod = codeOf(CALVING_METHOD_CODES, 'calving method dictionary code');
const CalvingResult = codeOf(CALVING_RESULT_CODES, 'calving result dictionary code');

const Memo = Type.String({ maxLength: 2000 });
const SireCode = Type.String({ minLength: 1, maxLength: 64, description: 'bull or semen code' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** In an update: a date sets it by hand, null returns it to automatic, leaving it out keeps it as it is. */
const ManualDateChange = Type.Optional(Nullable(CalendarDate));

const recordBase = { id: Id, cowId: Id, memo: Type.String(), createdAt: Type.String() };

export const EstrusRecordSchema = Type.Object({
  ...recordBase,
  estrusAt: Type.String(),
  nextExpectedEstrus: DateString,
  nextExpectedEstrusAuto: Type.Boolean(),
});

export const FertilizationRecordSchema = Type.Object({
  ...recordBase,
  plannedAt: Type.String(),
  method: Type.String(),
  actualMethod: Nullable(Type.String()),
  sireCode: Nullable(Type.String()),
  effectiveServiceDate: Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description: 'effective service date: the fertilization day + mating add-days',
  }),
  pregnancyCheckMethod: Type.String(),
  pregnancyCheckDate: DateString,
  pregnancyCheckDateAuto: Type.Boolean(),
});

export const PregnancyRecordSchema = Type.Object({
  ...recordBase,
  diagnosisMethod: Type.String(),
  diagnosedAt: Type.String(),
  result: Type.String(),
  expectedCalving: Nullable(DateString),
  expectedCalvingAuto: Type.Boolean(),
  nextExpectedEstrus: Nullable(DateString),
  nextExpectedEstrusAuto: Type.Boolean(),
});

export const CalvingRecordSchema = Type.Object({
  ...recordBase,
  calvedAt: Type.String(),
  method: Type.String(),
  result: Type.String(),
  expectedEstrusAfterCalving: DateString,
  expectedEstrusAfterCalvingAuto: Type.Boolean(),
  calfId: Nullable(Id),
});

export type EstrusRecord = Static<typeof EstrusRecordSchema>;
export type FertilizationRecord = Static<typeof FertilizationRecordSchema>;
export type PregnancyRecord = Static<typeof PregnancyRecordSchema>;
export type CalvingRecord = Static<typeof CalvingRecordSchema>;

const withCow = <R extends TSchema>(record: R) => Type.Object({ record, cow: CowSchema });
const RecordIdParams = Type.Object({ id: IdParam });
const Deleted = Type.Object({ id: Id, cow: CowSchema });

// Estrus

export const addEstrus = defineRoute({
  method: 'POST',
  path: 'news/news/add/estrus',
  access: 'user',
  tag,
  summary:
    "Record an estrus: sets the cow's last estrus and her next expected estrus (the estrus day + 21, " +
    'or nextExpectedEstrus set by hand)',
  body: Type.Object({
    cowId: Id,
    estrusAt: EventTime,
    memo: Type.Optional(Memo),
    nextExpectedEstrus: Type.Optional(CalendarDate),
  }),
  data: withCow(EstrusRecordSchema),
});

export const updateEstrus = defineRoute({
  method: 'PUT',
  path: 'news/news/update/estrus/:id',
  access: 'user',
  tag,
  summary: 'Change an estrus record (fields left out stay); automatic dates are recomputed',
  params: RecordIdParams,
  body: Type.Object({
    estrusAt: Type.Optional(EventTime),
    memo: Type.Optional(Memo),
    nextExpectedEstrus: ManualDateChange,
  }),
  data: withCow(EstrusRecordSchema),
});

export const deleteEstrus = defineRoute({
  method: 'DELETE',
  path: 'news/news/delete/estrus/:id',
  access: 'user',
  tag,
  summary: "Delete an estrus record; the cow's dates follow her latest remaining records",
  params: RecordIdParams,
  data: Deleted,
});

// Fertilization

export const addFertilization = defineRoute({
  method: 'POST',
  path: 'news/news/add/fertilization',
  access: 'user',
  tag,
  summary:
    'Record a fertilization: service date = the date + mating add-days; pregnancy check = service date + ' +
    "the farm's days for the check method (or set by hand); the cow moves to 임신감정",
  body: Type.Object({
    cowId: Id,
    plannedAt: EventTime,
    method: MatingMethod,
    actualMethod: Type.Optional(MatingMethod),
    sireCode: Type.Optional(SireCode),
    memo: Type.Optional(Memo),
    pregnancyCheckMethod: Type.Optional(DiagnosisMethod),
    pregnancyCheckDate: Type.Optional(CalendarDate),
  }),
  data: withCow(FertilizationRecordSchema),
});

export const updateFertilization = defineRoute({
  method: 'PUT',
  path: 'news/news/update/fertilization/:id',
  access: 'user',
  tag,
  summary: 'Change a fertilization record (fields left out stay); automatic dates are recomputed',
  params: RecordIdParams,
  body: Type.Object({
    plannedAt: Type.Optional(EventTime),
    method: Type.Optional(MatingMethod),
    actualMethod: Type.Optional(Nullable(MatingMethod)),
    sireCode: Type.Optional(Nullable(SireCode)),
    memo: Type.Optional(Memo),
    pregnancyCheckMethod: Type.Optional(DiagnosisMethod),
    pregnancyCheckDate: ManualDateChange,
  }),
  data: withCow(FertilizationRecordSchema),
});

export const deleteFertilization = defineRoute({
  method: 'DELETE',
  path: 'news/news/delete/fertilization/:id',
  access: 'user',
  tag,
  summary: "Delete a fertilization record; the cow's dates follow her latest remaining records",
  params: RecordIdParams,
  data: Deleted,
});

// Pregnancy diagnosis

export const addPregnancy = defineRoute({
  method: 'POST',
  path: 'news/news/add/pregnancy',
  access: 'user',
  tag,
  summary:
    'Record a pregnancy diagnosis (result required: "select pregnancy status"). Pregnant: 임신, expected ' +
    'calving = service date of the fertilization before it + 285. Otherwise: 발정탐지, next expected ' +
    'estrus = the diagnosis day + 21',
  body: Type.Object({
    cowId: Id,
    diagnosisMethod: DiagnosisMethod,
    diagnosedAt: EventTime,
    // Optional in the schema so that a missing one gets the spec's own prompt, not a generic message.
    result: Type.Optional(PregnancyResult),
    memo: Type.Optional(Memo),
    expectedCalving: Type.Optional(CalendarDate),
    nextExpectedEstrus: Type.Optional(CalendarDate),
  }),
  data: withCow(PregnancyRecordSchema),
});

export const updatePregnancy = defineRoute({
  method: 'PUT',
  path: 'news/news/update/pregnancy/:id',
  access: 'user',
  tag,
  summary:
    "Change a pregnancy diagnosis (fields left out stay); a changed result of the cow's latest diagnosis " +
    'moves her status again',
  params: RecordIdParams,
  body: Type.Object({
    diagnosisMethod: Type.Optional(DiagnosisMethod),
    diagnosedAt: Type.Optional(EventTime),
    result: Type.Optional(PregnancyResult),
    memo: Type.Optional(Memo),
    expectedCalving: ManualDateChange,
    nextExpectedEstrus: ManualDateChange,
  }),
  data: withCow(PregnancyRecordSchema),
});

export const deletePregnancy = defineRoute({
  method: 'DELETE',
  path: 'news/news/delete/pregnancy/:id',
  access: 'user',
  tag,
  summary: "Delete a pregnancy diagnosis; the cow's dates follow her latest remaining records",
  params: RecordIdParams,
  data: Deleted,
});

// Calving

export const CalfInputSchema = Type.Object({
  code: CowCode,
  sex: Type.Optional(
    Type.Unsafe<'female' | 'male'>({
      type: 'string',
      enum: ['female', 'male'],
      description: 'from the result',
    }),
  ),
  sensor: Type.Optional(SensorId),
  birthday: Type.Optional(CalendarDate),
});

export const addCalving = defineRoute({
  method: 'POST',
  path: 'news/news/add/calving',
  access: 'user',
  tag,
  summary:
    'Record a calving: the cow moves to 포유, parity + 1, expected estrus = calving day + 60 (or by hand). ' +
    'With a live calf (result cow or bull) `calf` registers it as a new cow with its dam linked, all or nothing',
  body: Type.Object({
    cowId: Id,
    calvedAt: EventTime,
    method: CalvingMethod,
    result: CalvingResult,
    memo: Type.Optional(Memo),
    expectedEstrusAfterCalving: Type.Optional(CalendarDate),
    calf: Type.Optional(CalfInputSchema),
  }),
  data: Type.Object({ record: CalvingRecordSchema, cow: CowSchema, calf: Nullable(CowSchema) }),
});

export const updateCalving = defineRoute({
  method: 'PUT',
  path: 'news/news/update/calving/:id',
  access: 'user',
  tag,
  summary:
    'Change a calving record (fields left out stay); the result of a calving with a registered calf ' +
    'cannot change',
  params: RecordIdParams,
  body: Type.Object({
    calvedAt: Type.Optional(EventTime),
    method: Type.Optional(CalvingMethod),
    result: Type.Optional(CalvingResult),
    memo: Type.Optional(Memo),
    expectedEstrusAfterCalving: ManualDateChange,
  }),
  data: withCow(CalvingRecordSchema),
});

export const deleteCalving = defineRoute({
  method: 'DELETE',
  path: 'news/news/delete/calving/:id',
  access: 'user',
  tag,
  summary:
    "Delete a calving record; the cow's dates follow her latest remaining records, a registered calf stays",
  params: RecordIdParams,
  data: Deleted,
});
