// Tenancy across the whole contract: a second farm's user calls every route with every id of the first
// farm's records, and ids fast-check draws from the route's own id schema, in the path and in the body, with
// well-formed bodies. Nothing of the first farm may come back, nothing of it may change (every row it owns,
// in every table, directly or through a foreign key), and a call naming its records is answered 403 or 404. A call naming the
// first farm itself (its number or country in the path or the body, its user's id) is answered 403. Driven by
// the contract, so a new route is covered the day it is added.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api } from '@cowcare/contract/api';
import { apiPath, fillPath, pathParamNames, type RouteDefinition } from '@cowcare/contract/route';
import { addCow, bossGrant, farmIdOf, insertCowType } from './cows-fixtures';
import {
  call,
  createFarmUser,
  createTestApp,
  ownScopeValue,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
import { insertNotice } from './notices-fixtures';
import { valueArbitrary, type JsonSchema } from './helpers/schema-arbitrary';

const routes = allRoutes.filter((route) => route.access === 'user');

/** Text only the first farm's records hold: none of it may reach the second farm. */
const MARK = `owner-${Date.now().toString(36)}`;
/** The sensor its cow wears (sensor-data calls name a cow by it). */
const OWNER_SENSOR = 40_001;
/** Its cows' codes (the contract wants C and digits). */
const OWNER_CODES = [1, 2].map((cow) => `C${String(Date.now()).slice(-9)}${cow}`);

interface Schema {
  type?: string;
  const?: unknown;
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
}

/** Text for a field with a pattern: the first of these it takes (a cow code, a country, a day…). */
const PATTERNED = ['C7', 'KR', '2026-11-20', 'zts', '010-1234-5678', 'https://example.com/a.png', 'en'];

const textFor = (schema: Schema, text: string): string => {
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  if (schema.format === 'date-time') return new Date().toISOString();
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  const fits = (candidate: string) =>
    (pattern?.test(candidate) ?? true) &&
    candidate.length >= (schema.minLength ?? 0) &&
    candidate.length <= (schema.maxLength ?? Infinity);
  return [text.slice(0, schema.maxLength), ...PATTERNED].find(fits) ?? text;
};

/**
 * A value the schema accepts, as a client would send it, its text `text`: every field, or with `minimal`
 * only the required ones and nullable ones null. Ids are put in afterwards.
 */
const sampleOf = (schema: Schema, text: string, minimal = false): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const nullable = schema.anyOf.some((member) => member.type === 'null');
    const filled = schema.anyOf.find((member) => member.type !== 'null') ?? {};
    return minimal && nullable ? null : sampleOf(filled, text, minimal);
  }
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => !minimal || (schema.required ?? []).includes(name))
          .map(([name, property]) => [name, sampleOf(property, text, minimal)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items ?? {}, text, minimal),
      );
    case 'string':
      return textFor(schema, text);
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return text;
  }
};

/** Fields that name records: they get the first farm's ids. */
const ID_FIELDS = new Set(['id', 'cowId', 'damId', 'typeid', 'type']);
const isIdList = (schema: Schema | undefined) =>
  schema?.type === 'array' && (schema.items?.type === 'integer' || schema.items?.type === 'number');

/**
 * Left out of the stranger's bodies: a disease code must be in the dictionary (the diagnosis text stands
 * in), the next expected estrus belongs to some results only, and a new cow's starting days to some
 * statuses only.
 */
const UNSET_FIELDS = new Set([
  'diseaseCode',
  'nextExpectedEstrus',
  'lastCalving',
  'lastInsemination',
  'inseminationMethod',
  'inseminationSire',
  'pregnancyCheck',
  'pregnancyCheckMethod',
]);

/** The stranger's own text, in what it writes. */
const STRANGER_TEXT = 'stranger';

/** The caller's own farm, where a call names it (chart requests carry city and country). */
const ownFarmFields = (user: TestUser): Record<string, string> => ({
  country: user.country,
  FarmNumber: user.farmNumber,
  city: 'Hoengseong',
  phone: '010-1234-5678',
});

const bodyNaming = (
  route: RouteDefinition,
  ownerId: number,
  ownerIds: readonly number[],
  caller: Record<string, string>,
  text = STRANGER_TEXT,
  minimal = false,
): unknown => {
  if (route.body === undefined) return undefined;
  const sample = sampleOf(route.body as Schema, text, minimal);
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return sample;
  const properties = (route.body as Schema).properties ?? {};
  // Fields whose rules the schema cannot tell, set so that the call reaches its records.
  const fields = Object.entries(sample).filter(
    ([name]) => !('action' in sample && name === 'status') && !UNSET_FIELDS.has(name),
  );
  return Object.fromEntries(
    fields.map(([name, value]) => {
      if (ID_FIELDS.has(name) && typeof value === 'number') return [name, ownerId];
      if (isIdList(properties[name])) return [name, [...ownerIds]];
      if (name === 'timedate') return [name, new Date().toISOString().slice(0, 10)];
      return [name, caller[name] ?? value];
    }),
  );
};

let testApp: TestApp;
let owner: TestUser;
let ownerFarmId: number;
let ownerIds: number[];

/**
 * Which rows of each table are the first farm's, as SQL conditions: a `farm_id` column says it, and a table
 * without one (logins, refresh tokens, messages, a health case's files) is the farm's through a foreign key
 * to a table that is. Read from information_schema, so a new table is covered the day it is added.
 */
const farmRowConditions = async (): Promise<Map<string, string>> => {
  const farmTables = await testApp.db.query<{ table: string }>(
    `SELECT table_name AS "table" FROM information_schema.columns
      WHERE column_name = 'farm_id' AND table_schema = current_schema()`,
  );
  const foreignKeys = await testApp.db.query<{ table: string; column: string; target: string; key: string }>(
    `SELECT source.table_name AS "table", source.column_name AS "column",
            target.table_name AS target, target.column_name AS "key"
       FROM information_schema.table_constraints constraints
       JOIN information_schema.key_column_usage source
         ON source.constraint_name = constraints.constraint_name AND source.table_schema = constraints.table_schema
       JOIN information_schema.constraint_column_usage target
         ON target.constraint_name = constraints.constraint_name AND target.table_schema = constraints.table_schema
      WHERE constraints.constraint_type = 'FOREIGN KEY' AND constraints.table_schema = current_schema()`,
  );
  const conditions = new Map<string, string>([['farms', 'id = $1']]);
  for (const { table } of farmTables) conditions.set(table, 'farm_id = $1');
  // Follow the foreign keys outwards from the farm's tables until no table is added.
  for (let added = true; added;) {
    added = false;
    for (const { table, column, target, key } of foreignKeys) {
      const owned = conditions.get(target);
      if (conditions.has(table) || owned === undefined) continue;
      conditions.set(table, `${column} IN (SELECT ${key} FROM ${target} WHERE ${owned})`);
      added = true;
    }
  }
  return conditions;
};

/** Every row of the first farm, table by table: what must not change. */
const ownerSnapshot = async (): Promise<unknown> => {
  const snapshot: Record<string, unknown> = {};
  for (const [table, condition] of [...(await farmRowConditions())].sort(([a], [b]) => a.localeCompare(b))) {
    snapshot[table] = await testApp.db.query(
      `SELECT * FROM ${table} owned_row WHERE ${condition} ORDER BY owned_row::text`,
      [ownerFarmId],
    );
  }
  return JSON.parse(JSON.stringify(snapshot));
};

beforeAll(async () => {
  testApp = await createTestApp();
  // In a country of its own, so that naming its country names another farm.
  owner = await createFarmUser(testApp, { country: 'JP' });
  ownerFarmId = await farmIdOf(testApp, owner);

  // The first farm's records, through its own calls where a call makes them.
  const cow = await addCow(testApp, owner, { code: OWNER_CODES[0], sensor: OWNER_SENSOR });
  const other = await addCow(testApp, owner, { code: OWNER_CODES[1] });
  const typeId = await insertCowType(testApp, ownerFarmId, `${MARK}-type`);
  const recordIds: number[] = [];
  const records: [RouteDefinition, Record<string, unknown>][] = [
    [api.reproduction.addEstrus, {}],
    [api.reproduction.addFertilization, {}],
    // The contract leaves the result optional; the call asks for one ("select pregnancy status").
    [
      api.reproduction.addPregnancy,
      { result: sampleOf((api.reproduction.addPregnancy.body as Schema).properties?.result ?? {}, MARK) },
    ],
    [api.reproduction.addCalving, {}],
    [api.health.addHealthCase, { diagnosisText: `${MARK}-diagnosis` }],
  ];
  for (const [route, extra] of records) {
    const body = {
      ...(bodyNaming(route, cow.id, [], ownFarmFields(owner), MARK, true) as object),
      memo: `${MARK}-memo`,
      ...extra,
    };
    const response = await call(testApp, route, { token: owner.token, body });
    expect(response.statusCode, `${route.path}: ${response.body}`).toBe(200);
    const { data } = response.json<{ data: { record?: { id: number }; id?: number } }>();
    recordIds.push(data.record?.id ?? data.id ?? NaN);
  }
  const [upload] = await testApp.db.query<{ id: number }>(
    `INSERT INTO uploads (farm_id, user_id, stored_name, original_name, mime_type, size_bytes)
     VALUES ($1, $2, $3, $4, 'image/jpeg', 10) RETURNING id`,
    [ownerFarmId, owner.id, `${MARK}.bin`, `${MARK}.jpg`],
  );
  const notice = await insertNotice(testApp, {
    farmId: ownerFarmId,
    cowId: cow.id,
    sensorId: OWNER_SENSOR,
    code: 203,
    episodeKey: `${MARK}-fever`,
    occurredAt: new Date(),
    details: { temperature: 41.5, average: 38.6, note: MARK },
  });
  ownerIds = [
    ...new Set([
      cow.id,
      other.id,
      typeId,
      ...recordIds,
      upload?.id ?? NaN,
      notice.id,
      owner.id,
      OWNER_SENSOR,
    ]),
  ];
  expect(ownerIds.every(Number.isInteger)).toBe(true);
  // The push dispatcher marks new notices pushed in the background: let it, before any route's snapshot.
  await testApp.services.push.wake();
});
afterAll(() => testApp.close());

/**
 * Records every farm reads alike: the platform's own (there is one system info record), and sensor ids,
 * unique on the platform (issue 34): registering one another farm holds is refused 409 E_SENSOR_OTHER_FARM
 * by design, and changes nothing of that farm (the snapshot below still holds).
 */
const PLATFORM_RECORDS: readonly RouteDefinition[] = [api.system.systemInfo, api.sensors.registerSensors];

/** Numbers in a path that are a position in the caller's own records, not a record's id: a chat page's start. */
const POSITION_PARAMS = new Set(['before']);

/**
 * The product's one cross-farm call by design (architecture §10, decision 0019): asking a user of another farm
 * to be friends leaves a pending request naming them, and nothing else. It still must read nothing of theirs.
 */
const CROSS_FARM_BY_DESIGN = new Map<RouteDefinition, readonly string[]>([
  [api.chat.friendApply, ['chat_friendships']],
]);

const isNumeric = (schema: Schema | undefined) => schema?.type === 'integer' || schema?.type === 'number';

/** Whether a call names the first farm's records: by a numeric id in its path or an id in its body. */
const namesRecords = (route: RouteDefinition): boolean => {
  if (PLATFORM_RECORDS.includes(route)) return false;
  const params = (route.params as Schema | undefined)?.properties ?? {};
  const properties = Object.entries((route.body as Schema | undefined)?.properties ?? {});
  return (
    pathParamNames(route.path).some(
      (name) => !route.scopes?.[name] && !POSITION_PARAMS.has(name) && isNumeric(params[name]),
    ) || properties.some(([name, schema]) => ID_FIELDS.has(name) || isIdList(schema))
  );
};

/** The numeric schema of a field, or of the numeric member of a union (an id that may also come as text). */
const numericOf = (schema: Schema | undefined): Schema | undefined =>
  isNumeric(schema) ? schema : schema?.anyOf?.find(isNumeric);

/** The schema of the id a call names first: a numeric path value, an id field of the body, or an id list's items. */
const idSchemaOf = (route: RouteDefinition): Schema | undefined => {
  const params = (route.params as Schema | undefined)?.properties ?? {};
  const pathId = pathParamNames(route.path).find((name) => !route.scopes?.[name] && isNumeric(params[name]));
  if (pathId !== undefined) return params[pathId];
  const fields = Object.entries((route.body as Schema | undefined)?.properties ?? {});
  const field = fields.find(([name, schema]) => ID_FIELDS.has(name) && numericOf(schema));
  return numericOf(field?.[1]) ?? fields.find(([, schema]) => isIdList(schema))?.[1].items;
};

/** The seed of the fuzzed ids (FUZZ_SEED tries another), and how many a route gets. */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_432);
const FUZZED_IDS_PER_ROUTE = 6;

/**
 * Ids fast-check draws from the route's own id schema, besides the first farm's known ones: small ones most
 * often (a record of the first farm, or of none), up to the schema's bound. Never the stranger's own user id.
 */
const fuzzedIds = (route: RouteDefinition, stranger: TestUser): number[] => {
  const schema = idSchemaOf(route);
  if (schema === undefined) return [];
  const ids = fc.sample(valueArbitrary(schema as JsonSchema), {
    seed: FUZZ_SEED + routes.indexOf(route),
    numRuns: FUZZED_IDS_PER_ROUTE,
  });
  return ids.filter((id): id is number => typeof id === 'number' && id !== stranger.id);
};

/** Fields of a body that name a farm, and what names the caller's own. */
const FARM_FIELDS = ['country', 'FarmNumber'] as const;
const bodyNamesFarm = (route: RouteDefinition): boolean =>
  FARM_FIELDS.some((name) => name in ((route.body as Schema | undefined)?.properties ?? {}));

interface Stranger {
  user: TestUser;
  grant: string;
}

const newStranger = async (): Promise<Stranger> => {
  const user = await createFarmUser(testApp);
  return { user, grant: await bossGrant(testApp, user) };
};

/** One call of the stranger's; a 5xx or any of the first farm's text in the answer is a leak. */
const strangerCall = async (
  route: RouteDefinition,
  stranger: Stranger,
  params: Record<string, string>,
  body: unknown,
  leaks: string[],
  label: string,
): Promise<number> => {
  const sendsBody = route.body !== undefined && route.method !== 'GET';
  const response = await testApp.app.inject({
    method: route.method,
    url: apiPath({ path: fillPath(route.path, params) }),
    headers: {
      authorization: `Bearer ${stranger.user.token}`,
      'x-boss-grant': stranger.grant,
      ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(sendsBody ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode >= 500) leaks.push(`${label}: ${response.statusCode} ${response.body}`);
  if ([MARK, ...OWNER_CODES].some((mark) => response.body.includes(mark))) {
    leaks.push(`${label}: answered ${response.body.slice(0, 300)}`);
  }
  return response.statusCode;
};

/** The path's values: the caller's own scopes and farm, `ownerId` in every other id. */
const pathValues = (route: RouteDefinition, caller: TestUser, ownerId: number): Record<string, string> =>
  Object.fromEntries(
    pathParamNames(route.path).map((name) => {
      const scope = route.scopes?.[name];
      if (scope) return [name, ownScopeValue(caller, scope)];
      const own = ownFarmFields(caller)[name];
      if (own) return [name, own];
      const schema = (route.params as Schema | undefined)?.properties?.[name] ?? {};
      return [name, isNumeric(schema) ? String(ownerId) : String(sampleOf(schema, String(ownerId)))];
    }),
  );

describe("the first farm's rows", () => {
  it('are found in every table that holds them, with or without a farm_id column', async () => {
    const tables = [...(await farmRowConditions()).keys()];
    // Logins, refresh tokens, messages and a case's files name the farm only through a foreign key.
    expect(tables).toEqual(
      expect.arrayContaining([
        'cows',
        'login_sessions',
        'refresh_tokens',
        'user_messages',
        'health_case_uploads',
      ]),
    );
    const snapshot = (await ownerSnapshot()) as Record<string, unknown[]>;
    expect(snapshot.health_case_uploads).toHaveLength(0);
    expect(snapshot.login_sessions?.length).toBeGreaterThan(0);
  });
});

describe("another farm's user, on every route of the contract", () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s reads and changes nothing of the first farm',
    async (_name, route) => {
      // A farm of its own for each route, so what one route does to its caller (a logout, a new password)
      // spares the others.
      const stranger = await newStranger();
      const allowed = CROSS_FARM_BY_DESIGN.get(route) ?? [];
      const snapshot = async () => {
        const tables = (await ownerSnapshot()) as Record<string, unknown>;
        for (const table of allowed) delete tables[table];
        return tables;
      };
      const before = await snapshot();
      const leaks: string[] = [];
      const refusedWith = new Set<number>();
      // Each of the first farm's ids, and ids fuzzed from the route's schema, in every id of the path (the
      // stranger's own scopes) and of the body.
      const names = namesRecords(route);
      const tried = names ? [...ownerIds, ...fuzzedIds(route, stranger.user)] : [ownerIds[0] ?? 0];
      for (const ownerId of tried) {
        const status = await strangerCall(
          route,
          stranger,
          pathValues(route, stranger.user, ownerId),
          bodyNaming(route, ownerId, ownerIds, ownFarmFields(stranger.user)),
          leaks,
          `id ${ownerId}`,
        );
        refusedWith.add(status);
      }
      expect(leaks).toEqual([]);
      // A record of another farm is not found (or forbidden), never answered as if it were the caller's.
      if (names) expect([...refusedWith].filter((status) => status !== 403 && status !== 404)).toEqual([]);
      expect(await snapshot()).toEqual(before);
    },
  );
});

/** The routes that name a farm, by a scope in the path or a farm field in the body, and each name. */
const farmNamings = routes.flatMap((route) => [
  ...Object.keys(route.scopes ?? {}).map(
    (name) => [`${route.method} ${route.path} (${name})`, route, name] as const,
  ),
  ...(bodyNamesFarm(route)
    ? FARM_FIELDS.filter((name) => name in ((route.body as Schema).properties ?? {})).map(
        (name) => [`${route.method} ${route.path} (body ${name})`, route, `body:${name}`] as const,
      )
    : []),
]);

describe("another farm's user, naming the first farm", () => {
  it.each(farmNamings)('%s is refused with 403', async (_name, route, naming) => {
    const stranger = await newStranger();
    const before = await ownerSnapshot();
    const leaks: string[] = [];
    const ownerScope: Record<string, string> = {
      ...ownFarmFields(owner),
      id: String(owner.id),
      userId: String(owner.id),
    };
    const params = pathValues(route, stranger.user, ownerIds[0] ?? 0);
    const body = bodyNaming(route, OWNER_SENSOR, ownerIds, ownFarmFields(stranger.user)) as Record<
      string,
      unknown
    >;
    if (naming.startsWith('body:')) body[naming.slice(5)] = ownerScope[naming.slice(5)];
    else params[naming] = ownerScope[naming] ?? '';
    const status = await strangerCall(route, stranger, params, body, leaks, naming);
    expect(leaks).toEqual([]);
    expect(status).toBe(403);
    expect(await ownerSnapshot()).toEqual(before);
  });
});
