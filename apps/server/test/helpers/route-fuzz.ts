// Fuzzing one route of the contract on a farm with real records: requests generated from the route's
// schemas (valid ones on the farm's own ids, and one-field mutations), each answer checked for the documented
// shape, each accepted write followed by reading the cows it touched, and the whole farm read back at the
// end. Used by test/fuzz-routes.test.ts (fixed seed, few runs) and bench/fuzz/run.ts (random seed, many).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { api } from '@cowcare/contract/api';
import { apiPath, fillPath, pathParamNames, type RouteDefinition } from '@cowcare/contract/route';
import { SENSOR_DATA_CALLS } from '@cowcare/contract/routes/charts';
import { ReadingsPayloadSchema } from '@cowcare/contract/routes/ingest';
import { buildApp } from '../../src/app';
import { migrate } from '../../src/db/migrate';
import { hashPassword } from '../../src/modules/auth/passwords';
import { insertGateway } from '../../src/modules/gateways/gateways-repository';
import { seedReferenceData } from '../../src/seed/reference-data';
import { insertCowType } from '../cows-fixtures';
import { DAY, insertNotice, insertReadings, slots } from '../notices-fixtures';
import { uploadArbitrary, SAMPLE_FILES } from './multipart-arbitrary';
import {
  hostileArbitrary,
  mutantArbitrary,
  toJsonText,
  toUrlText,
  valueArbitrary,
  type FieldHints,
  type JsonSchema,
} from './schema-arbitrary';
import { call, createFarmUser, ownScopeValue, testConfig, type TestApp, type TestUser } from './test-app';
import { openTestDatabase } from './test-database';

/** The app under fuzzing, with the errors behind its 5xx answers (the log is silent in tests). */
export interface FuzzApp extends TestApp {
  adminToken: string;
  /** Messages of the errors the error handler saw, in order; a 5xx answer's cause is among the newest. */
  errors: string[];
  /** Argon2 hashes made once: every farm's passwords hash alike, and hashing is the slow part of a farm. */
  bossPasswordHash: string;
  gatewaySecretHash: string;
  readerPasswordHash: string;
}

const BOSS_PASSWORD = 'boss password';
const GATEWAY_SECRET = 'fuzz-gateway-secret';

export const openFuzzApp = async (): Promise<FuzzApp> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cowcare-fuzz-'));
  const db = await openTestDatabase();
  await migrate(db);
  await seedReferenceData(db);
  const { app, services } = await buildApp(testConfig({ dataDir }), db);
  const errors: string[] = [];
  app.addHook('onError', async (_request, _reply, error) => {
    errors.push(`${error.name}: ${error.message}`.slice(0, 400));
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const [bossPasswordHash, gatewaySecretHash, readerPasswordHash, adminHash] = await Promise.all([
    hashPassword(BOSS_PASSWORD),
    hashPassword(GATEWAY_SECRET),
    hashPassword(READER_PASSWORD),
    hashPassword('fuzz admin password'),
  ]);
  await db.query(
    "INSERT INTO admin_users (username, password_hash, name) VALUES ('fuzz-admin', $1, 'Support')",
    [adminHash],
  );
  const admin = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'fuzz-admin', password: 'fuzz admin password' },
  });
  const adminToken = admin.json<{ data: { token: string } }>().data.token;
  return {
    app,
    services,
    db,
    close,
    adminToken,
    errors,
    bossPasswordHash,
    gatewaySecretHash,
    readerPasswordHash,
  };
};

export interface FarmCow {
  id: number;
  code: string;
  sensor: number | null;
}

/** A farm with a bit of everything, and what its fields are called in requests. */
export interface FuzzFarm {
  user: TestUser;
  /** A second user of the farm: reads back with a login the fuzzed calls never end. */
  readerToken: string;
  farmId: number;
  city: string;
  phone: string;
  grant: string;
  gatewayUsername: string;
  cows: FarmCow[];
  typeIds: number[];
  uploadIds: number[];
  noticeIds: number[];
  records: Record<RecordKind, number[]>;
}

type RecordKind = 'estrus' | 'fertilization' | 'pregnancy' | 'calving' | 'healthCase';

let farmSequence = 0;

/** A farm's setup call, which must succeed: its answer's data, or an error with the server's own. */
const expectOk = async (fuzzApp: FuzzApp, response: Promise<LightMyRequestResponse>, what: string) => {
  const answer = await response;
  if (answer.statusCode !== 200) {
    const serverError = answer.statusCode >= 500 ? ` (server: ${fuzzApp.errors.at(-1)})` : '';
    throw new Error(`setting up the farm, ${what}: ${answer.statusCode} ${answer.body}${serverError}`);
  }
  return answer.json<{ data: Record<string, unknown> }>().data;
};

const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const addFarmCows = async (fuzzApp: FuzzApp, user: TestUser, sequence: number): Promise<FarmCow[]> => {
  // Sensor ids of this farm only: a collar (40000 and up) and a bolus.
  const collar = 40_000 + sequence;
  const bolus = 1_000 + sequence;
  const cows: FarmCow[] = [];
  for (const [index, sensor] of [collar, bolus, null].entries()) {
    const code = `C${sequence}${index}`;
    const body = { code, sensor, parity: 1 };
    const data = await expectOk(
      fuzzApp,
      call(fuzzApp, api.cows.addCow, { token: user.token, body }),
      'add cow',
    );
    cows.push({ id: Number(data.id), code, sensor });
  }
  return cows;
};

const addRecords = async (fuzzApp: FuzzApp, user: TestUser, cows: FarmCow[], uploadId: number) => {
  const [first, second] = cows.map((cow) => cow.id);
  const record = async (route: RouteDefinition, body: object) => {
    const data = await expectOk(fuzzApp, call(fuzzApp, route, { token: user.token, body }), route.path);
    return Number((data.record as { id?: unknown } | undefined)?.id ?? data.id);
  };
  return {
    estrus: [await record(api.reproduction.addEstrus, { cowId: first, estrusAt: daysAgo(12) })],
    fertilization: [
      await record(api.reproduction.addFertilization, {
        cowId: first,
        plannedAt: daysAgo(11),
        method: 'artificial-insemination',
      }),
    ],
    pregnancy: [
      await record(api.reproduction.addPregnancy, {
        cowId: first,
        diagnosisMethod: 'ultrasonic',
        diagnosedAt: daysAgo(1),
        result: 'pregnant',
      }),
    ],
    calving: [
      await record(api.reproduction.addCalving, {
        cowId: second,
        calvedAt: daysAgo(30),
        method: 'normal',
        result: 'cow',
      }),
    ],
    healthCase: [
      await record(api.health.addHealthCase, {
        cowId: second,
        diagnosedOn: daysAgo(2).slice(0, 10),
        diagnosisText: 'lame',
        uploadIds: [uploadId],
      }),
    ],
  };
};

const uploadPicture = async (fuzzApp: FuzzApp, user: TestUser): Promise<number> => {
  const boundary = '----cowcarefarm';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cow.png"\r\n\r\n`;
  const data = await expectOk(
    fuzzApp,
    call(fuzzApp, api.uploads.upload, {
      token: user.token,
      body: Buffer.concat([Buffer.from(head), SAMPLE_FILES.png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }),
    'upload',
  );
  return Number(data.id);
};

const READER_PASSWORD = 'reader password';
let readerSequence = 0;

/**
 * A login of the farm the fuzzed calls do not hold: a user of its own, so a logout, a new password or
 * support disabling the fuzzed user leaves the reads working.
 */
const readerLogin = async (fuzzApp: FuzzApp, farmId: number): Promise<string> => {
  readerSequence += 1;
  const username = `fuzz-reader-${process.pid}-${readerSequence}`;
  await fuzzApp.db.query(
    `INSERT INTO users (farm_id, username, password_hash, name, phone, role)
     VALUES ($1, $2, $3, 'Reader', '010-1234-5678', 'owner')`,
    [farmId, username, fuzzApp.readerPasswordHash],
  );
  const data = await expectOk(
    fuzzApp,
    call(fuzzApp, api.auth.login, { body: { username, password: READER_PASSWORD } }),
    'reader login',
  );
  return String(data.token);
};

/** A farm of its own: three cows (a collar, a bolus, no sensor) with readings, records, a file, a notice. */
export const arrangeFuzzFarm = async (fuzzApp: FuzzApp): Promise<FuzzFarm> => {
  farmSequence += 1;
  const sequence = (process.pid % 1000) * 100 + farmSequence;
  const user = await createFarmUser(fuzzApp);
  const [farm] = await fuzzApp.db.query<{ id: number; city: string }>(
    'SELECT id, city FROM farms WHERE farm_number = $1',
    [user.farmNumber],
  );
  if (!farm) throw new Error(`no farm ${user.farmNumber}`);
  await fuzzApp.db.query('UPDATE farms SET boss_password_hash = $1 WHERE id = $2', [
    fuzzApp.bossPasswordHash,
    farm.id,
  ]);
  const grant = await expectOk(
    fuzzApp,
    call(fuzzApp, api.system.verifyBossPassword, { token: user.token, body: { password: BOSS_PASSWORD } }),
    'boss grant',
  );
  const cows = await addFarmCows(fuzzApp, user, sequence);
  const now = Date.now();
  for (const cow of cows) {
    if (cow.sensor === null) continue;
    const times = slots(now - 2 * DAY, now);
    await insertReadings(
      fuzzApp,
      farm.id,
      cow.id,
      cow.sensor,
      times.map((time, index) => ({
        time,
        temperature: 38.6 + (index % 7) / 10,
        activity: 10 + (index % 30),
      })),
    );
  }
  const uploadId = await uploadPicture(fuzzApp, user);
  const records = await addRecords(fuzzApp, user, cows, uploadId);
  const notice = await insertNotice(fuzzApp, {
    farmId: farm.id,
    cowId: cows[0]?.id ?? null,
    sensorId: cows[0]?.sensor ?? null,
    code: 203,
    episodeKey: `fuzz-${sequence}`,
    occurredAt: new Date(now - DAY / 2),
    details: { temperature: 41.5, average: 38.6 },
  });
  const gatewayUsername = `gw-fuzz-${sequence}`;
  await insertGateway(fuzzApp.db, {
    farmId: farm.id,
    username: gatewayUsername,
    secretHash: fuzzApp.gatewaySecretHash,
  });
  return {
    user,
    readerToken: await readerLogin(fuzzApp, farm.id),
    farmId: farm.id,
    city: farm.city,
    phone: '010-1234-5678',
    grant: String(grant.grant),
    gatewayUsername,
    cows,
    typeIds: [await insertCowType(fuzzApp, farm.id, `fuzz type ${sequence}`)],
    uploadIds: [uploadId],
    noticeIds: [notice.id],
    records,
  };
};

// Which of the farm's ids a route's `id` names, by its path.
const ID_OF_PATH: readonly [RegExp, (farm: FuzzFarm) => readonly number[]][] = [
  [/estrus/, (farm) => farm.records.estrus],
  [/fertilization/, (farm) => farm.records.fertilization],
  [/pregnancy/, (farm) => farm.records.pregnancy],
  [/calving/, (farm) => farm.records.calving],
  [/healthcase/, (farm) => farm.records.healthCase],
  [/upload/, (farm) => farm.uploadIds],
  [/cowtype/, (farm) => farm.typeIds],
  [/gpko|uplow/, (farm) => sensorsOf(farm)],
  [/cow|upsensorzt/, (farm) => farm.cows.map((cow) => cow.id)],
  [/user|setLg|setiotusercid|getmessage/, (farm) => [farm.user.id]],
  [/systeminfo/, () => [1]],
];

const sensorsOf = (farm: FuzzFarm): number[] =>
  farm.cows.flatMap((cow) => (cow.sensor === null ? [] : [cow.sensor]));

const today = () => new Date().toISOString().slice(0, 10);

/** The farm's own values for a route's fields, by field name: what gets a call past "not found". */
export const farmHints =
  (route: RouteDefinition, farm: FuzzFarm): FieldHints =>
  (name) => {
    const cowIds = farm.cows.map((cow) => cow.id);
    switch (name) {
      case 'id':
        return ID_OF_PATH.find(([pattern]) => pattern.test(route.path))?.[1](farm) ?? cowIds;
      case 'cowId':
      case 'damId':
      case 'list':
      case 'checklist':
        return cowIds;
      case 'ids':
        return farm.noticeIds;
      case 'uploadIds':
        return farm.uploadIds;
      case 'typeid':
      case 'type':
        return farm.typeIds;
      case 'sensor':
        return sensorsOf(farm);
      case 'userId':
        return [farm.user.id];
      case 'country':
        return [farm.user.country];
      case 'FarmNumber':
        return [farm.user.farmNumber];
      case 'city':
        return [farm.city];
      case 'phone':
        return [farm.phone];
      case 'timedate':
        return [today(), new Date().toISOString(), daysAgo(1).slice(0, 10)];
      case 'since':
        return [`${today()}T00:00:00Z`];
      case 'diseaseCode':
        return ['foot-and-mouth', 'mastitis'];
      case 'username':
        return [farm.user.username];
      case 'password':
      case 'original':
        return [farm.user.password, BOSS_PASSWORD];
      case 'refreshToken':
      case 'token':
        return [farm.user.refreshToken];
      default:
        return [];
    }
  };

/** One request as sent: path values, query, and the body as JSON text or multipart bytes. */
export interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
  /** Where the hostile value is, and what it is; absent for a valid request. */
  mutation?: { at: string; value: string };
  /** Whether it carries text the server must refuse (docs/security.md): a control character, half a pair. */
  forbiddenText: boolean;
}

/** Characters no text field may hold: C0 controls but tab, line feed and carriage return; DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole job
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/u;
/** The same, or half a UTF-16 pair (which a URL cannot carry, so it is looked for in bodies only). */
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Surrogate}/u;

/** Whether any text of a JSON value, or any of its keys, holds a forbidden character. */
const holdsForbiddenText = (value: unknown): boolean => {
  if (typeof value === 'string') return FORBIDDEN_IN_BODY.test(value);
  if (Array.isArray(value)) return value.some(holdsForbiddenText);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, field]) => FORBIDDEN_IN_BODY.test(key) || holdsForbiddenText(field),
  );
};

const objectSchema = (schema: unknown): JsonSchema & { properties: Record<string, JsonSchema> } => {
  const object = (schema ?? {}) as JsonSchema;
  return { ...object, type: 'object', properties: { ...(object.properties ?? {}) } };
};

/** The route's own body schema, or what the handler checks where the contract's is open (ingest). */
const bodySchemaOf = (route: RouteDefinition): JsonSchema | undefined =>
  route === api.ingest.postReadings ? ReadingsPayloadSchema : (route.body as JsonSchema | undefined);

const describeHostile = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : toJsonText(value);
  return text.length > 80 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
};

/** Path and query values: the caller's own scopes always (a foreign one is the tenancy test's), the rest fuzzed. */
const urlValues = (
  route: RouteDefinition,
  farm: FuzzFarm,
  schema: unknown,
  mutate: boolean,
): fc.Arbitrary<{ values: Record<string, string>; mutation?: FuzzRequest['mutation'] }> => {
  const { properties, required } = objectSchema(schema);
  const scoped = new Set(Object.keys(route.scopes ?? {}));
  const free = Object.keys(properties).filter((name) => !scoped.has(name));
  const hints = farmHints(route, farm);
  const own = Object.fromEntries(
    [...scoped].map((name) => [name, ownScopeValue(farm.user, route.scopes?.[name] ?? 'userId')]),
  );
  const valid = valueArbitrary(
    {
      type: 'object',
      properties: Object.fromEntries(free.map((name) => [name, properties[name] ?? {}])),
      required: (required ?? []).filter((name) => free.includes(name)),
    },
    { hints },
  ).map((values) => ({
    ...own,
    ...Object.fromEntries(Object.entries(values as object).map(([name, value]) => [name, toUrlText(value)])),
  }));
  if (!mutate || free.length === 0) return valid.map((values) => ({ values }));
  return fc.constantFrom(...free).chain((name) =>
    fc.tuple(valid, hostileArbitrary(properties[name] ?? {})).map(([values, hostile]) => ({
      values: { ...values, [name]: toUrlText(hostile) },
      mutation: { at: name, value: describeHostile(hostile) },
    })),
  );
};

/** Requests for the route: valid ones (one in three) and one-field mutations of valid ones. */
export const requestArbitrary = (route: RouteDefinition, farm: FuzzFarm): fc.Arbitrary<FuzzRequest> => {
  const hints = farmHints(route, farm);
  const body = bodySchemaOf(route);
  const pathNames = pathParamNames(route.path).filter((name) => !route.scopes?.[name]);
  const queryNames = Object.keys(objectSchema(route.query).properties);
  const parts = [
    ...(pathNames.length > 0 ? (['params'] as const) : []),
    ...(queryNames.length > 0 ? (['query'] as const) : []),
    ...(body ? (['body'] as const) : []),
  ];
  const build = (mutated: (typeof parts)[number] | undefined): fc.Arbitrary<FuzzRequest> =>
    fc
      .tuple(
        urlValues(route, farm, route.params, mutated === 'params'),
        urlValues(route, farm, route.query, mutated === 'query'),
        body === undefined
          ? fc.constant(undefined)
          : mutated === 'body'
            ? mutantArbitrary(body, { hints }).map((mutant) => ({
                value: mutant.value,
                mutation: { at: `body${mutant.path}`, value: describeHostile(mutant.hostile) },
              }))
            : valueArbitrary(body, { hints }).map((value) => ({ value, mutation: undefined })),
      )
      .map(([params, query, sent]) => ({
        params: params.values,
        query: route.query ? query.values : {},
        forbiddenText:
          [...Object.values(params.values), ...Object.values(query.values)].some((text) =>
            CONTROL_CHARACTER.test(text),
          ) || holdsForbiddenText(sent?.value),
        ...(sent === undefined ? {} : { payload: toJsonText(sent.value), contentType: 'application/json' }),
        ...((params.mutation ?? query.mutation ?? sent?.mutation)
          ? { mutation: params.mutation ?? query.mutation ?? sent?.mutation }
          : {}),
      }));
  if (route === api.uploads.upload) {
    return uploadArbitrary.map((upload) => ({
      params: {},
      query: {},
      payload: upload.payload,
      contentType: upload.contentType,
      mutation: { at: 'multipart', value: upload.what },
      // A file's name is not a field of ours: the server names the file it stores.
      forbiddenText: false,
    }));
  }
  if (parts.length === 0) return build(undefined);
  return fc.oneof(
    { weight: 1, arbitrary: build(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...parts).chain(build) },
  );
};

/** The headers of the route's kind of caller: the farm's user with a boss grant, support, or the gateway. */
export const callerHeaders = (
  fuzzApp: FuzzApp,
  route: RouteDefinition,
  farm: FuzzFarm,
): Record<string, string> => {
  if (route.access === 'admin') return { authorization: `Bearer ${fuzzApp.adminToken}` };
  if (route === api.ingest.postReadings) {
    const basic = Buffer.from(`${farm.gatewayUsername}:${GATEWAY_SECRET}`).toString('base64');
    return { authorization: `Basic ${basic}` };
  }
  if (route.access === 'public') return {};
  return { authorization: `Bearer ${farm.user.token}`, 'x-boss-grant': farm.grant };
};

/**
 * Percent-encoding of any text, a lone surrogate included: its three bytes as WTF-8 writes them, which is
 * what a sloppy client sends (encodeURIComponent throws on it).
 */
const encodeSegment = (text: string): string =>
  text.replace(/\p{Surrogate}|[^\p{Surrogate}]+/gu, (part) => {
    const unit = part.charCodeAt(0);
    if (part.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(part);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });

const urlOf = (route: RouteDefinition, request: FuzzRequest): string => {
  const query = Object.entries(request.query)
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .join('&');
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
    encodeSegment(request.params[name] ?? ''),
  );
  return `${apiPath({ path })}${query ? `?${query}` : ''}`;
};

let addressSequence = 0;

const send = (
  fuzzApp: FuzzApp,
  route: RouteDefinition,
  request: FuzzRequest,
  headers: Record<string, string>,
) => {
  addressSequence += 1;
  return fuzzApp.app.inject({
    method: route.method,
    url: urlOf(route, request),
    headers: request.contentType ? { ...headers, 'content-type': request.contentType } : headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    // Wrong passwords among these must not lock out one address for the rest of the run.
    remoteAddress: `198.51.${Math.floor(addressSequence / 250) % 250}.${addressSequence % 250}`,
  });
};

/** What is wrong with an answer: a 5xx, or a 4xx not in the `{ success: false, code, msg }` shape. */
export const problemWith = (response: LightMyRequestResponse): string | undefined => {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} not JSON: ${response.body.slice(0, 120)}`;
  }
  const { success, code, msg } = (body ?? {}) as { success?: unknown; code?: unknown; msg?: unknown };
  if (success !== false || typeof code !== 'string' || typeof msg !== 'string') {
    return `${response.statusCode} without success/code/msg: ${response.body.slice(0, 200)}`;
  }
  if (/\bat .+:\d+:\d+\)?/.test(msg)) {
    return `${response.statusCode} with a stack trace: ${msg.slice(0, 200)}`;
  }
  return undefined;
};

/** One distinct fault: the first request that showed it, and the server's error behind it. */
export interface FuzzFinding {
  route: string;
  kind: 'answer' | 'read-back';
  request: string;
  problem: string;
  serverError: string | undefined;
  /** Same key, same fault class. */
  key: string;
}

const shortPayload = (request: FuzzRequest): string => {
  if (request.payload === undefined) return '';
  const text =
    typeof request.payload === 'string' ? request.payload : `(multipart, ${request.payload.length} bytes)`;
  return text.length > 300 ? ` ${text.slice(0, 300)}… (${text.length} characters)` : ` ${text}`;
};

const describeRequest = (route: RouteDefinition, request: FuzzRequest): string => {
  const url = urlOf(route, request);
  const where = request.mutation ? ` [${request.mutation.at} = ${request.mutation.value}]` : ' [valid]';
  return `${route.method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url}${shortPayload(request)}${where}`;
};

/** The server's error without the numbers that differ from one request to the next. */
const errorClass = (error: string | undefined) => (error ?? '').replace(/\d+/g, '#').slice(0, 120);

/** A read that must keep answering 2xx whatever the fuzzed calls stored. */
interface ReadBack {
  route: Pick<RouteDefinition, 'method' | 'path'>;
  params?: Record<string, string | number>;
  body?: unknown;
}

const cowReads = (cowIds: Iterable<number>): ReadBack[] =>
  [...cowIds].flatMap((id) => [
    { route: api.cows.getCowInfo, params: { id } },
    { route: api.cows.cowHistory, params: { id } },
  ]);

const farmScope = (farm: FuzzFarm) => ({
  country: farm.user.country,
  FarmNumber: farm.user.farmNumber,
  phone: farm.phone,
});

/** The sensors whose charts are read back: the first and the newest few, as a large herd has many. */
const chartedSensors = (herd: readonly FarmCow[]): number[] => {
  const sensors = herd.flatMap((cow) => (cow.sensor === null ? [] : [cow.sensor]));
  return sensors.length <= 6 ? sensors : [...sensors.slice(0, 3), ...sensors.slice(-3)];
};

/** The reads of the farm's pages: its cows, their history, family and health, notices, and charts. */
const farmReads = (farm: FuzzFarm, herd: readonly FarmCow[]): ReadBack[] => {
  const cowIds = herd.map((cow) => cow.id);
  const scope = farmScope(farm);
  const chartBody = (sensor: number) => ({ id: sensor, city: farm.city, country: farm.user.country });
  return [
    { route: api.cows.getCowsData, params: scope },
    { route: api.cows.getCowsFiles, params: scope },
    { route: api.cows.sensorPage, params: scope },
    { route: api.notices.getNoticeData, params: scope },
    { route: api.notices.getNoticeDatab, params: scope },
    { route: api.notices.getNoticeDatabtd, params: scope },
    ...cowReads(cowIds),
    ...cowIds.flatMap((id): ReadBack[] => [
      { route: api.health.listHealthCases, params: { cowId: id } },
      { route: api.cows.cowFamily, params: { id } },
    ]),
    ...chartedSensors(herd).flatMap((sensor) =>
      Object.values(SENSOR_DATA_CALLS).map((route) => ({ route, body: chartBody(sensor) })),
    ),
    { route: api.charts.herdHourly, body: { city: farm.city, country: farm.user.country } },
  ];
};

interface FailedRead {
  read: string;
  answer: string;
  serverError: string | undefined;
}

/** The reads that fail, with their answers and the server's error behind each. */
const failingReads = async (
  fuzzApp: FuzzApp,
  farm: FuzzFarm,
  reads: readonly ReadBack[],
): Promise<FailedRead[]> => {
  const failures: FailedRead[] = [];
  for (const read of reads) {
    const errorsBefore = fuzzApp.errors.length;
    const send = () =>
      call(fuzzApp, read.route, {
        token: farm.readerToken,
        ...(read.params ? { params: read.params } : {}),
        ...(read.body ? { body: read.body } : {}),
      });
    let response = await send();
    if (response.statusCode === 401) {
      // Support's calls may disable any user, the reader too: a new reader, and the read again.
      farm.readerToken = await readerLogin(fuzzApp, farm.farmId);
      response = await send();
    }
    if (response.statusCode >= 300) {
      failures.push({
        read: `${read.route.method} ${fillPath(read.route.path, read.params ?? {})}`,
        answer: `${response.statusCode} ${response.body.slice(0, 200)}`,
        serverError: fuzzApp.errors.slice(errorsBefore).at(-1),
      });
    }
  }
  return failures;
};

/** Ids of the cows an answer holds (a record's cow, a new calf), to read them back. */
const cowIdsIn = (value: unknown, found: Set<number>): Set<number> => {
  if (Array.isArray(value)) {
    for (const item of value) cowIdsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    if (typeof object.id === 'number' && typeof object.code === 'string' && 'sensorzt' in object) {
      found.add(object.id);
    }
    for (const field of Object.values(object)) cowIdsIn(field, found);
  }
  return found;
};

/** The farm's cows as its list shows them now: new cows and calves included, sensors as they are worn now. */
const currentHerd = async (fuzzApp: FuzzApp, farm: FuzzFarm): Promise<FarmCow[]> => {
  const response = await call(fuzzApp, api.cows.getCowsData, {
    token: farm.readerToken,
    params: farmScope(farm),
  });
  // The list failing is a finding of its own (the list is among the reads); the rest is read as arranged.
  if (response.statusCode !== 200) return farm.cows;
  // A culled cow's sensor has no charts (404 by the contract): it is read as a cow without a sensor.
  return response
    .json<{ data: (FarmCow & { culledAt: string | null })[] }>()
    .data.map(({ id, code, sensor, culledAt }) => ({ id, code, sensor: culledAt === null ? sensor : null }));
};

export interface FuzzOptions {
  numRuns: number;
  seed: number;
  /** Called with each request and its status, for a progress display. */
  onRequest?: (request: FuzzRequest, status: number) => void;
}

const isWrite = (route: RouteDefinition) => route.method !== 'GET';

/** The read that failed, without the id that differs from one cow to the next. */
const readClass = (failure: FailedRead) => failure.read.replace(/\/\d+$/, '/:id');

/**
 * Fuzzes one route on the farm. A 5xx or an answer out of shape is a finding, and so is text the server must
 * refuse (docs/security.md) that it accepted; so is a read of the farm's pages failing after the route's
 * writes (checked after each write that was accepted or failed on our side, for the cows it touched, and
 * once at the end for the whole farm). Findings are one per fault class: the route and the server's error
 * (or, without one, the place and the problem); the first request that showed it is kept.
 */
export const fuzzRoute = async (
  fuzzApp: FuzzApp,
  route: RouteDefinition,
  farm: FuzzFarm,
  options: FuzzOptions,
): Promise<FuzzFinding[]> => {
  const name = `${route.method} ${route.path}`;
  const findings = new Map<string, FuzzFinding>();
  const record = (finding: Omit<FuzzFinding, 'route' | 'key'>, place: string) => {
    const cause = finding.serverError
      ? errorClass(finding.serverError)
      : `${place} | ${errorClass(finding.problem)}`;
    const key = `${name} | ${finding.kind} | ${finding.kind === 'read-back' ? `${place} | ` : ''}${cause}`;
    if (!findings.has(key)) findings.set(key, { route: name, key, ...finding });
  };
  const recordReads = (failures: readonly FailedRead[], request: string, after: string) => {
    for (const failure of failures) {
      const problem = `${after}${failure.read} answered ${failure.answer}`;
      record({ kind: 'read-back', request, problem, serverError: failure.serverError }, readClass(failure));
    }
  };
  const headers = callerHeaders(fuzzApp, route, farm);
  const knownCows = new Set(farm.cows.map((cow) => cow.id));
  const property = fc.asyncProperty(requestArbitrary(route, farm), async (request) => {
    const errorsBefore = fuzzApp.errors.length;
    const response = await send(fuzzApp, route, request, headers);
    options.onRequest?.(request, response.statusCode);
    const problem = problemWith(response);
    const place = (request.mutation?.at ?? 'valid').replace(/\[\d+\]/g, '[]');
    const described = describeRequest(route, request);
    if (problem) {
      const serverError = fuzzApp.errors.slice(errorsBefore).at(-1);
      record({ kind: 'answer', request: described, problem, serverError }, place);
    }
    // The gateways' batch is judged item by item (a bad item is rejected, the call answers 200).
    if (request.forbiddenText && response.statusCode < 300 && route !== api.ingest.postReadings) {
      const accepted = `${response.statusCode}: accepted text with a control character or half a UTF-16 pair`;
      record({ kind: 'answer', request: described, problem: accepted, serverError: undefined }, place);
    }
    // A write accepted, or failed on our side (which may have stored part of it): the cows it names or
    // answers must still read.
    if (!isWrite(route) || (response.statusCode >= 300 && response.statusCode < 500)) return;
    const touched = cowIdsIn(response.body.startsWith('{') ? response.json() : undefined, new Set<number>());
    for (const id of knownCows) {
      if (request.payload?.includes(String(id)) || request.params.id === String(id)) touched.add(id);
    }
    const reads = [{ route: api.cows.getCowsData, params: farmScope(farm) }, ...cowReads(touched)];
    recordReads(await failingReads(fuzzApp, farm, reads), described, 'then ');
  });
  await fc.assert(property, { numRuns: options.numRuns, seed: options.seed, endOnFailure: true });
  const reads = farmReads(farm, await currentHerd(fuzzApp, farm));
  recordReads(await failingReads(fuzzApp, farm, reads), "after the route's run", '');
  return [...findings.values()];
};

/** A finding as one line: the route, what went wrong, the server's error, and the request that showed it. */
export const describeFinding = (finding: FuzzFinding): string =>
  `${finding.route} (${finding.kind}): ${finding.problem}` +
  `${finding.serverError ? ` | server: ${finding.serverError}` : ''} | request: ${finding.request}`;

/**
 * The routes in the order they are fuzzed: support's last, as its calls reach every farm (a fuzzed id may
 * disable any farm's user or restore any farm's cow) and would otherwise change the farms of the routes after.
 */
export const fuzzingOrder = (routes: readonly RouteDefinition[]): RouteDefinition[] => [
  ...routes.filter((route) => route.access !== 'admin'),
  ...routes.filter((route) => route.access === 'admin'),
];
