import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { hashPassword } from '../src/modules/auth/passwords';
import { registerFarmUser } from '../src/modules/auth/register-farm-user';
import { SANDBOX_TEST_CARDS } from '../src/modules/payments/sandbox/sandbox-pages';
import { runSeed } from '../src/seed/run-seed';
import { suiteStore, type ServerStore } from './crash-fixtures';
import { freePort } from './helpers/free-port';
import { startServerChild, type ServerChild } from './helpers/server-child';
import { TEST_RUN_ID } from './helpers/test-app';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const PASSWORD = 'crash test password';

/** A farm owner in the store, as registration makes one. */
const prepareOwner = async (store: ServerStore): Promise<string> => {
  const db = await store.open();
  try {
    await migrate(db);
    await runSeed(db, { demo: false });
    const username = `payer${randomBytes(3).toString('hex')}`;
    await registerFarmUser(db, {
      username,
      passwordHash: await hashPassword(PASSWORD),
      name: 'Paying Farmer',
      phone: '010-0000-0000',
      country: 'KR',
      FarmNumber: `PAY-${randomBytes(3).toString('hex')}`,
      city: 'Hoengseong',
    });
    return username;
  } finally {
    await db.close();
  }
};

const startServer = async (store: ServerStore, tokenSecret: string, extra: Record<string, string> = {}) => {
  const server = await startServerChild({
    env: {
      ...store.env,
      PORT: String(await freePort()),
      DEMO: 'off',
      SIMULATOR: 'off',
      JOBS: 'off', // no webhook retry job: what delivers the owed webhook is the restart itself
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: tokenSecret,
      MQTT_TOPIC_ROOT: `cowcare-pay-${TEST_RUN_ID}`,
      MQTT_SHARE_GROUP: `pay-${TEST_RUN_ID}`,
      INSTANCE_NAME: `pay-${TEST_RUN_ID}`,
      BUS_CHANNEL: `cowcare-pay.${TEST_RUN_ID}`,
      ...extra,
    },
  });
  cleanups.push(() => server.kill());
  return server;
};

const api = async <T>(
  server: ServerChild,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> => {
  const response = await fetch(`${server.httpUrl}/api/${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
};

describe('a server killed between the provider’s confirmation and the credit', () => {
  it(
    'credits the top-up once after the restart, when the provider delivers its webhook',
    { timeout: 120_000 },
    async () => {
      const store = await suiteStore();
      cleanups.push(() => store.remove());
      const username = await prepareOwner(store);
      const tokenSecret = randomBytes(32).toString('hex');
      // The sandbox would first call back after ten minutes: the server is gone long before.
      const first = await startServer(store, tokenSecret, { SANDBOX_WEBHOOK_DELAY_MS: '600000' });
      const session = await api<{ token: string; user: { id: number } }>(
        first,
        'POST',
        'login/login/loginApp',
        undefined,
        {
          username,
          password: PASSWORD,
        },
      );
      const { token } = session;
      const userId = session.user.id;
      const { orderId, checkoutUrl } = await api<{ orderId: number; checkoutUrl: string }>(
        first,
        'POST',
        `wallet/topup/${userId}`,
        token,
        { amount: 70_000, idempotencyKey: `crash-${randomBytes(6).toString('hex')}` },
      );
      const paid = await fetch(`${first.httpUrl}${checkoutUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `card=${SANDBOX_TEST_CARDS.pays}`,
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const before = await api<{ state: string }>(first, 'GET', `wallet/order/${userId}/${orderId}`, token);
      expect(before.state).toBe('pending');
      await first.kill();

      const second = await startServer(store, tokenSecret);
      let order = { state: 'pending' };
      for (let waited = 0; waited < 30_000 && order.state === 'pending'; waited += 100) {
        order = await api<{ state: string }>(second, 'GET', `wallet/order/${userId}/${orderId}`, token);
        if (order.state === 'pending') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(order.state).toBe('paid');
      const wallet = await api<{ balance: number; entries: { orderId: number | null }[] }>(
        second,
        'GET',
        `wallet/wallet/getwallet/${userId}`,
        token,
      );
      expect(wallet.balance).toBe(70_000);
      expect(wallet.entries.filter((entry) => entry.orderId === orderId)).toHaveLength(1);
    },
  );
});
