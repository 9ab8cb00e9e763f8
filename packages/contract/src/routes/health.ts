import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { CalendarDate, DateString, Id, IdParam } from '../schemas';
import { UploadSchema } from './uploads';

const tag = 'health';

const DiseaseCode = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  description: 'a code of the disease dictionary',
});
const DiagnosisText = Type.String({ minLength: 1, maxLength: 500 });
const Prescription = Type.String({ maxLength: 500, description: 'prescription name' });
const Memo = Type.String({ maxLength: 2000 });
const UploadIds = Type.Array(Id, { maxItems: 20, description: 'uploads of the same farm' });

export const HealthCaseSchema = Type.Object({
  id: Id,
  cowId: Id,
  diagnosedOn: DateString,
  diseaseCode: Type.Union([Type.String(), Type.Null()]),
  diagnosisText: Type.String(),
  prescribedOn: Type.Union([DateString, Type.Null()]),
  prescription: Type.String(),
  memo: Type.String(),
  files: Type.Array(UploadSchema),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type HealthCase = Static<typeof HealthCaseSchema>;

export const addHealthCase = defineRoute({
  method: 'POST',
  path: 'news/news/add/healthcase',
  access: 'user',
  tag,
  summary:
    'Record a diagnosis: a disease from the dictionary (diseaseCode) or free text (diagnosisText), at ' +
    'least one of them; optionally the prescription and uploaded pictures or files',
  body: Type.Object({
    cowId: Id,
    diagnosedOn: CalendarDate,
    diseaseCode: Type.Optional(DiseaseCode),
    diagnosisText: Type.Optional(DiagnosisText),
    prescribedOn: Type.Optional(CalendarDate),
    prescription: Type.Optional(Prescription),
    memo: Type.Optional(Memo),
    uploadIds: Type.Optional(UploadIds),
  }),
  data: HealthCaseSchema,
});

export const updateHealthCase = defineRoute({
  method: 'PUT',
  path: 'news/news/update/healthcase/:id',
  access: 'user',
  tag,
  summary:
    'Change a health case: fields left out stay as they are, null clears an optional one; uploadIds, ' +
    'when given, replaces the attached files',
  params: Type.Object({ id: IdParam }),
  body: Type.Object({
    diagnosedOn: Type.Optional(CalendarDate),
    diseaseCode: Type.Optional(Type.Union([DiseaseCode, Type.Null()])),
    diagnosisText: Type.Optional(Type.Union([DiagnosisText, Type.Null()])),
    prescribedOn: Type.Optional(Type.Union([CalendarDate, Type.Null()])),
    prescription: Type.Optional(Prescription),
    memo: Type.Optional(Memo),
    uploadIds: Type.Optional(UploadIds),
  }),
  data: HealthCaseSchema,
});

export const deleteHealthCase = defineRoute({
  method: 'DELETE',
  path: 'news/news/delete/healthcase/:id',
  access: 'user',
  tag,
  summary: 'Delete a health case; its uploaded files stay available to the farm',
  params: Type.Object({ id: IdParam }),
  data: Type.Object({ id: Id }),
});

export const listHealthCases = defineRoute({
  method: 'GET',
  path: 'news/news/healthcases/:cowId',
  access: 'user',
  tag,
  summary: "A cow's health cases, newest diagnosis first, with their files",
  params: Type.Object({ cowId: IdParam }),
  data: Type.Array(HealthCaseSchema),
});

/** At most this many pictures and files on one case (the same cap as `uploadIds`). */
export const MAX_HEALTH_CASE_FILES = 20;

export const addHealthCaseFile = defineRoute({
  method: 'POST',
  path: 'news/news/add/healthcasefile/:id',
  access: 'user',
  tag,
  summary:
    'Attach one more uploaded picture or file (an upload of the same farm) to an existing health case, ' +
    `at most ${MAX_HEALTH_CASE_FILES} per case; attaching one already there changes nothing. Answers the case`,
  params: Type.Object({ id: IdParam }),
  body: Type.Object({ uploadId: Id }),
  data: HealthCaseSchema,
});

export const removeHealthCaseFile = defineRoute({
  method: 'DELETE',
  path: 'news/news/delete/healthcasefile/:id/:uploadId',
  access: 'user',
  tag,
  summary:
    'Take a picture or file off a health case; the upload itself stays with the farm. Answers the case ' +
    '(404 when the file is not on the case)',
  params: Type.Object({ id: IdParam, uploadId: IdParam }),
  data: HealthCaseSchema,
});
