import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { FarmNumber, Id, TranslationStringSchema } from '../schemas';

const tag = 'system';

export const health = defineRoute({
  method: 'GET',
  path: 'health',
  access: 'public',
  tag,
  summary: 'Liveness and the database in use',
  data: Type.Object({
    status: Type.Literal('ok'),
    database: Type.Object({
      kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
      version: Type.String(),
    }),
    uptimeSeconds: Type.Number(),
  }),
});

export const translationStrings = defineRoute({
  method: 'GET',
  path: 'common/common/lgs/lgs',
  access: 'user',
  tag,
  summary: 'Every translation string with its nine language columns; the app polls it every 60 s',
  data: Type.Array(TranslationStringSchema),
});

export const SystemInfoSchema = Type.Object({
  id: Type.Literal(1),
  appName: Type.String(),
  version: Type.String(),
  versionCode: Type.Integer(),
  minVersionCode: Type.Integer(),
  serviceEmail: Type.String(),
  servicePhone: Type.String(),
  updatedAt: Type.String(),
});

export const systemInfo = defineRoute({
  method: 'GET',
  path: 'common/common/getDataById/systeminfo/:id',
  access: 'user',
  tag,
  summary: 'The system info record (there is only record 1)',
  params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  data: SystemInfoSchema,
});

export const adminUserList = defineRoute({
  method: 'GET',
  path: 'common/common/getadminuserlist/getadminuserlist',
  access: 'public',
  tag,
  summary: 'Support administrators a farm user can chat with (public names only)',
  data: Type.Array(Type.Object({ id: Id, name: Type.String(), avatar: Type.String() })),
});

export const ConfigDictEntrySchema = Type.Object({
  id: Id,
  dbname: Type.String({
    description:
      'dictionary: mating, calvingMethod, calvingResult, pregnancyStatus, diagnosisMethod, disease',
  }),
  code: Type.String({ description: 'stable key of the entry within its dictionary' }),
  name: Type.String({ description: 'comma list: ch, ko, en and, where the entry has one, add-days' }),
});

export const configDictionary = defineRoute({
  method: 'GET',
  path: 'common/common/dict/getconfigdict/cows',
  access: 'user',
  tag,
  summary: 'The configuration dictionaries of the cow screens',
  data: Type.Array(ConfigDictEntrySchema),
});

export const bossPasswordStatus = defineRoute({
  method: 'GET',
  path: 'common/common/getbosspassword',
  access: 'user',
  tag,
  summary: 'Whether the farm has a boss (management) password; never the password itself',
  data: Type.Object({ isSet: Type.Boolean() }),
});

export const verifyBossPassword = defineRoute({
  method: 'POST',
  path: 'common/common/verifybosspassword',
  access: 'user',
  tag,
  summary: 'Check a boss password; answers a short-lived grant to send as x-boss-grant (rate limited)',
  body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) }),
  data: Type.Object({ grant: Type.String(), expiresAt: Type.String() }),
});

export const farmDataRun = defineRoute({
  method: 'POST',
  path: 'common/common/farmdatarun',
  access: 'user',
  tag,
  summary: "Prepare the farm's per-farm records after launch and login; idempotent",
  body: Type.Object({ FarmNumber }),
  data: Type.Object({
    FarmNumber: Type.String(),
    ready: Type.Literal(true),
    created: Type.Array(Type.String()),
  }),
});
