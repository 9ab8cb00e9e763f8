import { AttemptThrottle } from './attempt-throttle';

const MINUTE = 60_000;
/** Addresses remembered as an account's own; phones and LTE gateways change address, so this is bounded. */
const MAX_TRUSTED_PAIRS = 100_000;

/**
 * The login policy (docs/security.md):
 * - an account from one address: 5 failures in 15 minutes block that pair only;
 * - one address over all accounts: 30 failures in 15 minutes block that address (password spraying);
 * - one account over all addresses: 100 failures in an hour block that account, but never for an address
 *   that has logged into it successfully before, so an attacker cannot lock the real user out. The most
 *   recent `maxTrustedPairs` such account-address pairs are remembered.
 */
export class LoginThrottle {
  private readonly accountFromAddress: AttemptThrottle;
  private readonly address: AttemptThrottle;
  private readonly account: AttemptThrottle;
  private readonly trustedPairs = new Set<string>();

  constructor(
    now: () => number = Date.now,
    private readonly maxTrustedPairs = MAX_TRUSTED_PAIRS,
  ) {
    this.accountFromAddress = new AttemptThrottle(5, 15 * MINUTE, now);
    this.address = new AttemptThrottle(30, 15 * MINUTE, now);
    this.account = new AttemptThrottle(100, 60 * MINUTE, now);
  }

  retryAfterSeconds(username: string, ip: string): number {
    const account = username.toLowerCase();
    const pair = `${account}|${ip}`;
    const accountWide = this.trustedPairs.has(pair) ? 0 : this.account.retryAfterSeconds(account);
    return Math.max(
      this.accountFromAddress.retryAfterSeconds(pair),
      this.address.retryAfterSeconds(ip),
      accountWide,
    );
  }

  recordFailure(username: string, ip: string): void {
    const account = username.toLowerCase();
    this.accountFromAddress.recordFailure(`${account}|${ip}`);
    this.address.recordFailure(ip);
    this.account.recordFailure(account);
  }

  recordSuccess(username: string, ip: string): void {
    const pair = `${username.toLowerCase()}|${ip}`;
    this.accountFromAddress.reset(pair);
    // Re-added, so the set's insertion order is the order of last success and the oldest goes first.
    this.trustedPairs.delete(pair);
    this.trustedPairs.add(pair);
    if (this.trustedPairs.size > this.maxTrustedPairs) {
      const oldest = this.trustedPairs.values().next();
      if (!oldest.done) this.trustedPairs.delete(oldest.value);
    }
  }

  prune(): void {
    this.accountFromAddress.prune();
    this.address.prune();
    this.account.prune();
  }
}
