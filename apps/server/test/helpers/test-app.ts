import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { fillPath, apiPath, type RouteDefinition, type ScopeKind } from '@cowcare/contract/route';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/database';
import { checkLedger, ledgerProblems } from '../../src/modules/wallet/ledger-check';
import { migrate } from '../../src/db/migrate';
import { hashPassword } from '../../src/modules/auth/passwords';
import { registerFarmUser } from '../../src/modules/auth/register-farm-user';
import { seedReferenceData } from '../../src/seed/reference-data';
import type { Services } from '../../src/services';
import { DEFAULT_PUSH_SERVICES } from '../../src/modules/push/push-config';
import { openTestDatabase } from './test-database';

/** Names this test file's run on shared services. */
export const TEST_RUN_ID = `${process.pid}-${randomBytes(4).toString('hex')}`;

/** A fixed pair, so the key a test subscribes with is the one its app signs with (generated once with web-push). */
const TEST_VAPID_KEYS = {
  publicKey: 'BEUa1K1q1XPqIqXQMW7kGAad1_pR3zcudg9eR7AeHmcOxQYlgShLkwOJkUw_GwvIjXp5Vc_-dax_ud0C5lAbai8',
  privateKey: 'HB1Rp-xSHjqn5A4E0L0zWrr4U3cw9wrzCIwL33OIXwY',
};

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent-test-data-dir',
  databaseUrl: undefined,
  minAppVersionCode: 150,
  latestAppVersion: '1.5.90',
  demo: false,
  mqttPort: 0,
  mqttMaxConnectionsPerAddress: 32,
  mqttUrl: undefined,
  // Unique per test file, so runs sharing a broker or a bus (CI's Mosquitto, Redis, NATS) never collide.
  mqttTopicRoot: `cowcare-test-${TEST_RUN_ID}`,
  mqttShareGroup: `cowcare-test-${TEST_RUN_ID}`,
  mqttTakeoverDelaySeconds: 15,
  instanceName: `test-${TEST_RUN_ID}`,
  busUrl: undefined,
  busChannel: `cowcare-test.${TEST_RUN_ID}`,
  ingestConcurrency: undefined,
  ingestQueueLimit: 32,
  detectionCacheReadings: 4_000_000,
  detectionHandoff: true,
  jobs: false,
  simulator: false,
  tokenSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  sandboxWebhookSecret: 'test-sandbox-webhook-secret',
  sandboxWebhookDelayMs: 0,
  cameraSecret: 'test-camera-secret-that-is-long-enough-for-aes-256',
  metricsToken: undefined,
  trustProxy: [],
  logLevel: 'silent',
  webDistDir: undefined,
  push: {
    vapid: TEST_VAPID_KEYS,
    subject: 'mailto:tests@cowcare.app',
    services: DEFAULT_PUSH_SERVICES,
    escalateAfterMinutes: 30,
  },
  ...overrides,
});

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Database;
  close(): Promise<void>;
}

/** The real app on a database of its own, migrated and with the platform reference data. */
export const createTestApp = async (overrides: Partial<Config> = {}): Promise<TestApp> => {
  const db = await openTestDatabase();
  await migrate(db);
  await seedReferenceData(db);
  const built = await buildApp(testConfig(overrides), db).catch(async (error: unknown) => {
    await db.close(); // a failed start must not leave a scratch database behind
    throw error;
  });
  const { app, services } = built;
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    await db.close();
    throw error;
  }
  return {
    app,
    services,
    db,
    async close() {
      await app.close();
      // Every test file that moved money leaves books that balance (issue 36): checked as it closes.
      const problems = ledgerProblems(await checkLedger(db)).join('; ');
      await db.close();
      if (problems) throw new Error(`the ledger does not balance after this test file: ${problems}`);
    },
  };
};

/** A test app with what `arrange` makes on it; a failed arrangement closes the app, leaving no scratch database. */
export const createArrangedTestApp = async <T extends object>(
  arrange: (testApp: TestApp) => Promise<T>,
): Promise<T & { testApp: TestApp }> => {
  const testApp = await createTestApp();
  try {
    return { testApp, ...(await arrange(testApp)) };
  } catch (error) {
    await testApp.close();
    throw error;
  }
};

export interface TestUser {
  id: number;
  username: string;
  password: string;
  farmNumber: string;
  country: string;
  token: string;
  refreshToken: string;
}

/** The user's own value for a path scope of the contract, so a call gets past the scope check. */
export const ownScopeValue = (user: TestUser, kind: ScopeKind): string =>
  ({ userId: String(user.id), farmNumber: user.farmNumber, country: user.country })[kind];

let userSequence = 0;

/** A farm with one user, logged in through the real login call. */
export const createFarmUser = async (
  testApp: TestApp,
  options: { country?: string; password?: string } = {},
): Promise<TestUser> => {
  userSequence += 1;
  const suffix = `${process.pid}${userSequence}`;
  const username = `farmer${suffix}`;
  const password = options.password ?? 'correct horse battery';
  const farmNumber = `F-${suffix}`;
  const country = options.country ?? 'KR';
  const id = await registerFarmUser(testApp.db, {
    username,
    passwordHash: await hashPassword(password),
    name: `Farmer ${suffix}`,
    phone: '010-1234-5678',
    country,
    FarmNumber: farmNumber,
    city: 'Hoengseong',
  });
  const session = await call(testApp, loginRoute, { body: { username, password } });
  const data = session.json<{ data: { token: string; refreshToken: string } }>().data;
  return { id, username, password, farmNumber, country, token: data.token, refreshToken: data.refreshToken };
};

const loginRoute = { method: 'POST', path: 'login/login/loginApp' } as const;

export interface CallOptions {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address as the server sees it; 127.0.0.1 when not given. */
  remoteAddress?: string;
}

/** Calls a contract route through the real HTTP stack (app.inject), optionally as a logged-in user. */
export const call = (
  testApp: TestApp,
  route: Pick<RouteDefinition, 'method' | 'path'>,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> => {
  const request: InjectOptions = {
    method: route.method,
    url: apiPath({ path: fillPath(route.path, options.params ?? {}) }),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    ...(options.query ? { query: options.query } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  return testApp.app.inject(request);
};
