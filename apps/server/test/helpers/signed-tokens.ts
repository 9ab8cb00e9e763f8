import { SignJWT, type JWTPayload } from 'jose';
import { testConfig } from './test-app';

/**
 * A token signed with the test apps' key carrying exactly `claims`: what someone holding the key (or a bug
 * in our own signing) could present, beyond what `TokenService` issues.
 */
export const signedToken = (claims: Record<string, unknown>): Promise<string> =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(testConfig().tokenSecret));

/** The claims of an access token the server issued, with an hour to live from now. */
export const validAccessClaims = (issued: JWTPayload): Record<string, unknown> => ({
  sub: issued.sub,
  sid: issued.sid,
  typ: 'access',
  iss: 'cowcare',
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 3600,
});
