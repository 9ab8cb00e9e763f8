import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../src/modules/auth/login-throttle';

const MINUTE = 60_000;

/** A throttle on a clock the test moves. */
const throttleAt = (maxTrustedPairs?: number) => {
  let now = Date.UTC(2026, 10, 26, 5, 0);
  const throttle = new LoginThrottle(() => now, maxTrustedPairs);
  return { throttle, advance: (ms: number) => (now += ms) };
};

const fail = (throttle: LoginThrottle, username: string, ip: string, times: number) => {
  for (let attempt = 0; attempt < times; attempt += 1) throttle.recordFailure(username, ip);
};

describe('the login throttle', () => {
  it('blocks an account from one address after 5 failures, for 15 minutes, and only that pair', () => {
    const { throttle, advance } = throttleAt();
    fail(throttle, 'Farmer', '198.51.100.1', 4);
    expect(throttle.retryAfterSeconds('farmer', '198.51.100.1')).toBe(0);
    fail(throttle, 'farmer', '198.51.100.1', 1);
    expect(throttle.retryAfterSeconds('FARMER', '198.51.100.1')).toBe(15 * 60);
    expect(throttle.retryAfterSeconds('farmer', '203.0.113.1')).toBe(0);
    expect(throttle.retryAfterSeconds('neighbour', '198.51.100.1')).toBe(0);
    advance(15 * MINUTE);
    expect(throttle.retryAfterSeconds('farmer', '198.51.100.1')).toBe(0);
  });

  it('blocks an address after 30 failures over any accounts', () => {
    const { throttle } = throttleAt();
    for (let account = 0; account < 30; account += 1) fail(throttle, `user-${account}`, '198.51.100.2', 1);
    expect(throttle.retryAfterSeconds('someone-else', '198.51.100.2')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds('someone-else', '198.51.100.3')).toBe(0);
  });

  it('blocks an account after 100 failures in an hour, except from the addresses it logged in from', () => {
    const { throttle, advance } = throttleAt();
    throttle.recordSuccess('farmer', '203.0.113.9');
    for (let address = 0; address < 100; address += 1) fail(throttle, 'farmer', `198.51.100.${address}`, 1);
    expect(throttle.retryAfterSeconds('farmer', '192.0.2.1')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds('farmer', '203.0.113.9')).toBe(0);
    advance(60 * MINUTE);
    expect(throttle.retryAfterSeconds('farmer', '192.0.2.1')).toBe(0);
  });

  it('remembers a bounded number of trusted addresses, forgetting the one that logged in longest ago', () => {
    const { throttle } = throttleAt(3);
    throttle.recordSuccess('farmer', '203.0.113.1');
    throttle.recordSuccess('farmer', '203.0.113.2');
    throttle.recordSuccess('farmer', '203.0.113.3');
    throttle.recordSuccess('farmer', '203.0.113.1'); // again: now the most recent
    throttle.recordSuccess('farmer', '203.0.113.4');
    for (let address = 0; address < 100; address += 1) fail(throttle, 'farmer', `198.51.100.${address}`, 1);
    expect(throttle.retryAfterSeconds('farmer', '203.0.113.2')).toBeGreaterThan(0);
    for (const kept of ['203.0.113.1', '203.0.113.3', '203.0.113.4']) {
      expect(throttle.retryAfterSeconds('farmer', kept)).toBe(0);
    }
  });
});
