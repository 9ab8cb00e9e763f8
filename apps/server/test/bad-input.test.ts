// Every route of the contract, fed input a client should never send: each answer is a 4xx with a code and a
// message (standard 3), never a 500 or a stack trace. Driven by the contract, so a new route is covered
// the day it is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, api } from '@cowcare/contract/api';
import { apiPath, fillPath, pathParamNames, type RouteDefinition } from '@cowcare/contract/route';
import { hashPassword } from '../src/modules/auth/passwords';
import { bossGrant } from './cows-fixtures';
import {
  createFarmUser,
  createTestApp,
  ownScopeValue,
  type TestApp,
  type TestUser,
} from './helpers/test-app';
import { problemWith } from './helpers/route-fuzz';
import { basicAuthorization, createGateway } from './ingest-fixtures';

/** Values of the wrong type, size or meaning for any field. */
const NASTY_VALUES: readonly unknown[] = [
  null,
  {},
  [],
  '',
  'x'.repeat(20_000),
  -1,
  1e308,
  0.5,
  'abc',
  '2026-02-30',
  "1'; DROP TABLE cows; --",
  true,
  '\u0000',
  [1, { a: [] }],
  { $gt: '' },
];

/** Path segments and query values: text only, but no better. */
const NASTY_SEGMENTS: readonly string[] = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '1e309',
  'null',
  "1' OR '1'='1",
  '\u0000',
  '../..',
  ' ',
  'x'.repeat(5_000),
];

const propertyNames = (schema: unknown): string[] => {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
};

let testApp: TestApp;
let adminToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.db.query(
    "INSERT INTO admin_users (username, password_hash, name) VALUES ('fuzz-admin', $1, 'Support')",
    [await hashPassword('fuzz admin password')],
  );
  const admin = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'fuzz-admin', password: 'fuzz admin password' },
  });
  adminToken = admin.json<{ data: { token: string } }>().data.token;
});
afterAll(() => testApp.close());

interface Caller {
  user: TestUser;
  headers: Record<string, string>;
}

/** A farm of its own for each route, so what one route does (a logout, a new password) spares the others. */
const callerFor = async (route: RouteDefinition): Promise<Caller> => {
  const user = await createFarmUser(testApp);
  if (route.access === 'admin') return { user, headers: { authorization: `Bearer ${adminToken}` } };
  if (route === api.ingest.postReadings) {
    const gateway = await createGateway(testApp, user);
    return { user, headers: basicAuthorization(gateway.username, gateway.secret) };
  }
  if (route.access === 'public') return { user, headers: {} };
  return {
    user,
    headers: { authorization: `Bearer ${user.token}`, 'x-boss-grant': await bossGrant(testApp, user) },
  };
};

/** The route's path with its scopes the caller's own (so the call gets past the scope check) and `other` elsewhere. */
const pathWith = (route: RouteDefinition, user: TestUser, other: string): string =>
  fillPath(
    route.path,
    Object.fromEntries(
      pathParamNames(route.path).map((name) => {
        const scope = route.scopes?.[name];
        return [name, scope ? ownScopeValue(user, scope) : other];
      }),
    ),
  );

interface Attempt {
  url: string;
  /** JSON text as sent. */
  payload?: string;
  what: string;
}

/** Arrays nested deeper than any code that walks a value recursively survives. */
const DEEPLY_NESTED = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

const attemptsFor = (route: RouteDefinition, user: TestUser): Attempt[] => {
  const attempts: Attempt[] = [];
  const url = (other: string, query = '') => `${apiPath({ path: pathWith(route, user, other) })}${query}`;
  for (const segment of NASTY_SEGMENTS) {
    attempts.push({ url: url(segment), what: `path ${JSON.stringify(segment.slice(0, 20))}` });
  }
  // Written into the URL as it is: percent-encoding that decodes to nothing.
  if (pathParamNames(route.path).some((name) => !route.scopes?.[name])) {
    attempts.push({ url: url('MALFORMED').replace('MALFORMED', '%E0%A4%A'), what: 'path "%E0%A4%A"' });
  }
  const bodyNames = propertyNames(route.body);
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (sendsBody) {
    for (const payload of [[], 'text', 42]) {
      attempts.push({
        url: url('1'),
        payload: JSON.stringify(payload),
        what: `body ${JSON.stringify(payload)}`,
      });
    }
    attempts.push({ url: url('1'), what: 'no body' });
    attempts.push({ url: url('1'), payload: DEEPLY_NESTED, what: 'body nested 20,000 deep' });
    const fields = bodyNames.map((name) => `${JSON.stringify(name)}:${DEEPLY_NESTED}`).join(',');
    attempts.push({ url: url('1'), payload: `{${fields}}`, what: 'every body field nested 20,000 deep' });
    for (const value of NASTY_VALUES) {
      const payload = JSON.stringify(Object.fromEntries(bodyNames.map((name) => [name, value])));
      attempts.push({
        url: url('1'),
        payload,
        what: `every body field ${JSON.stringify(value)?.slice(0, 20)}`,
      });
    }
  }
  const queryNames = propertyNames(route.query);
  for (const segment of NASTY_SEGMENTS) {
    if (queryNames.length === 0) break;
    const query = new URLSearchParams(queryNames.map((name): [string, string] => [name, segment])).toString();
    attempts.push({
      url: url('1', `?${query}`),
      what: `every query value ${JSON.stringify(segment.slice(0, 20))}`,
    });
  }
  return attempts;
};

describe('bad input to every route of the contract', () => {
  it.each(allRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers it with a 4xx, a code and a message',
    async (_name, route) => {
      const { user, headers } = await callerFor(route);
      const problems: string[] = [];
      for (const [index, attempt] of attemptsFor(route, user).entries()) {
        const response = await testApp.app.inject({
          method: route.method,
          url: attempt.url,
          headers:
            attempt.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
          // Wrong passwords among these must not block the address the test farms log in from.
          remoteAddress: `198.51.100.${index % 250}`,
        });
        const problem = problemWith(response);
        if (problem) problems.push(`${attempt.what}: ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
