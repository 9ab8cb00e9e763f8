import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CowCode, CowSchema, SensorId, StoredCowStatus } from '../cow-schemas';
import { defineRoute } from '../route';
import { DiagnosisMethod, MatingMethod } from './reproduction';
import {
  CountryCode,
  DateString,
  EARLIEST_RECORD_DAY,
  FarmNumber,
  Id,
  IdParam,
  LATEST_RECORD_DAY,
} from '../schemas';

const tag = 'cows';

const Nullable = <S extends TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

const CowIdParams = Type.Object({ id: IdParam });
const FarmParams = Type.Object({ country: CountryCode, FarmNumber });

/**
 * Statuses a new cow may start in (architecture §7): any but 도태, so a herd can be onboarded mid-season;
 * 발정감지 is read as 발정탐지. 임신감정, 임신 and 포유 need the dates that put her there (see addCow).
 */
export const NewCowStatus = Type.Union(
  [
    Type.Literal('설정대기'),
    Type.Literal('발정탐지'),
    Type.Literal('발정감지'),
    Type.Literal('임신감정'),
    Type.Literal('임신'),
    Type.Literal('포유'),
    Type.Literal('비육'),
  ],
  { description: '설정대기 (the default), 발정탐지, 임신감정, 임신, 포유 or 비육' },
);
export const CowSex = Type.Union([Type.Literal('female'), Type.Literal('male')]);
/** A bull's registration or a semen straw code. */
export const SireCode = Type.String({ minLength: 1, maxLength: 32 });
/** Per-cow temperature offset in °C; null means the default, 0 (decision 0013). */
export const TemperatureOffset = Type.Number({ minimum: -2, maximum: 2 });
export const Parity = Type.Integer({ minimum: 0, maximum: 30 });

/**
 * A day typed on the cow: the shape and the record-day range here, while a day that does not exist
 * (2025-02-30) is named as such by the server ("birthday is not a real calendar date").
 */
const CowDay = Type.String({
  maxLength: 10,
  pattern: DateString.pattern,
  formatMinimum: EARLIEST_RECORD_DAY,
  formatMaximum: LATEST_RECORD_DAY,
  description: `YYYY-MM-DD, from ${EARLIEST_RECORD_DAY} to ${LATEST_RECORD_DAY}`,
});

export const getCowsData = defineRoute({
  method: 'GET',
  path: 'common/common/getCowsData/:country/:FarmNumber',
  access: 'user',
  tag,
  summary: 'Every cow of the farm, culled ones included (the client drops them), ordered by code',
  params: FarmParams,
  scopes: { country: 'country', FarmNumber: 'farmNumber' },
  data: Type.Array(CowSchema),
});

export const CowFileSchema = Type.Object({
  id: Id,
  cowId: Id,
  healthCaseId: Id,
  name: Type.String({ description: 'the file name as uploaded' }),
  mimeType: Type.String(),
  sizeBytes: Type.Integer({ minimum: 1 }),
  url: Type.String({ description: '/api/common/common/upload/<id>: the download, served to this farm only' }),
  createdAt: Type.String(),
});
export type CowFile = Static<typeof CowFileSchema>;

export const getCowsFiles = defineRoute({
  method: 'GET',
  path: 'common/common/getCowsfiles/:country/:FarmNumber',
  access: 'user',
  tag,
  summary:
    "The farm's cow files: every upload attached to a health case of one of its cows, newest first " +
    '(an upload attached to two cases is listed once per case)',
  params: FarmParams,
  scopes: { country: 'country', FarmNumber: 'farmNumber' },
  data: Type.Array(CowFileSchema),
});

export const getCowInfo = defineRoute({
  method: 'GET',
  path: 'common/common/getDataById/cowinfo/:id',
  access: 'user',
  tag,
  summary: "One cow of the caller's farm (404 for any other id)",
  params: CowIdParams,
  data: CowSchema,
});

/** Where a cow stands when she joins the farm: her last calving and insemination, her positive check. */
const startingPointFields = {
  lastCalving: Type.Optional(
    Type.String({ ...CowDay, description: 'day of her last calving: a calving record of that day' }),
  ),
  lastInsemination: Type.Optional(
    Type.String({
      ...CowDay,
      description: 'day of her last insemination (임신감정 and 임신 need it): a fertilization record',
    }),
  ),
  inseminationMethod: Type.Optional(MatingMethod),
  inseminationSire: Type.Optional(SireCode),
  pregnancyCheck: Type.Optional(
    Type.String({
      ...CowDay,
      description: 'day of the diagnosis that found her pregnant (임신 needs it): a pregnancy record',
    }),
  ),
  pregnancyCheckMethod: Type.Optional(DiagnosisMethod),
};

const NewCowBody = Type.Object({
  code: CowCode,
  sensor: Type.Optional(Nullable(SensorId)),
  birthday: Type.Optional(Nullable(CowDay)),
  parity: Type.Optional(Parity),
  status: Type.Optional(NewCowStatus),
  sex: Type.Optional(CowSex),
  damId: Type.Optional(Nullable(Id)),
  sireCode: Type.Optional(Nullable(SireCode)),
  typeid: Type.Optional(Nullable(Id)),
  tempadd: Type.Optional(Nullable(TemperatureOffset)),
  ...startingPointFields,
});

const STARTING_POINT_RULES =
  'A cow may start in any status but 도태, with the dates that status needs: 임신감정 needs lastInsemination ' +
  '(and its inseminationMethod), 임신 needs lastInsemination and pregnancyCheck, 포유 needs lastCalving; ' +
  'pregnancyCheck is only for 임신, and a lactating cow (포유) or one not yet bred has no insemination. ' +
  'The days are not in the future, not before the birthday, and in order (calving, then insemination, then ' +
  'check); a cow that calved has parity 1 or more (default 1). The server writes each day as a real record ' +
  '(calving, fertilization, pregnancy diagnosis) and computes the automatic dates from them, in one ' +
  'transaction with the cow. A field that breaks a rule answers 400 with details[].path body.<field>.';

export const addCow = defineRoute({
  method: 'POST',
  path: 'news/news/add/addcowsinfo',
  access: 'user',
  tag,
  summary:
    'Register a cow. 409 when the code is already in the farm (culled cows included) or the sensor is worn ' +
    'by another active cow; 400 for a birthday in the future; 404 when damId or typeid is not of this farm. ' +
    'A type with a cost cannot be given here (409): assign it from the type list, which charges it. ' +
    STARTING_POINT_RULES,
  body: NewCowBody,
  data: CowSchema,
});

/** The most cows one import takes: a farm of 10,000 cows fits in one file. */
export const IMPORT_MAX_COWS = 10_000;

export const importCows = defineRoute({
  method: 'POST',
  path: 'news/news/add/importcows',
  access: 'user',
  tag,
  summary:
    'Register many cows (a CSV import) all or nothing: every cow is checked as addcowsinfo checks it, and ' +
    'the first refusal rolls back the whole import; its message starts with the row ("row 3 (C1003): …") and ' +
    'its details[].path is body.cows.<index>.<field>. Codes and sensors may not repeat within the import.',
  body: Type.Object({ cows: Type.Array(NewCowBody, { minItems: 1, maxItems: IMPORT_MAX_COWS }) }),
  // 10,000 cows with every column filled come to some 3 MB of JSON.
  bodyLimitBytes: 8 * 1024 * 1024,
  data: Type.Object({ imported: Type.Integer({ minimum: 1 }), ids: Type.Array(Id) }),
});

const manualDate = (what: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        ...CowDay,
        description:
          `${what}. A date stores it as set by hand (its …Auto flag becomes false) and the server no longer ` +
          'recomputes it. null forgets the hand-set date: the date is cleared and the flag is automatic ' +
          'again, so the next reproduction record that computes this date fills it. Leave the field out to ' +
          'keep it as it is.',
      }),
    ),
  );

export const updateCow = defineRoute({
  method: 'PUT',
  path: 'news/news/update/cows/:id',
  access: 'user',
  tag,
  summary:
    'Edit identity fields and set reproduction dates by hand; fields left out are kept. The status is not ' +
    'edited here (409): it moves with the reproduction records or the force-change actions ' +
    '(news/news/update/cowstatus). A culled cow takes no edit (409).',
  params: CowIdParams,
  body: Type.Object({
    code: Type.Optional(CowCode),
    sensor: Type.Optional(Nullable(SensorId)),
    birthday: Type.Optional(Nullable(CowDay)),
    parity: Type.Optional(Parity),
    sex: Type.Optional(CowSex),
    sireCode: Type.Optional(Nullable(SireCode)),
    tempadd: Type.Optional(Nullable(TemperatureOffset)),
    pregnancyTest: manualDate('Pregnancy-check date'),
    expectedDelivery: manualDate('Expected calving date'),
    expectedEstrus: manualDate('Next expected estrus date'),
    status: Type.Optional(Type.Unknown({ description: 'not editable here: any value answers 409' })),
  }),
  data: CowSchema,
});

export const SensorStateFlag = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const updateSensorStates = defineRoute({
  method: 'PUT',
  path: 'common/common/upsensorzt/upsensorzt',
  access: 'user',
  tag,
  summary:
    'The current sensor state of the listed cows, in the order sent. sensorzt is 1 online, 0 offline (or ' +
    'no sensor); it is 2 ("same as you know") when the item carried the sensorzt and sensor the client ' +
    "holds and both still match. Any id that is not a cow of the caller's farm fails the whole call (404). " +
    "city is informational; country must be the caller's (403).",
  body: Type.Array(
    Type.Object({
      id: Id,
      city: Type.String({ maxLength: 64 }),
      country: CountryCode,
      sensor: Type.Optional(Nullable(SensorId)),
      sensorzt: Type.Optional(SensorStateFlag),
    }),
    { maxItems: 20_000 },
  ),
  data: Type.Array(
    Type.Object({ id: Id, sensorzt: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]) }),
  ),
});

export const SensorKindSchema = Type.Union([Type.Literal('neck'), Type.Literal('pill')]);

export const sensorPage = defineRoute({
  method: 'GET',
  path: 'common/common/getckcomdata/:FarmNumber/:country',
  access: 'user',
  tag,
  summary: 'The sensor page: every sensor worn by an active (not culled) cow, by sensor id, with totals',
  params: Type.Object({ FarmNumber, country: CountryCode }),
  scopes: { FarmNumber: 'farmNumber', country: 'country' },
  data: Type.Object({
    sensors: Type.Array(
      Type.Object({
        cowId: Id,
        code: Type.String(),
        sensor: Type.Integer(),
        sensorKind: SensorKindSchema,
        sensorzt: SensorStateFlag,
        lastReadingAt: Nullable(Type.String()),
      }),
    ),
    totals: Type.Object({
      neck: Type.Integer({ minimum: 0 }),
      pill: Type.Integer({ minimum: 0 }),
      online: Type.Integer({ minimum: 0 }),
      offline: Type.Integer({ minimum: 0 }),
    }),
  }),
});

export const FORCE_CHANGE_ACTIONS = [
  'eliminate',
  'convertToFattening',
  'endLactation',
  'forceChange',
] as const;

export const changeCowStatus = defineRoute({
  method: 'PUT',
  path: 'news/news/update/cowstatus/:id',
  access: 'user',
  tag,
  summary:
    'Force-change a status (needs a verified boss password): eliminate -> 도태 (frees the sensor; only ' +
    'support can restore), convertToFattening -> 비육, endLactation 포유 -> 발정탐지, forceChange -> status ' +
    '(required; any status but 도태). Recorded in the history with who and when. 409 for a culled cow, ' +
    'a move that is not allowed, or a cow already in the target status.',
  params: CowIdParams,
  body: Type.Object({
    action: Type.Union(FORCE_CHANGE_ACTIONS.map((action) => Type.Literal(action))),
    status: Type.Optional(StoredCowStatus),
  }),
  needsBossGrant: true,
  data: CowSchema,
});

const Actor = Nullable(
  Type.String({ description: "who recorded it: the user's name, 'support', or null for the system" }),
);
const itemBase = { id: Id, time: Type.String({ description: 'ISO-8601 UTC' }), by: Actor };

export const CowHistoryItemSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('statusChange'),
    ...itemBase,
    from: Nullable(Type.String()),
    to: Type.String(),
    reason: Type.String({
      description:
        'created, fertilization, pregnancy, calving, end-lactation, convert-to-fattening, eliminate, force, restore',
    }),
    forced: Type.Boolean(),
  }),
  Type.Object({
    kind: Type.Literal('estrus'),
    ...itemBase,
    memo: Type.String(),
    nextExpectedEstrus: Nullable(DateString),
    nextExpectedEstrusAuto: Type.Boolean(),
  }),
  Type.Object({
    kind: Type.Literal('fertilization'),
    ...itemBase,
    method: Type.String({ description: 'mating dictionary code' }),
    actualMethod: Nullable(Type.String()),
    sireCode: Nullable(Type.String()),
    memo: Type.String(),
    effectiveServiceDate: DateString,
    pregnancyCheckMethod: Type.String(),
    pregnancyCheckDate: Nullable(DateString),
    pregnancyCheckAuto: Type.Boolean(),
  }),
  Type.Object({
    kind: Type.Literal('pregnancy'),
    ...itemBase,
    method: Type.String({ description: 'diagnosis method code' }),
    result: Type.Union([Type.Literal('pregnant'), Type.Literal('unpregnant'), Type.Literal('abort')]),
    memo: Type.String(),
    expectedCalving: Nullable(DateString),
    expectedCalvingAuto: Type.Boolean(),
    nextExpectedEstrus: Nullable(DateString),
    nextExpectedEstrusAuto: Type.Boolean(),
  }),
  Type.Object({
    kind: Type.Literal('calving'),
    ...itemBase,
    method: Type.String(),
    result: Type.String(),
    memo: Type.String(),
    expectedEstrus: Nullable(DateString),
    expectedEstrusAuto: Type.Boolean(),
    calfId: Nullable(Id),
  }),
  Type.Object({
    kind: Type.Literal('healthCase'),
    ...itemBase,
    diagnosedOn: DateString,
    diseaseCode: Nullable(Type.String({ description: 'disease dictionary code; null for free text' })),
    diagnosis: Type.String({ description: 'free-text diagnosis' }),
    prescribedOn: Nullable(DateString),
    prescription: Type.String(),
    memo: Type.String(),
    fileCount: Type.Integer({ minimum: 0 }),
  }),
]);
export type CowHistoryItem = Static<typeof CowHistoryItemSchema>;

export const cowHistory = defineRoute({
  method: 'GET',
  path: 'common/common/getcowhistory/:id',
  access: 'user',
  tag,
  summary:
    "One timeline of the cow, newest first: status changes, estrus, fertilization, pregnancy and calving records and health cases (a health case's time is its diagnosis day at 00:00 UTC)",
  params: CowIdParams,
  data: Type.Array(CowHistoryItemSchema),
});

export const CowSummarySchema = Type.Object({
  id: Id,
  code: Type.String(),
  status: Type.String(),
  birthday: Nullable(DateString),
  sex: CowSex,
});
export type CowSummary = Static<typeof CowSummarySchema>;

export const cowFamily = defineRoute({
  method: 'GET',
  path: 'common/common/getcowfamily/:id',
  access: 'user',
  tag,
  summary:
    'Dam, sire (bull or semen code) and calves (oldest first, culled ones included), all of this farm; and ' +
    'the live calves her calving records name but that were never registered as cows (oldest first)',
  params: CowIdParams,
  data: Type.Object({
    dam: Nullable(CowSummarySchema),
    sire: Nullable(Type.Object({ code: Type.String() })),
    calves: Type.Array(CowSummarySchema),
    unregisteredCalves: Type.Array(
      Type.Object({
        calvedOn: DateString,
        result: Type.Union([Type.Literal('cow'), Type.Literal('bull')], {
          description: 'calvingResult dictionary code: a heifer or a bull calf',
        }),
      }),
    ),
  }),
});
