// The hooks an external EMQX or VerneMQ asks about gateways (issue 34): a gateway logs in with its current
// secret only, publishes only to its farm's topic, subscribes only below its farm; names that are not
// gateways are passed to the broker's next authenticator; only the operator's machines may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { BROKER_HOOKS_PATH } from '@cowcare/contract/broker-hooks';
import { bossGrant } from './cows-fixtures';
import { call, createTestApp, type TestApp } from './helpers/test-app';
import { openGatewayFarms, type GatewayFarms } from './ingest-fixtures';

let farms: GatewayFarms;
let testApp: TestApp;
beforeAll(async () => {
  farms = await openGatewayFarms({ listening: false });
  testApp = farms.testApp;
});
afterAll(() => testApp.close());

const emqx = (path: 'authenticate' | 'authorize', payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: `${BROKER_HOOKS_PATH}/emqx/${path}`, payload, headers });

const vernemq = (hook: string, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: `${BROKER_HOOKS_PATH}/vernemq`,
    payload,
    headers: { 'vernemq-hook': hook },
  });

const result = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { result: unknown }).result;
};

describe('EMQX HTTP authentication and authorization', () => {
  it('lets a gateway in with its secret only, and passes other names on', async () => {
    const { gateway } = farms;
    const login = (password: string, username = gateway.username) =>
      emqx('authenticate', { username, password, clientid: 'barn-1', peerhost: '10.0.0.7' });
    expect(result(await login(gateway.secret))).toBe('allow');
    expect(result(await login('wrong secret'))).toBe('deny');
    expect(result(await login('anything', 'ingest'))).toBe('ignore');
  });

  it('keeps a gateway to its own farm: publish to its topic, subscribe below its farm, nothing else', async () => {
    const { gateway, neighbourGateway } = farms;
    const may = async (action: string, topic: string) =>
      result(await emqx('authorize', { username: gateway.username, action, topic }));
    expect(await may('publish', gateway.topic)).toBe('allow');
    expect(await may('publish', neighbourGateway.topic)).toBe('deny');
    expect(await may('subscribe', gateway.topic)).toBe('allow');
    expect(await may('subscribe', '#')).toBe('deny');
    expect(await may('all', neighbourGateway.topic)).toBe('deny');
    expect(result(await emqx('authorize', { username: 'ingest', action: 'subscribe', topic: '#' }))).toBe(
      'ignore',
    );
  });

  it('refuses a malformed question with 400, never 500', async () => {
    const missing = await emqx('authenticate', { username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'E_VALIDATION' });
    expect((await emqx('authorize', { username: 'x', topic: 't', action: 'delete' })).statusCode).toBe(400);
  });
});

describe('VerneMQ webhooks', () => {
  it('answers register, publish and subscribe as the embedded broker would', async () => {
    const { gateway, neighbourGateway } = farms;
    const register = (password: string) =>
      vernemq('auth_on_register', {
        peer_addr: '10.0.0.8',
        peer_port: 50123,
        username: gateway.username,
        password,
        mountpoint: '',
        client_id: 'barn-1',
        clean_session: true,
      });
    expect(result(await register(gateway.secret))).toBe('ok');
    expect(result(await register('wrong'))).toEqual({ error: 'not_allowed' });
    const publish = (topic: string) =>
      vernemq('auth_on_publish_m5', {
        username: gateway.username,
        client_id: 'barn-1',
        topic,
        qos: 1,
        payload: 'e30=',
      });
    expect(result(await publish(gateway.topic))).toBe('ok');
    expect(result(await publish(neighbourGateway.topic))).toEqual({ error: 'not_allowed' });
    const subscribe = (topic: string) =>
      vernemq('auth_on_subscribe', {
        username: gateway.username,
        client_id: 'barn-1',
        topics: [{ topic, qos: 1 }],
      });
    expect(result(await subscribe(`${gateway.topic}`))).toBe('ok');
    expect(result(await subscribe('+/+/+/readings'))).toEqual({ error: 'not_allowed' });
    expect(result(await vernemq('auth_on_register', { username: 'ingest', password: 'x' }))).toBe('next');
    expect(result(await vernemq('auth_on_register', { username: null, password: null }))).toBe('next');
  });

  it('refuses an unknown hook with 400', async () => {
    const response = await vernemq('on_deliver', { username: farms.gateway.username });
    expect(response.statusCode).toBe(400);
  });
});

describe('after a rotation and a deletion', () => {
  it('the old secret and the deleted gateway are refused at their next login', async () => {
    const { gateway, farmer } = farms;
    const [row] = await testApp.db.query<{ id: number }>('SELECT id FROM gateways WHERE username = $1', [
      gateway.username,
    ]);
    const rotated = await call(testApp, api.gateways.rotateGatewaySecret, {
      token: farmer.token,
      params: { id: row!.id },
      headers: { 'x-boss-grant': await bossGrant(testApp, farmer) },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ data: { secret: string } }>().data;
    const login = (password: string) =>
      emqx('authenticate', { username: gateway.username, password, peerhost: '10.0.0.9' });
    expect(result(await login(gateway.secret))).toBe('deny');
    expect(result(await login(secret))).toBe('allow');

    const deleted = await call(testApp, api.gateways.deleteGateway, {
      token: farmer.token,
      params: { id: row!.id },
      headers: { 'x-boss-grant': await bossGrant(testApp, farmer) },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Deleted, the name is no gateway's any more: EMQX's next authenticator decides, which refuses by default.
    expect(result(await login(secret))).toBe('ignore');
  });
});

describe('who may ask', () => {
  it('only this machine without a token; with BROKER_HOOK_TOKEN, only whoever sends it', async () => {
    const remote = await testApp.app.inject({
      method: 'POST',
      url: `${BROKER_HOOKS_PATH}/emqx/authenticate`,
      payload: { username: 'x', password: 'y' },
      remoteAddress: '10.1.2.3',
    });
    expect(remote.statusCode).toBe(403);

    const guarded = await createTestApp({ brokerHookToken: 'a-hook-token-long-enough' });
    try {
      const ask = (headers: Record<string, string>) =>
        guarded.app.inject({
          method: 'POST',
          url: `${BROKER_HOOKS_PATH}/emqx/authenticate`,
          payload: { username: 'x', password: 'y' },
          headers,
        });
      expect((await ask({})).statusCode).toBe(401);
      expect((await ask({ authorization: 'Bearer wrong-token-of-some-length' })).statusCode).toBe(401);
      const allowed = await ask({ authorization: 'Bearer a-hook-token-long-enough' });
      expect(allowed.json()).toEqual({ result: 'ignore' });
    } finally {
      await guarded.close();
    }
  });
});
