// The login policy on the database its counts live in, with a clock the test moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { AttemptThrottle, type Guarded } from '../src/modules/auth/attempt-throttle';
import { LoginThrottle } from '../src/modules/auth/login-throttle';
import { pruneThrottles } from '../src/modules/auth/throttle-store';
import { openTestDatabase } from './helpers/test-database';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
});
afterAll(() => db.close());

let accounts = 0;
/** An account no other test has used. */
const newAccount = () => `farmer-${(accounts += 1)}`;
let addresses = 0;
/** An address no other test has used. */
const newAddress = () => {
  addresses += 1;
  return `10.${addresses >> 16}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const clock = () => {
  let now = Date.UTC(2026, 10, 26, 5, 0);
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

const wrongSecret = async () => undefined;
const rightSecret = async () => 'welcome';

const attempts = async (throttle: LoginThrottle, username: string, address: string, times: number) => {
  const outcomes: Guarded<string>['outcome'][] = [];
  for (let attempt = 0; attempt < times; attempt += 1) {
    outcomes.push((await throttle.guard(username, address, wrongSecret)).outcome);
  }
  return outcomes;
};

/** Seconds the attempt was told to wait, 0 when it was let through to its check. */
const waitOf = (guarded: Guarded<unknown>) =>
  guarded.outcome === 'throttled' ? guarded.retryAfterSeconds : 0;

describe('the login throttle', () => {
  it('blocks an account from one address after 5 failures, for 15 minutes, and only that pair', async () => {
    const time = clock();
    const throttle = new LoginThrottle(db, 'login', time.now);
    const account = newAccount();
    expect(await attempts(throttle, account.toUpperCase(), '198.51.100.1', 5)).toEqual(
      Array(5).fill('failed'),
    );
    expect(waitOf(await throttle.guard(account, '198.51.100.1', rightSecret))).toBe(15 * 60);
    expect((await throttle.guard(account, '203.0.113.1', rightSecret)).outcome).toBe('passed');
    expect((await throttle.guard(newAccount(), '198.51.100.1', rightSecret)).outcome).toBe('passed');
    time.advance(15 * MINUTE);
    expect((await throttle.guard(account, '198.51.100.1', rightSecret)).outcome).toBe('passed');
  });

  it('blocks an address after 30 failures over any accounts', async () => {
    const throttle = new LoginThrottle(db, 'login', clock().now);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await throttle.guard(newAccount(), '198.51.100.2', wrongSecret);
    }
    expect(waitOf(await throttle.guard(newAccount(), '198.51.100.2', rightSecret))).toBeGreaterThan(0);
    expect(waitOf(await throttle.guard(newAccount(), '198.51.100.3', rightSecret))).toBe(0);
  });

  it('blocks an account after 100 failures in an hour, except from an address it logged in from', async () => {
    const time = clock();
    const throttle = new LoginThrottle(db, 'login', time.now);
    const account = newAccount();
    await throttle.guard(account, '203.0.113.9', rightSecret);
    for (let address = 0; address < 100; address += 1) {
      await throttle.guard(account, newAddress(), wrongSecret);
    }
    expect(waitOf(await throttle.guard(account, '192.0.2.1', rightSecret))).toBeGreaterThan(0);
    expect((await throttle.guard(account, '203.0.113.9', rightSecret)).outcome).toBe('passed');
    time.advance(60 * MINUTE);
    expect((await throttle.guard(account, '192.0.2.1', rightSecret)).outcome).toBe('passed');
  });

  it('forgets a trusted address the account has not logged in from for 90 days', async () => {
    const time = clock();
    const throttle = new LoginThrottle(db, 'login', time.now);
    const account = newAccount();
    await throttle.guard(account, '203.0.113.10', rightSecret);
    await throttle.guard(account, '203.0.113.11', rightSecret);
    time.advance(60 * DAY);
    await throttle.guard(account, '203.0.113.11', rightSecret); // again: trusted for 90 days from now
    time.advance(31 * DAY);
    for (let address = 0; address < 100; address += 1) {
      await throttle.guard(account, newAddress(), wrongSecret);
    }
    expect(waitOf(await throttle.guard(account, '203.0.113.10', rightSecret))).toBeGreaterThan(0);
    expect((await throttle.guard(account, '203.0.113.11', rightSecret)).outcome).toBe('passed');
  });

  it('lets only 5 of 20 wrong secrets sent at once be checked', async () => {
    const throttle = new LoginThrottle(db, 'login', clock().now);
    const account = newAccount();
    let checked = 0;
    const slowWrongSecret = async () => {
      checked += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return undefined;
    };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => throttle.guard(account, '198.51.100.20', slowWrongSecret)),
    );
    expect(checked).toBe(5);
    expect(outcomes.filter((guarded) => guarded.outcome === 'failed')).toHaveLength(5);
    expect(outcomes.filter((guarded) => guarded.outcome === 'throttled')).toHaveLength(15);
  });

  it('counts the failures of every server instance of the install together', async () => {
    const time = clock();
    const account = newAccount();
    const [first, second] = [0, 1].map(() => new LoginThrottle(db, 'login', time.now));
    await attempts(first!, account, '198.51.100.30', 3);
    await attempts(second!, account, '198.51.100.30', 2);
    expect(waitOf(await first!.guard(account, '198.51.100.30', rightSecret))).toBeGreaterThan(0);
    expect(waitOf(await second!.guard(account, '198.51.100.30', rightSecret))).toBeGreaterThan(0);
  });

  it('keeps the gateways count apart from the users count', async () => {
    const time = clock();
    const account = newAccount();
    await attempts(new LoginThrottle(db, 'gateway', time.now), account, '198.51.100.40', 5);
    const users = new LoginThrottle(db, 'login', time.now);
    expect((await users.guard(account, '198.51.100.40', rightSecret)).outcome).toBe('passed');
  });

  it('counts a name no index could hold, or one with control characters, like any other', async () => {
    const throttle = new LoginThrottle(db, 'gateway', clock().now);
    for (const name of ['x'.repeat(65_000), 'gate\u0000way', '\ud800broken']) {
      expect(await attempts(throttle, name, '198.51.100.50', 5)).toEqual(Array(5).fill('failed'));
      expect(waitOf(await throttle.guard(name, '198.51.100.50', rightSecret))).toBeGreaterThan(0);
    }
  });

  it('does not count an attempt whose check could not run', async () => {
    const throttle = new LoginThrottle(db, 'login', clock().now);
    const account = newAccount();
    const broken = async () => {
      throw new Error('database gone');
    };
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await expect(throttle.guard(account, '198.51.100.60', broken)).rejects.toThrow('database gone');
    }
    expect((await throttle.guard(account, '198.51.100.60', rightSecret)).outcome).toBe('passed');
  });

  it('prunes failures out of every window and addresses trusted too long ago', async () => {
    const time = clock();
    const throttle = new LoginThrottle(db, 'gateway', time.now);
    const account = newAccount();
    await throttle.guard(account, '203.0.113.70', rightSecret);
    await attempts(throttle, account, '198.51.100.70', 2);
    const rows = async () => {
      const [counts] = await db.query<{ failures: number; trusted: number }>(
        `SELECT (SELECT count(*) FROM throttle_failures WHERE key LIKE $1 OR key = $2)::int AS failures,
                (SELECT count(*) FROM throttle_trusted_addresses WHERE account = $2)::int AS trusted`,
        [`${account}|%`, account],
      );
      return counts;
    };
    expect(await rows()).toEqual({ failures: 4, trusted: 1 });
    await pruneThrottles(db, time.advance(59 * MINUTE));
    expect(await rows()).toEqual({ failures: 4, trusted: 1 });
    await pruneThrottles(db, time.advance(MINUTE));
    expect(await rows()).toEqual({ failures: 0, trusted: 1 });
    await pruneThrottles(db, time.advance(90 * DAY));
    expect(await rows()).toEqual({ failures: 0, trusted: 0 });
  });
});

describe('the boss-password throttle', () => {
  it('blocks a user after 5 wrong passwords, and a right one forgets them', async () => {
    const time = clock();
    const throttle = new AttemptThrottle(db, 'boss-password', 5, 15 * MINUTE, time.now);
    for (let attempt = 0; attempt < 4; attempt += 1) await throttle.guard('7', wrongSecret);
    expect((await throttle.guard('7', rightSecret)).outcome).toBe('passed');
    for (let attempt = 0; attempt < 5; attempt += 1) await throttle.guard('7', wrongSecret);
    expect(waitOf(await throttle.guard('7', rightSecret))).toBe(15 * 60);
    expect((await throttle.guard('8', rightSecret)).outcome).toBe('passed');
  });
});
