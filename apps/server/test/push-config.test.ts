import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { configProblems } from './helpers/config-problems';
import { isAllowedPushEndpoint } from '../src/modules/push/push-config';

// Web Push configuration (docs/push.md): VAPID keys generated once into DATA_DIR/secrets, or given for several
// instances; the push services the server may post to; the escalation delay.
const dataDir = mkdtempSync(path.join(tmpdir(), 'cowcare-push-config-'));
const base = { TOKEN_SECRET: 'x'.repeat(40), CAMERA_SECRET: 'y'.repeat(40), DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const problemsOf = (env: Record<string, string>): string[] => configProblems({ ...base, ...env });

const GIVEN = {
  VAPID_PUBLIC_KEY: 'BEUa1K1q1XPqIqXQMW7kGAad1_pR3zcudg9eR7AeHmcOxQYlgShLkwOJkUw_GwvIjXp5Vc_-dax_ud0C5lAbai8',
  VAPID_PRIVATE_KEY: 'HB1Rp-xSHjqn5A4E0L0zWrr4U3cw9wrzCIwL33OIXwY',
};

describe('push configuration', () => {
  it('generates a VAPID pair once and keeps it, readable by the server only, across restarts', () => {
    const first = loadConfig(base).push;
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(loadConfig(base).push.vapid).toEqual(first.vapid);
    expect(statSync(path.join(dataDir, 'secrets', 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(first).toMatchObject({ escalateAfterMinutes: 30, subject: 'mailto:operator@cowcare.app' });
  });

  it('takes a given pair, which several instances share', () => {
    expect(loadConfig({ ...base, ...GIVEN }).push.vapid).toEqual({
      publicKey: GIVEN.VAPID_PUBLIC_KEY,
      privateKey: GIVEN.VAPID_PRIVATE_KEY,
    });
  });

  it('refuses half a pair, a key that is not one, a subject nobody can reach and a wrong delay', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: GIVEN.VAPID_PUBLIC_KEY })).toEqual([
      expect.stringContaining('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together'),
    ]);
    expect(problemsOf({ ...GIVEN, VAPID_PRIVATE_KEY: 'short' })).toEqual([
      expect.stringContaining('VAPID keys are not a P-256 key pair'),
    ]);
    expect(problemsOf({ VAPID_SUBJECT: 'operator' })).toEqual([expect.stringContaining('VAPID_SUBJECT')]);
    expect(problemsOf({ PUSH_ESCALATE_MINUTES: '0' })).toEqual([
      expect.stringContaining('PUSH_ESCALATE_MINUTES'),
    ]);
  });

  it('sends only to the known push services over https, or to an origin named in full', () => {
    const services = loadConfig(base).push.services;
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', services)).toBe(true);
    expect(isAllowedPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', services)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGu', services)).toBe(true);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', services)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/fcm/send/abc', services)).toBe(false);
    expect(isAllowedPushEndpoint('https://evilnotify.windows.com.attacker.net/x', services)).toBe(false);
    expect(isAllowedPushEndpoint('https://169.254.169.254/latest', services)).toBe(false);
    const local = loadConfig({ ...base, PUSH_SERVICES: 'http://localhost:8090' }).push.services;
    expect(isAllowedPushEndpoint('http://localhost:8090/notify/abc', local)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:8091/notify/abc', local)).toBe(false);
  });
});
