// Tenancy across the whole contract: a second farm's user calls every route with every id of the first
// farm's records, in the path and in the body, with well-formed bodies. Nothing of the first farm may come
// back, and nothing of it may change. Driven by the contract, so a new route is covered the day it is added.
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

const routes = allRoutes.filter((route) => route.access === 'user');

/** Text only the first farm's records hold: none of it may reach the second farm. */
const MARK = `owner-${Date.now().toString(36)}`;
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
 * in), and the next expected estrus belongs to some results only.
 */
const UNSET_FIELDS = new Set(['diseaseCode', 'nextExpectedEstrus']);

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

/** Every row of the first farm, table by table: what must not change. */
const ownerSnapshot = async (): Promise<unknown> => {
  const tables = await testApp.db.query<{ table: string }>(
    `SELECT table_name AS "table" FROM information_schema.columns
      WHERE column_name = 'farm_id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  const snapshot: Record<string, unknown> = {};
  for (const { table } of tables) {
    snapshot[table] = await testApp.db.query(`SELECT * FROM ${table} WHERE farm_id = $1 ORDER BY 1`, [
      ownerFarmId,
    ]);
  }
  snapshot.farm = await testApp.db.query('SELECT * FROM farms WHERE id = $1', [ownerFarmId]);
  return JSON.parse(JSON.stringify(snapshot));
};

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await createFarmUser(testApp);
  ownerFarmId = await farmIdOf(testApp, owner);

  // The first farm's records, through its own calls where a call makes them.
  const cow = await addCow(testApp, owner, { code: OWNER_CODES[0], sensor: 40_001 });
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
    sensorId: 40_001,
    code: 203,
    episodeKey: `${MARK}-fever`,
    occurredAt: new Date(),
    details: { temperature: 41.5, average: 38.6, note: MARK },
  });
  ownerIds = [...new Set([cow.id, other.id, typeId, ...recordIds, upload?.id ?? NaN, notice.id, owner.id])];
  expect(ownerIds.every(Number.isInteger)).toBe(true);
});
afterAll(() => testApp.close());

describe("another farm's user, on every route of the contract", () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s reads and changes nothing of the first farm',
    async (_name, route) => {
      // A farm of its own for each route, so what one route does to its caller (a logout, a new password)
      // spares the others.
      const stranger = await createFarmUser(testApp);
      const strangerGrant = await bossGrant(testApp, stranger);
      const before = await ownerSnapshot();
      const leaks: string[] = [];
      const idParams = pathParamNames(route.path).filter((name) => !route.scopes?.[name]);
      // Each of the first farm's ids in every id of the path (the stranger's own scopes), and in the body.
      for (const ownerId of idParams.length > 0 ? ownerIds : [ownerIds[0] ?? 0]) {
        const params = Object.fromEntries(
          pathParamNames(route.path).map((name) => {
            const scope = route.scopes?.[name];
            if (scope) return [name, ownScopeValue(stranger, scope)];
            const own = ownFarmFields(stranger)[name];
            if (own) return [name, own];
            const schema = (route.params as Schema | undefined)?.properties?.[name] ?? {};
            const numeric = schema.type === 'integer' || schema.type === 'number';
            return [name, numeric ? String(ownerId) : String(sampleOf(schema, String(ownerId)))];
          }),
        );
        const sendsBody = route.body !== undefined && route.method !== 'GET';
        const response = await testApp.app.inject({
          method: route.method,
          url: apiPath({ path: fillPath(route.path, params) }),
          headers: {
            authorization: `Bearer ${stranger.token}`,
            'x-boss-grant': strangerGrant,
            ...(sendsBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(sendsBody
            ? { payload: JSON.stringify(bodyNaming(route, ownerId, ownerIds, ownFarmFields(stranger))) }
            : {}),
        });
        if (response.statusCode >= 500) leaks.push(`id ${ownerId}: ${response.statusCode} ${response.body}`);
        if ([MARK, ...OWNER_CODES].some((mark) => response.body.includes(mark))) {
          leaks.push(`id ${ownerId}: answered ${response.body.slice(0, 300)}`);
        }
      }
      expect(leaks).toEqual([]);
      expect(await ownerSnapshot()).toEqual(before);
    },
  );
});
