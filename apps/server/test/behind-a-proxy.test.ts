// Who the client is when a reverse proxy (TLS in front of the server) relays every request: TRUST_PROXY.
import { afterEach, describe, expect, it } from 'vitest';
import { createFarmUser, createTestApp, type TestApp } from './helpers/test-app';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** A login relayed by a proxy at 10.0.0.2 for the client `forwardedFor`. */
const relayedLogin = (app: TestApp, username: string, password: string, forwardedFor: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/login/login/loginApp',
    payload: { username, password },
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': forwardedFor },
  });

const sprayFrom = async (app: TestApp, forwardedFor: (attempt: number) => string) => {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await relayedLogin(app, `sprayed-${attempt}`, 'spray-password', forwardedFor(attempt));
    expect(response.statusCode).toBe(401);
  }
};

describe('behind a reverse proxy', () => {
  it('with TRUST_PROXY naming it, one client spraying passwords blocks itself, not the others', async () => {
    testApp = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    const farmer = await createFarmUser(testApp);
    await sprayFrom(testApp, () => '198.51.100.5');
    expect((await relayedLogin(testApp, farmer.username, farmer.password, '198.51.100.5')).statusCode).toBe(
      429,
    );
    expect((await relayedLogin(testApp, farmer.username, farmer.password, '198.51.100.6')).statusCode).toBe(
      200,
    );
  });

  it('without it, the header is ignored: a client cannot dodge the throttle by writing it', async () => {
    testApp = await createTestApp();
    const farmer = await createFarmUser(testApp);
    await sprayFrom(testApp, (attempt) => `198.51.100.${attempt + 10}`);
    const response = await relayedLogin(testApp, farmer.username, farmer.password, '198.51.100.200');
    expect(response.statusCode).toBe(429);
  });
});
