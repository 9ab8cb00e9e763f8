import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const BOSS_GRANT_TTL_SECONDS = 5 * 60;
export const ADMIN_TOKEN_TTL_SECONDS = 60 * 60;

const ISSUER = 'cowcare';

/**
 * Claims every token must carry, whatever its type: without `exp` a token would never expire (decision
 * 0006 allows at most 2 hours), and the server reads the subject of each.
 */
const REQUIRED_CLAIMS = ['exp', 'sub'];

const MAX_INT4 = 2_147_483_647;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A subject as the server signs it: a user's or administrator's id, decimal, in the range of its integer
 * column. Anything else (a signed token we never issued) must be refused here, not fail its query.
 */
const idOfSubject = (subject: unknown): number | undefined => {
  if (typeof subject !== 'string' || !/^[1-9][0-9]{0,9}$/.test(subject)) return undefined;
  const id = Number(subject);
  return id <= MAX_INT4 ? id : undefined;
};

/** A login id as `createLoginSession` makes it (a lowercase UUID: the column's type, and the hub's key). */
const sessionIdOf = (claim: unknown): string | undefined =>
  typeof claim === 'string' && SESSION_ID.test(claim) ? claim : undefined;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export type TokenCheck<T> = { ok: true; claims: T } | { ok: false; expired: boolean };

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccessToken(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  async verifyAccessToken(token: string): Promise<TokenCheck<AccessClaims>> {
    const payload = await this.verify(token, 'access');
    if (!payload.ok) return payload;
    const userId = idOfSubject(payload.claims.sub);
    const sessionId = sessionIdOf(payload.claims.sid);
    if (userId === undefined || sessionId === undefined) return { ok: false, expired: false };
    return { ok: true, claims: { userId, sessionId } };
  }

  /** A support administrator's token: its own type, so it never passes as a user's access token. */
  signAdminToken(adminId: number, ttlSeconds = ADMIN_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ typ: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(adminId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  async verifyAdminToken(token: string): Promise<TokenCheck<{ adminId: number }>> {
    const payload = await this.verify(token, 'admin');
    if (!payload.ok) return payload;
    const adminId = idOfSubject(payload.claims.sub);
    if (adminId === undefined) return { ok: false, expired: false };
    return { ok: true, claims: { adminId } };
  }

  /** A short-lived proof that this user just entered the farm's boss password. */
  signBossGrant(userId: number, farmId: number): Promise<string> {
    return new SignJWT({ typ: 'boss', fid: farmId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${BOSS_GRANT_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyBossGrant(grant: string, userId: number, farmId: number): Promise<boolean> {
    const payload = await this.verify(grant, 'boss');
    return payload.ok && payload.claims.sub === String(userId) && payload.claims.fid === farmId;
  }

  private async verify(token: string, type: string): Promise<TokenCheck<Record<string, unknown>>> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        requiredClaims: REQUIRED_CLAIMS,
      });
      if (payload.typ !== type) return { ok: false, expired: false };
      return { ok: true, claims: payload };
    } catch (error) {
      return { ok: false, expired: error instanceof joseErrors.JWTExpired };
    }
  }
}

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
