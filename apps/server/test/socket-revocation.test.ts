// A socket lives no longer than the login behind it (decision 0006, architecture §5): whatever ends a login
// for HTTP calls closes its open sockets at once, with code 4440, on the instance that ended it and on every
// other instance of the bus. Sockets of the user's other logins (where only one ended) and of other users
// stay open and go on receiving their farm's events.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { api } from '@cowcare/contract/api';
import { SOCKET_CLOSE_CODES, type ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { buildApp } from '../src/app';
import { sweepEndedLogins } from '../src/realtime/socket-server';
import { describeWithServices } from './helpers/required-services';
import {
  call,
  createFarmUser,
  createTestApp,
  TEST_RUN_ID,
  testConfig,
  type TestApp,
  type TestUser,
} from './helpers/test-app';

interface LiveSocket {
  socket: WebSocket;
  /** The farm events it received, in order. */
  events: ServerSocketMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

const listen = async (instance: TestApp): Promise<string> =>
  `${(await instance.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/socket`;

/** A socket of `token`'s login on the instance at `socketUrl`, once the server has taken it in. */
const connect = async (socketUrl: string, token: string): Promise<LiveSocket> => {
  const socket = new WebSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
  const events: ServerSocketMessage[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  let registered = false;
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as ServerSocketMessage;
    if (message.type === 'register_res') registered = true;
    else events.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // The answer to register comes once the token is checked and the socket follows its farm.
  socket.send(JSON.stringify({ type: 'register', data: {} }));
  await waitFor(() => registered, 'register_res');
  return { socket, events, closed };
};

const waitFor = async (check: () => boolean, what: string, ms = 5000): Promise<void> => {
  for (let waited = 0; !check(); waited += 10) {
    if (waited >= ms) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** How a socket was closed, or undefined if it is still open after `ms`. */
const closeWithin = (live: LiveSocket, ms: number) =>
  Promise.race([live.closed, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

/**
 * How long the close frame may take to reach the test's client after the revoking call answered: the
 * server sends it before answering, over loopback; far below the sweep's 30 s, which is not what closes it.
 */
const AT_ONCE_MS = 1000;

const closedAsRevoked = { code: SOCKET_CLOSE_CODES.loginRevoked, reason: 'Login ended' };

const farmIdOf = async (instance: TestApp, user: TestUser): Promise<number> => {
  const rows = await instance.db.query<{ farmId: number }>(
    'SELECT farm_id AS "farmId" FROM users WHERE id = $1',
    [user.id],
  );
  const farmId = rows[0]?.farmId;
  if (farmId === undefined) throw new Error(`user ${user.id} has no farm`);
  return farmId;
};

let eventSequence = 0;
/** A live cow update for the farm, published on the bus like the ingest does. */
const farmEvent = async (instance: TestApp, farmId: number): Promise<ServerSocketMessage> => {
  eventSequence += 1;
  const message: ServerSocketMessage = { type: 'cowinfo', data: { id: eventSequence } };
  await instance.services.bus.publish(farmId, message);
  return message;
};

/** Publishes a farm event and waits until each socket listed has it. */
const deliveredTo = async (instance: TestApp, farmId: number, ...sockets: LiveSocket[]) => {
  const message = await farmEvent(instance, farmId);
  for (const live of sockets) {
    await waitFor(
      () => live.events.some((event) => JSON.stringify(event) === JSON.stringify(message)),
      'event',
    );
  }
  return message;
};

/** Another login of the same user, through the real login call. */
const loginAgain = async (instance: TestApp, user: TestUser) =>
  (
    await call(instance, api.auth.login, { body: { username: user.username, password: user.password } })
  ).json<{ data: { token: string; refreshToken: string } }>().data;

let supportAccounts = 0;
/** Support disabling `user` through the real admin call, with a support account of its own. */
const disableBySupport = async (instance: TestApp, user: TestUser) => {
  supportAccounts += 1;
  const [admin] = await instance.db.query<{ id: number }>(
    "INSERT INTO admin_users (username, password_hash, name) VALUES ($1, 'unused', 'Support') RETURNING id",
    [`support-${supportAccounts}-${TEST_RUN_ID}`],
  );
  if (!admin) throw new Error('no support account');
  const token = await instance.services.tokens.signAdminToken(admin.id);
  return call(instance, api.admin.disableUser, {
    token,
    params: { id: user.id },
    body: { reason: 'revocation test' },
  });
};

describe('revocation on one instance', () => {
  let instance: TestApp;
  let socketUrl: string;
  const opened: LiveSocket[] = [];
  const open = async (token: string) => {
    const live = await connect(socketUrl, token);
    opened.push(live);
    return live;
  };

  beforeAll(async () => {
    instance = await createTestApp();
    socketUrl = await listen(instance);
  });
  afterAll(async () => {
    for (const live of opened) live.socket.close();
    await instance.close();
  });

  /** A user with two logins on one farm, and a neighbour on another farm, each with a socket open. */
  const arrange = async () => {
    const user = await createFarmUser(instance);
    const secondLogin = await loginAgain(instance, user);
    const neighbour = await createFarmUser(instance);
    const farmId = await farmIdOf(instance, user);
    const neighbourFarmId = await farmIdOf(instance, neighbour);
    const first = await open(user.token);
    const second = await open(secondLogin.token);
    const neighbours = await open(neighbour.token);
    // They receive their farm's events before anything is revoked.
    await deliveredTo(instance, farmId, first, second);
    await deliveredTo(instance, neighbourFarmId, neighbours);
    return { user, secondLogin, neighbour, farmId, neighbourFarmId, first, second, neighbours };
  };

  it('logout closes the sockets of that login only', async () => {
    const { user, farmId, neighbourFarmId, first, second, neighbours } = await arrange();
    const firstAgain = await open(user.token);

    const response = await call(instance, api.auth.logout, { token: user.token, body: {} });
    expect(response.statusCode).toBe(200);

    expect(await closeWithin(first, AT_ONCE_MS)).toEqual(closedAsRevoked);
    expect(await closeWithin(firstAgain, AT_ONCE_MS)).toEqual(closedAsRevoked);
    const after = await deliveredTo(instance, farmId, second);
    await deliveredTo(instance, neighbourFarmId, neighbours);
    expect(first.events).not.toContainEqual(after);
    expect(second.socket.readyState).toBe(WebSocket.OPEN);
    expect(neighbours.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('a password change closes the sockets of every login of the user, and no one else', async () => {
    const { user, neighbourFarmId, first, second, neighbours } = await arrange();

    const response = await call(instance, api.auth.changePassword, {
      token: user.token,
      body: { original: user.password, new: 'a better password', confirm: 'a better password' },
    });
    expect(response.statusCode).toBe(200);

    expect(await closeWithin(first, AT_ONCE_MS)).toEqual(closedAsRevoked);
    expect(await closeWithin(second, AT_ONCE_MS)).toEqual(closedAsRevoked);
    await deliveredTo(instance, neighbourFarmId, neighbours);
    expect(neighbours.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('a login made after a password change keeps its socket', async () => {
    const { user, farmId } = await arrange();
    await call(instance, api.auth.changePassword, {
      token: user.token,
      body: { original: user.password, new: 'a better password', confirm: 'a better password' },
    });
    const fresh = await loginAgain(instance, { ...user, password: 'a better password' });
    const socket = await open(fresh.token);
    await deliveredTo(instance, farmId, socket);
    expect(await closeWithin(socket, 200)).toBeUndefined();
  });

  it("a reused refresh token closes the sockets of its login, the rotated token's too, and no other", async () => {
    const { user, farmId, neighbourFarmId, first, second, neighbours } = await arrange();
    const rotated = (
      await call(instance, api.auth.refreshToken, { body: { token: user.refreshToken } })
    ).json<{
      data: { token: string };
    }>().data;
    const rotatedSocket = await open(rotated.token);

    const reuse = await call(instance, api.auth.refreshToken, { body: { token: user.refreshToken } });
    expect(reuse.statusCode).toBe(401);

    expect(await closeWithin(first, AT_ONCE_MS)).toEqual(closedAsRevoked);
    expect(await closeWithin(rotatedSocket, AT_ONCE_MS)).toEqual(closedAsRevoked);
    await deliveredTo(instance, farmId, second);
    await deliveredTo(instance, neighbourFarmId, neighbours);
    expect(second.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('support disabling a user closes the sockets of every login of the user, and no one else', async () => {
    const { user, neighbourFarmId, first, second, neighbours } = await arrange();

    const response = await disableBySupport(instance, user);
    expect(response.statusCode).toBe(200);

    expect(await closeWithin(first, AT_ONCE_MS)).toEqual(closedAsRevoked);
    expect(await closeWithin(second, AT_ONCE_MS)).toEqual(closedAsRevoked);
    await deliveredTo(instance, neighbourFarmId, neighbours);
    expect(neighbours.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses a new socket of a login that has ended', async () => {
    const user = await createFarmUser(instance);
    await call(instance, api.auth.logout, { token: user.token, body: {} });
    const socket = new WebSocket(`${socketUrl}?token=${encodeURIComponent(user.token)}`);
    const code = await new Promise<number>((resolve) =>
      socket.on('close', (closeCode) => resolve(closeCode)),
    );
    expect(code).toBe(SOCKET_CLOSE_CODES.unauthorized);
  });

  it('the sweep closes the socket of a login revoked without word on the bus (a lost message)', async () => {
    const { user, farmId, first, second } = await arrange();
    // Revoked in the database only, as when the revoking instance could not reach the bus.
    await instance.db.query('UPDATE login_sessions SET revoked_at = now() WHERE id = $1', [
      decodeJwt(user.token).sid,
    ]);
    expect(await closeWithin(first, 100)).toBeUndefined();

    expect(await sweepEndedLogins(instance.services)).toBe(1);
    expect(await closeWithin(first, 1000)).toEqual(closedAsRevoked);
    await deliveredTo(instance, farmId, second);
  });
});

const buses = [
  ['redis', process.env.REDIS_URL],
  ['nats', process.env.NATS_URL],
] as const;

for (const [name, busUrl] of buses) {
  describeWithServices(
    `revocation across instances, on a ${name} bus`,
    busUrl ? undefined : `${name.toUpperCase()}_URL`,
    () => crossInstanceSuite(name, busUrl ?? ''),
  );
}

function crossInstanceSuite(name: string, busUrl: string) {
  let first: TestApp;
  let second: TestApp;
  let secondSocketUrl: string;
  const opened: LiveSocket[] = [];

  beforeAll(async () => {
    const busChannel = `cowcare-test.revocation-${name}.${TEST_RUN_ID}`;
    first = await createTestApp({ busUrl, busChannel, instanceName: `${name}-1-${TEST_RUN_ID}` });
    // The second instance on the first one's database, as two instances of one install are.
    const built = await buildApp(
      testConfig({ busUrl, busChannel, instanceName: `${name}-2-${TEST_RUN_ID}` }),
      first.db,
    );
    await built.app.ready();
    second = { ...built, db: first.db, close: () => built.app.close() };
    secondSocketUrl = await listen(second);
  });
  afterAll(async () => {
    for (const live of opened) live.socket.close();
    await second.close();
    await first.close();
  });

  const open = async (token: string) => {
    const live = await connect(secondSocketUrl, token);
    opened.push(live);
    return live;
  };

  it('logout on instance A closes the socket held by instance B, and only that login', async () => {
    const user = await createFarmUser(first);
    const secondLogin = await loginAgain(first, user);
    const neighbour = await createFarmUser(first);
    const farmId = await farmIdOf(first, user);
    const neighbourFarmId = await farmIdOf(first, neighbour);
    const onB = await open(user.token);
    const otherLoginOnB = await open(secondLogin.token);
    const neighbourOnB = await open(neighbour.token);
    // Events published on A reach B's sockets before: the bus joins them.
    await deliveredTo(first, farmId, onB, otherLoginOnB);

    expect((await call(first, api.auth.logout, { token: user.token, body: {} })).statusCode).toBe(200);

    expect(await closeWithin(onB, 3000)).toEqual(closedAsRevoked);
    await deliveredTo(first, farmId, otherLoginOnB);
    await deliveredTo(first, neighbourFarmId, neighbourOnB);
  });

  it('a password change on instance A closes every socket of the user on instance B', async () => {
    const user = await createFarmUser(first);
    const secondLogin = await loginAgain(first, user);
    const onB = await open(user.token);
    const otherLoginOnB = await open(secondLogin.token);

    const response = await call(first, api.auth.changePassword, {
      token: user.token,
      body: { original: user.password, new: 'a better password', confirm: 'a better password' },
    });
    expect(response.statusCode).toBe(200);

    expect(await closeWithin(onB, 3000)).toEqual(closedAsRevoked);
    expect(await closeWithin(otherLoginOnB, 3000)).toEqual(closedAsRevoked);
  });

  it('support disabling a user on instance A closes every socket of the user on instance B, no other', async () => {
    const user = await createFarmUser(first);
    const secondLogin = await loginAgain(first, user);
    const neighbour = await createFarmUser(first);
    const neighbourFarmId = await farmIdOf(first, neighbour);
    const onB = await open(user.token);
    const otherLoginOnB = await open(secondLogin.token);
    const neighbourOnB = await open(neighbour.token);

    expect((await disableBySupport(first, user)).statusCode).toBe(200);

    expect(await closeWithin(onB, 3000)).toEqual(closedAsRevoked);
    expect(await closeWithin(otherLoginOnB, 3000)).toEqual(closedAsRevoked);
    await deliveredTo(first, neighbourFarmId, neighbourOnB);
    expect(neighbourOnB.socket.readyState).toBe(WebSocket.OPEN);
  });
}
