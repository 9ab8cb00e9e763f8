// GET /api/health: what a load balancer and an operator see of one instance. The database, the broker and the
// bus are taken away through TCP proxies in front of the real services, never replaced by stand-ins.

import { api } from '@cowcare/contract/api';
import type { RouteData } from '@cowcare/contract/route';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../src/db/postgres-database';
import { createScratchDatabase } from '../src/db/scratch-database';
import { checkHealth } from '../src/modules/system/health-check';
import { describeWithServices } from './helpers/required-services';
import { startTcpProxy } from './helpers/tcp-proxy';
import { eventually } from './notices-fixtures';
import { call, createTestApp, type TestApp } from './helpers/test-app';

type Health = RouteData<typeof api.system.health>;

const health = async (testApp: TestApp) => {
  const response = await call(testApp, api.system.health);
  return { statusCode: response.statusCode, body: response.json<{ data: Health }>() };
};

const opened: TestApp[] = [];
const open = async (...args: Parameters<typeof createTestApp>) => {
  const testApp = await createTestApp(...args);
  opened.push(testApp);
  return testApp;
};
afterAll(async () => {
  await Promise.allSettled(opened.map((testApp) => testApp.close()));
});

describe('GET /api/health on the embedded default', () => {
  it('is ok: the database with its version, the embedded broker and the in-process bus', async () => {
    const testApp = await open();
    const { statusCode, body } = await health(testApp);
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({
      status: 'ok',
      database: { kind: testApp.db.kind },
      mqtt: { mode: 'embedded', connections: 0, up: true },
      bus: { kind: 'in-process', up: true },
    });
    expect(body.data.database.version).toMatch(/PostgreSQL \d+/);
  });

  it('answers 503 E_UNAVAILABLE, with no stack, when the database is gone', async () => {
    const testApp = await createTestApp();
    try {
      await testApp.db.close();
      const response = await call(testApp, api.system.health);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        code: 'E_UNAVAILABLE',
        msg: 'The database does not answer',
      });
    } finally {
      await testApp.app.close();
    }
  });
});

// A database that hangs rather than refuses: only a real server can do that (PostgreSQL, when DATABASE_URL is
// set, as in CI).
const adminUrl = process.env.DATABASE_URL;
describe.skipIf(!adminUrl)('GET /api/health with a PostgreSQL that stops answering', () => {
  it('gives up after its timeout instead of hanging the probe', async () => {
    const testApp = await open();
    const scratch = await createScratchDatabase(adminUrl ?? '', 'cowcare_health');
    const proxy = await startTcpProxy(scratch.url);
    const db = await openPostgresDatabase(proxy.url);
    try {
      const services = { ...testApp.services, db };
      expect((await checkHealth(services, 300)).status).toBe('ok');
      proxy.stall();
      const started = performance.now();
      await expect(checkHealth(services, 300)).rejects.toMatchObject({ statusCode: 503 });
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await proxy.cut();
      await db.close().catch(() => undefined);
      await scratch.drop();
    }
  });
});

const mqttUrl = process.env.MQTT_URL;
const busUrl = process.env.REDIS_URL ?? process.env.NATS_URL;
describeWithServices(
  'GET /api/health on the scale path',
  mqttUrl && busUrl ? undefined : 'MQTT_URL and REDIS_URL or NATS_URL',
  () => {
    it('is degraded, still 200, when the external broker and then the bus are gone', async () => {
      const broker = await startTcpProxy(mqttUrl ?? '');
      const bus = await startTcpProxy(busUrl ?? '');
      const testApp = await open({ mqttUrl: broker.url, busUrl: bus.url, ingestConcurrency: 2 });
      const before = await health(testApp);
      expect(before.statusCode).toBe(200);
      expect(before.body.data).toMatchObject({
        status: 'ok',
        mqtt: { mode: 'external', connections: 2, up: true },
        bus: { up: true },
      });

      await broker.cut();
      // The MQTT client sees its connections close a moment later.
      const withoutBroker = await eventually(async () => {
        const answer = await health(testApp);
        return answer.body.data.mqtt.up ? undefined : answer;
      });
      expect(withoutBroker.statusCode).toBe(200);
      expect(withoutBroker.body.data).toMatchObject({
        status: 'degraded',
        mqtt: { mode: 'external', connections: 0, up: false },
        bus: { up: true },
      });

      await bus.cut();
      const withoutBus = await health(testApp);
      expect(withoutBus.statusCode).toBe(200);
      expect(withoutBus.body.data).toMatchObject({ status: 'degraded', bus: { up: false } });
    });
  },
);
