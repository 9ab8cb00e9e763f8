import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { LoginThrottle } from '../auth/login-throttle';
import { accountWithPassword } from '../auth/passwords';
import {
  currentSecretHash,
  findGatewayByUsername,
  touchGateway,
  type GatewayIdentity,
} from './gateways-repository';

const SUCCESS_TTL_MS = 5 * 60_000;
const MAX_CACHED = 10_000;

export type GatewayCheck =
  | { ok: true; gateway: GatewayIdentity }
  | { ok: false; reason: 'bad-credentials' | 'throttled'; retryAfterSeconds?: number };

/**
 * Verifies gateway credentials (argon2id). An MQTT connection is checked once at CONNECT; HTTP gateways send
 * their credentials with every request, so a verified pair is remembered for a few minutes with the address
 * it came from, keyed by a SHA-256 of the secret (the secret itself is never kept). A remembered pair is
 * used only while the gateway's stored hash is still the one it was verified against (one indexed read, not
 * an argon2 check), so a rotated secret or a deleted gateway is refused at once, on every instance. Failures are throttled by the users' login policy
 * (docs/security.md), with counters of their own: a stranger's wrong secrets block the stranger's address,
 * never the gateway at its own. A successful check records the gateway as seen (`last_seen_at`).
 */
export class GatewayAuthenticator {
  private readonly verified = new Map<
    string,
    { gateway: GatewayIdentity; secretHash: string; until: number }
  >();
  private readonly throttle: LoginThrottle;

  constructor(private readonly db: Database) {
    this.throttle = new LoginThrottle(db, 'gateway');
  }

  /** `address`: where the gateway connects from (the socket's remote address). */
  async check(username: string, secret: string, address: string): Promise<GatewayCheck> {
    // Remembered for the address it was verified from: elsewhere the throttle judges it first, or a blocked
    // address could go on guessing against the remembered secret.
    const secretHash = createHash('sha256').update(secret).digest('base64');
    const cacheKey = `${username}\u0000${address}\u0000${secretHash}`;
    const cached = this.verified.get(cacheKey);
    if (cached && cached.until > Date.now()) {
      if ((await currentSecretHash(this.db, username)) === cached.secretHash) {
        return { ok: true, gateway: cached.gateway };
      }
      this.verified.delete(cacheKey);
    }

    const attempt = await this.throttle.guard(username, address, async () =>
      accountWithPassword(await findGatewayByUsername(this.db, username), (row) => row.secretHash, secret),
    );
    if (attempt.outcome === 'throttled') {
      return { ok: false, reason: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds };
    }
    if (attempt.outcome === 'failed') return { ok: false, reason: 'bad-credentials' };
    const { secretHash: storedHash, ...gateway } = attempt.value;
    this.remember(cacheKey, gateway, storedHash);
    // Once per connection (MQTT) or per cached login (HTTP), not per message.
    await touchGateway(this.db, gateway.gatewayId, address);
    return { ok: true, gateway };
  }

  private remember(key: string, gateway: GatewayIdentity, secretHash: string): void {
    // Bounded: when full, the oldest entry goes (a Map iterates in insertion order).
    if (this.verified.size >= MAX_CACHED) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(key, { gateway, secretHash, until: Date.now() + SUCCESS_TTL_MS });
  }
}
