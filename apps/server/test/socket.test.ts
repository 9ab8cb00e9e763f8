import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signedToken, validAccessClaims } from './helpers/signed-tokens';
import { createFarmUser, createTestApp, type TestApp, type TestUser } from './helpers/test-app';

let testApp: TestApp;
let farmer: TestUser;
let neighbour: TestUser;
let socketUrl: string;

beforeAll(async () => {
  testApp = await createTestApp();
  farmer = await createFarmUser(testApp);
  neighbour = await createFarmUser(testApp);
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace('http', 'ws')}/socket`;
});
afterAll(() => testApp.close());

interface Received {
  type: string;
  data: Record<string, unknown>;
}

const open = (token?: string) => {
  const socket = new WebSocket(
    token === undefined ? socketUrl : `${socketUrl}?token=${encodeURIComponent(token)}`,
  );
  const messages: Received[] = [];
  socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Received));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (type: string): Promise<Received> => {
    for (let waited = 0; waited < 5000; waited += 10) {
      const found = messages.find((message) => message.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type} message within 5 s`);
  };
  return { socket, opened, closed, next, messages };
};

describe('notification socket', () => {
  it('answers register with register_res for a valid token', async () => {
    const client = open(farmer.token);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'register', data: {} }));
    expect((await client.next('register_res')).data).toEqual({ userId: farmer.id, registered: true });
    client.socket.close();
  });

  it('answers ping with pong', async () => {
    const client = open(farmer.token);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'ping', data: {} }));
    expect((await client.next('pong')).data.time).toEqual(expect.any(String));
    client.socket.close();
  });

  it('answers a malformed message with an error and stays open', async () => {
    const client = open(farmer.token);
    await client.opened;
    client.socket.send('not json');
    expect((await client.next('error')).data.code).toBe('E_VALIDATION');
    client.socket.send(JSON.stringify({ type: 'ping', data: {} }));
    await client.next('pong');
    client.socket.close();
  });

  it.each([
    ['no token', undefined],
    ['a forged token', 'abc.def.ghi'],
  ])('closes a connection with %s with code 4401', async (_case, token) => {
    const client = open(token);
    const { code, reason } = await client.closed;
    expect(code).toBe(4401);
    expect(reason).toBe('Please Login');
    expect(client.messages).toEqual([]);
  });

  it('closes a connection whose token has no exp with code 4401, like HTTP calls refuse it', async () => {
    const { exp: _exp, ...neverExpiring } = validAccessClaims(decodeJwt(farmer.token));
    const client = open(await signedToken(neverExpiring));
    const stillOpen = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000));
    const closed = await Promise.race([client.closed, stillOpen]);
    client.socket.close();
    expect(closed?.code).toBe(4401);
    expect(client.messages).toEqual([]);
  });

  it("delivers a farm's events to that farm's sockets only", async () => {
    const own = open(farmer.token);
    const other = open(neighbour.token);
    await Promise.all([own.opened, other.opened]);
    own.socket.send(JSON.stringify({ type: 'register', data: {} }));
    other.socket.send(JSON.stringify({ type: 'register', data: {} }));
    await Promise.all([own.next('register_res'), other.next('register_res')]);

    const farmId = (
      await testApp.db.query<{ id: number }>('SELECT id FROM farms WHERE farm_number = $1', [
        farmer.farmNumber,
      ])
    )[0]?.id;
    const delivered = testApp.services.sockets.publishToFarm(farmId ?? -1, {
      type: 'error',
      data: { code: 'E_TEST', msg: 'farm event' },
    });
    expect(delivered).toBe(1);
    expect((await own.next('error')).data.msg).toBe('farm event');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.messages.filter((message) => message.type === 'error')).toEqual([]);
    own.socket.close();
    other.socket.close();
  });
});
