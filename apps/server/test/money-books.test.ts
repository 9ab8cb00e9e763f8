import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { OrderWithEvents } from '@cowcare/contract/routes/orders';
import { openPgliteDatabase } from '../src/db/pglite-database';
import { migrate } from '../src/db/migrate';
import { SANDBOX_TEST_CARDS } from '../src/modules/payments/sandbox/sandbox-pages';
import { subscribe } from '../src/modules/plans/subscription-changes';
import { postLedgerTransaction } from '../src/modules/wallet/ledger';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import type { AuthUser } from '../src/http/route-context';
import { agentToken } from './chat-fixtures';
import { bossGrant, insertCowType, insertFarmCow, topUpWallet } from './cows-fixtures';
import { call, createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { balanceOf, idempotencyKey, settledOrder, startTopUp, submitCheckout } from './money-fixtures';
import { testDatabaseKind } from './helpers/test-database';

let testApp: TestApp;
let baseUrl: string;
let dataDir: string;
let farmer: TestUser;
let stranger: TestUser;
let agent: string;

const farmIdOf = async (user: TestUser) =>
  (await testApp.db.query<{ farm_id: number }>('SELECT farm_id FROM users WHERE id = $1', [user.id]))[0]
    ?.farm_id ?? 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cowcare-books-'));
  testApp = await createTestApp({ dataDir });
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  farmer = await createFarmUser(testApp);
  stranger = await createFarmUser(testApp);
  agent = await agentToken(testApp, 'Refund Agent');
});
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A top-up paid through the sandbox's page with the card that succeeds. */
const paidTopUp = async (user: TestUser, amount: number): Promise<number> => {
  const { orderId, checkoutUrl } = await startTopUp(testApp, user, amount);
  await submitCheckout(baseUrl, checkoutUrl, { card: SANDBOX_TEST_CARDS.pays });
  expect((await settledOrder(testApp, user, orderId)).state).toBe('paid');
  return orderId;
};

const refund = (orderId: number, token = agent, key = idempotencyKey()) =>
  call(testApp, api.orders.refundOrder, {
    token,
    params: { orderId },
    body: { reason: 'farmer asked by phone', idempotencyKey: key },
  });

describe('support refunds', () => {
  it('pays a top-up back to the card, takes it out of the wallet once, and writes the audit log', async () => {
    const before = await balanceOf(testApp, farmer);
    const orderId = await paidTopUp(farmer, 30_000);
    const key = idempotencyKey();
    const first = await refund(orderId, agent, key);
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json<{ data: OrderWithEvents }>().data;
    expect(order.state).toBe('refunded');
    expect(order.events.at(-1)).toMatchObject({
      state: 'refunded',
      source: 'support',
      detail: 'farmer asked by phone',
    });
    expect((await refund(orderId, agent, key)).statusCode).toBe(200);
    expect(await balanceOf(testApp, farmer)).toBe(before);
    const [checkout] = await testApp.db.query<{ refunded: number }>(
      'SELECT refunded_minor::float8 AS refunded FROM sandbox_checkouts WHERE order_reference = $1',
      [String(orderId)],
    );
    expect(checkout?.refunded).toBe(30_000);
    const audit = await testApp.db.query<{ action: string; target: string }>(
      "SELECT action, target FROM support_audit WHERE action = 'refundOrder'",
    );
    expect(audit.map((row) => row.target)).toContain(`order ${orderId} (farm ${await farmIdOf(farmer)})`);
  });

  it('refuses with 409 a top-up the wallet has spent, and an order that is not paid', async () => {
    const farmId = await farmIdOf(farmer);
    const orderId = await paidTopUp(farmer, 20_000);
    // Spend it all, as a cow-type charge does (the same ledger call, without the grant the real one needs).
    const balance = await balanceOf(testApp, farmer);
    await testApp.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        farmId,
        kind: 'charge',
        description: 'spent',
        idempotencyKey: `spend-${idempotencyKey()}`,
        legs: [
          { account: { kind: 'wallet', farmId, currency: 'KRW' }, amountMinor: -balance },
          { account: { kind: 'cow_type_revenue', currency: 'KRW' }, amountMinor: balance },
        ],
      }),
    );
    const spent = await refund(orderId);
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toMatchObject({ code: 'E_INSUFFICIENT_BALANCE' });
    const { orderId: open } = await startTopUp(testApp, farmer, 10_000);
    expect((await refund(open)).statusCode).toBe(409);
  });

  it('gives a plan payment back to the wallet', async () => {
    const farmId = await farmIdOf(farmer);
    await topUpWallet(testApp, farmId, 200_000);
    const planId =
      (await testApp.db.query<{ id: number }>("SELECT id FROM plans WHERE code = 'herd-100'"))[0]?.id ?? 0;
    const owner = {
      userId: farmer.id,
      farmId,
      role: 'owner',
      country: 'KR',
      farmNumber: farmer.farmNumber,
      sessionId: 's',
    } as AuthUser;
    const order = await subscribe(
      testApp.services,
      owner,
      { planId, idempotencyKey: idempotencyKey() },
      '2026-11-21',
    );
    const before = await balanceOf(testApp, farmer);
    expect((await refund(order.id)).statusCode).toBe(200);
    expect(await balanceOf(testApp, farmer)).toBe(before + 50_000);
  });

  it('is the console’s: a farm token gets 401, a missing order 404, a bad body 400', async () => {
    const orderId = await paidTopUp(stranger, 10_000);
    expect((await refund(orderId, stranger.token)).statusCode).toBe(401);
    expect((await refund(99_999)).statusCode).toBe(404);
    const bad = await call(testApp, api.orders.refundOrder, {
      token: agent,
      params: { orderId },
      body: { reason: '' },
    });
    expect(bad.statusCode).toBe(400);
    const farmOrders = await call(testApp, api.orders.supportFarmOrders, {
      token: agent,
      params: { farmId: await farmIdOf(stranger) },
    });
    expect(farmOrders.statusCode).toBe(200);
    expect(
      farmOrders.json<{ data: { orders: { id: number }[] } }>().data.orders.map((order) => order.id),
    ).toContain(orderId);
    expect(
      (await call(testApp, api.orders.supportFarmOrders, { token: stranger.token, params: { farmId: 1 } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the statement', () => {
  it('lists a month’s movements oldest first with the balance after each, opening and closing balances', async () => {
    const user = await createFarmUser(testApp);
    const farmId = await farmIdOf(user);
    await topUpWallet(testApp, farmId, 70_000, 'first');
    await paidTopUp(user, 10_000);
    const month = new Date().toISOString().slice(0, 7);
    const response = await call(testApp, api.wallet.getStatement, {
      token: user.token,
      params: { userId: user.id },
      query: { month },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json<{
      data: {
        openingBalance: number;
        closingBalance: number;
        lines: { kind: string; amount: number; balanceAfter: number }[];
        months: string[];
      };
    }>().data;
    expect(statement).toMatchObject({ openingBalance: 0, closingBalance: 80_000, months: [month] });
    expect(statement.lines.map((line) => [line.kind, line.amount, line.balanceAfter])).toEqual([
      ['topup', 70_000, 70_000],
      ['topup', 10_000, 80_000],
    ]);
    const earlier = await call(testApp, api.wallet.getStatement, {
      token: user.token,
      params: { userId: user.id },
      query: { month: '2020-01' },
    });
    expect(earlier.json()).toMatchObject({ data: { openingBalance: 0, closingBalance: 0, lines: [] } });
    const other = await call(testApp, api.wallet.getStatement, {
      token: stranger.token,
      params: { userId: user.id },
      query: { month },
    });
    expect(other.statusCode).toBe(403);
    const bad = await call(testApp, api.wallet.getStatement, {
      token: user.token,
      params: { userId: user.id },
      query: { month: '2026-13' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the wallet never overdraws', () => {
  it('lets exactly 10 of 50 simultaneous charges through a balance that covers 10, ending at exactly 0', async () => {
    const user = await createFarmUser(testApp);
    const farmId = await farmIdOf(user);
    const grant = await bossGrant(testApp, user, 'race boss');
    const typeId = await insertCowType(testApp, farmId, 'Race type', 1_000);
    const cows = await Promise.all(Array.from({ length: 50 }, () => insertFarmCow(testApp, farmId)));
    await topUpWallet(testApp, farmId, 10_000);
    const answers = await Promise.all(
      cows.map((cowId) =>
        call(testApp, api.cowTypes.assignCowsType, {
          token: user.token,
          headers: { 'x-boss-grant': grant },
          body: { checklist: [cowId], type: { id: typeId } },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await balanceOf(testApp, user)).toBe(0);
    expect(await checkLedger(testApp.db)).toMatchObject({ totalMinor: 0, overdrawnWallets: 0 });
  });
});

describe('the ledger invariants', () => {
  it('refuses a transaction that does not balance, and any change or removal of an entry', async () => {
    const farmId = await farmIdOf(farmer);
    await expect(
      testApp.db.transaction(async (tx) => {
        const [t] = await tx.query<{ id: number }>(
          "INSERT INTO ledger_transactions (farm_id, kind, description, idempotency_key) VALUES ($1, 'topup', 'x', $2) RETURNING id::int AS id",
          [farmId, idempotencyKey()],
        );
        const [account] = await tx.query<{ id: number }>(
          "SELECT id FROM ledger_accounts WHERE kind = 'wallet' LIMIT 1",
        );
        await tx.query(
          'INSERT INTO ledger_entries (transaction_id, account_id, amount_minor) VALUES ($1, $2, 100)',
          [t?.id, account?.id],
        );
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(
      testApp.db.query('UPDATE ledger_entries SET amount_minor = amount_minor * 2'),
    ).rejects.toThrow(/append-only/);
    await expect(testApp.db.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
  });

  it('shows the invariants in /metrics, all 0 in these books', async () => {
    const text = (await scrapeMetrics(testApp.app)).body;
    for (const check of [
      'imbalance',
      'unbalanced_transactions',
      'incomplete_transactions',
      'overdrawn_wallets',
    ]) {
      expect(metricSample(text, 'cowcare_ledger_problems', `{check="${check}"}`)).toBe(0);
    }
  });

  it.runIf(testDatabaseKind() === 'pglite')(
    'answers the operator command with exit 0 on good books and 1 on broken ones',
    async () => {
      const directory = await mkdtemp(path.join(tmpdir(), 'cowcare-ledger-cli-'));
      try {
        const db = await openPgliteDatabase(path.join(directory, 'pglite'));
        await migrate(db);
        await db.close();
        const run = (dir: string) =>
          promisify(execFile)('npx', ['tsx', 'src/cli/ledger-check.ts'], {
            env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
          }).then(
            (result) => ({ code: 0, out: result.stdout }),
            (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
          );
        expect(await run(directory)).toMatchObject({ code: 0 });
        const broken = await openPgliteDatabase(path.join(directory, 'pglite'));
        await broken.execScript(`
        ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_balance;
        INSERT INTO farms (farm_number, country, city) VALUES ('BROKEN', 'KR', 'x');
        INSERT INTO ledger_accounts (farm_id, kind, currency) SELECT id, 'wallet', 'KRW' FROM farms WHERE farm_number = 'BROKEN';
        INSERT INTO ledger_transactions (farm_id, kind, description, idempotency_key) SELECT id, 'topup', 'x', 'k' FROM farms WHERE farm_number = 'BROKEN';
        INSERT INTO ledger_entries (transaction_id, account_id, amount_minor) SELECT t.id, a.id, 5 FROM ledger_transactions t, ledger_accounts a;
      `);
        await broken.close();
        const result = await run(directory);
        expect(result.code).toBe(1);
        expect(result.out).toContain('the entries sum to 5');
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
