import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { CalendarDate } from '../schemas';

// A farm's data in and out as ICAR Animal Data Exchange (ADE 1.3) JSON (issue 40; docs/ade.md, decision
// 0034). The file is one object with one list of ADE resources per resource type (the "envelope" below);
// a plain ICAR collection (`{ "member": [...] }`, each resource naming its `resourceType`) is read too.

const tag = 'exchange';

/** The envelope's lists, in the order a reader meets them; each holds ADE resources of one type. */
export const ADE_COLLECTIONS = [
  'locations',
  'animals',
  'devices',
  'heats',
  'inseminations',
  'pregnancyChecks',
  'parturitions',
  'abortions',
  'diagnoses',
  'treatments',
] as const;
export type AdeCollection = (typeof ADE_COLLECTIONS)[number];

/** The most resources one list of a file may hold: a farm of 10,000 cows with years of records fits. */
export const ADE_MAX_RESOURCES = 100_000;
/**
 * The largest import file: 10,000 cows with some 20 records each come to about 12 MB of ADE JSON. The web
 * app checks the size before it sends the file, with the same number.
 */
export const ADE_IMPORT_MAX_BYTES = 24 * 1024 * 1024;
/** The most refusals an answer lists; past it the count says how many more there were. */
export const ADE_MAX_REFUSALS = 200;

/** One ADE resource as the standard's JSON schemas define it; checked by the server against those schemas. */
const AdeResource = Type.Object({}, { additionalProperties: true, description: 'an ICAR ADE resource' });
const AdeList = Type.Array(AdeResource, { maxItems: ADE_MAX_RESOURCES });
const Text = (maxLength: number) => Type.String({ maxLength });

const OptionalList = Type.Optional(AdeList);
const collectionLists = Object.fromEntries(ADE_COLLECTIONS.map((name) => [name, OptionalList])) as Record<
  AdeCollection,
  typeof OptionalList
>;

export const AdeFileSchema = Type.Object(
  {
    format: Type.Optional(Text(64)),
    version: Type.Optional(Text(16)),
    source: Type.Optional(Text(200)),
    exportedAt: Type.Optional(Text(64)),
    period: Type.Optional(
      Type.Union([
        Type.Object({ from: Type.Union([Text(10), Type.Null()]), to: Type.Union([Text(10), Type.Null()]) }),
        Type.Null(),
      ]),
    ),
    ...collectionLists,
    /** A plain ICAR collection instead of the envelope. */
    member: Type.Optional(AdeList),
  },
  { additionalProperties: true },
);
export type AdeFile = Static<typeof AdeFileSchema>;

export const exportAde = defineRoute({
  method: 'GET',
  path: 'exchange/ade/export',
  access: 'user',
  tag,
  summary:
    "The farm as an ICAR ADE file: its locations, animals, devices, and the animals' heats (recorded and " +
    'sensor-detected), inseminations, pregnancy checks, parturitions, abortions, diagnoses and treatments. ' +
    'from/to keep the events of those days (the farm has every animal and device whatever the period).',
  query: Type.Object({ from: Type.Optional(CalendarDate), to: Type.Optional(CalendarDate) }),
  data: AdeFileSchema,
});

/** What a file brings, by our record kinds. */
export const AdeCountsSchema = Type.Object({
  cows: Type.Integer({ minimum: 0 }),
  estrus: Type.Integer({ minimum: 0, description: 'heats observed by people: estrus records' }),
  sensorHeats: Type.Integer({ minimum: 0, description: 'heats a sensor detected: heat notices, read' }),
  fertilization: Type.Integer({ minimum: 0 }),
  pregnancy: Type.Integer({ minimum: 0 }),
  calving: Type.Integer({ minimum: 0, description: 'parturitions and abortions (result abort)' }),
  health: Type.Integer({ minimum: 0, description: 'health cases: a diagnosis with its treatment' }),
  sensors: Type.Integer({ minimum: 0, description: 'sensors put on the cows that wear them' }),
});
export type AdeCounts = Static<typeof AdeCountsSchema>;

/** Why an item of the file is refused (the whole file then) or left out (the rest is imported). */
export const ADE_REASONS = [
  'schemaViolation',
  'unknownResourceType',
  'unknownAnimal',
  'duplicateAnimal',
  'noCowCode',
  'duplicateCowCode',
  'cowCodeTaken',
  'invalidDate',
  'notFemale',
  'unsupportedValue',
  'damNotInFile',
  'sensorTaken',
  'sensorDuplicate',
  'notImported',
  'tooManyCows',
] as const;
export type AdeReason = (typeof ADE_REASONS)[number];

export const AdeProblemSchema = Type.Object({
  collection: Type.String({ description: 'the list of the file (animals, heats, …) or member' }),
  index: Type.Integer({ minimum: 0, description: 'the position in that list, from 0' }),
  item: Type.String({ description: "what the item is: the animal's cow code or the event's id and animal" }),
  reason: Type.Union(ADE_REASONS.map((reason) => Type.Literal(reason))),
  detail: Type.String({ description: 'the problem in English: the field and the value' }),
});
export type AdeProblem = Static<typeof AdeProblemSchema>;

export const AdePreviewSchema = Type.Object({
  importable: Type.Boolean({ description: 'true when nothing is refused' }),
  create: AdeCountsSchema,
  refused: Type.Array(AdeProblemSchema, { description: `the first ${ADE_MAX_REFUSALS} refusals` }),
  refusedCount: Type.Integer({ minimum: 0 }),
  skipped: Type.Array(AdeProblemSchema, {
    description: 'what is not imported while the rest is (a sensor worn elsewhere, the locations)',
  }),
  skippedCount: Type.Integer({ minimum: 0 }),
});
export type AdePreview = Static<typeof AdePreviewSchema>;

const ImportBody = Type.Object({ file: AdeFileSchema });

export const previewAdeImport = defineRoute({
  ownerOnly: true,
  method: 'POST',
  path: 'exchange/ade/preview',
  access: 'user',
  tag,
  summary:
    'What importing an ADE file would create (cows, records by kind, sensors), every refused item with its ' +
    `reason and what would be left out. Changes nothing. The file is the JSON body's "file", up to ` +
    `${ADE_IMPORT_MAX_BYTES / 1024 / 1024} MiB.`,
  body: ImportBody,
  bodyLimitBytes: ADE_IMPORT_MAX_BYTES,
  data: AdePreviewSchema,
});

export const importAde = defineRoute({
  ownerOnly: true,
  method: 'POST',
  path: 'exchange/ade/import',
  access: 'user',
  tag,
  summary:
    'Import an ADE file all or nothing, in one transaction: its animals as new cows with their events as ' +
    'records. Any refused item refuses the whole file: 400 E_VALIDATION, one details[] entry per refusal ' +
    '(path body.file.<list>.<index>, rule its reason) and nothing created.',
  body: ImportBody,
  bodyLimitBytes: ADE_IMPORT_MAX_BYTES,
  data: Type.Object({ created: AdeCountsSchema, cowIds: Type.Array(Type.Integer({ minimum: 1 })) }),
});
