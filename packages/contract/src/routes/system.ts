import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { FarmNumber, Id, IdParam, TranslationStringSchema } from '../schemas';

const tag = 'system';

/**
 * 503 (E_UNAVAILABLE) when the database does not answer within 2 s: nothing works without it. Otherwise 200,
 * and status 'degraded' when the MQTT ingest has no connection to its broker or the event bus does not answer:
 * the app still serves, but readings, or live events from other instances, do not arrive.
 */
export const health = defineRoute({
  method: 'GET',
  path: 'health',
  access: 'public',
  tag,
  summary: 'Whether this instance can serve: its database, MQTT ingest and event bus',
  data: Type.Object({
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    database: Type.Object({
      kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
      version: Type.String(),
    }),
    mqtt: Type.Object({
      /** 'off' while the instance starts or stops. */
      mode: Type.Union([Type.Literal('embedded'), Type.Literal('external'), Type.Literal('off')]),
      /** Embedded: gateways connected; external: this instance's connections to the broker that are up. */
      connections: Type.Integer({ minimum: 0 }),
      up: Type.Boolean(),
    }),
    bus: Type.Object({
      kind: Type.Union([Type.Literal('in-process'), Type.Literal('redis'), Type.Literal('nats')]),
      up: Type.Boolean(),
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
  params: Type.Object({ id: IdParam }),
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
