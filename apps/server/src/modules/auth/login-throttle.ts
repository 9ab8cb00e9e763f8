import type { Database } from '../../db/database';
import { guardAttempt, type Guarded } from './attempt-throttle';
import { isTrustedAddress, resetCount, trustAddress } from './throttle-store';

const MINUTE = 60_000;

/** Users' and admins' logins, or the gateways': each policy counts on its own. */
export type LoginPolicy = 'login' | 'gateway';

/**
 * The login policy (docs/security.md):
 * - an account from one address: 5 failures in 15 minutes block that pair only;
 * - one address over all accounts: 30 failures in 15 minutes block that address (password spraying);
 * - one account over all addresses: 100 failures in an hour block that account, but never for an address
 *   that has logged into it successfully in the last 90 days, so an attacker cannot lock the real user out.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly policy: LoginPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `check` (a value when the secret is right) unless the policy refuses this account and address. */
  async guard<T>(
    username: string,
    address: string,
    check: () => Promise<T | undefined>,
  ): Promise<Guarded<T>> {
    const { db, policy } = this;
    const now = this.now();
    const account = username.toLowerCase();
    const pair = `${account}|${address}`;
    const trusted = await isTrustedAddress(db, policy, account, address, now);
    const rules = [
      { counter: `${policy}:account-address`, key: pair, limit: 5, windowMs: 15 * MINUTE },
      { counter: `${policy}:address`, key: address, limit: 30, windowMs: 15 * MINUTE },
      { counter: `${policy}:account`, key: account, limit: 100, windowMs: 60 * MINUTE, countOnly: trusted },
    ];
    return guardAttempt(db, rules, now, check, async () => {
      await resetCount(db, `${policy}:account-address`, pair);
      await trustAddress(db, policy, account, address, now);
    });
  }
}
