import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket';
import { SocketClient, type SocketUser } from './socket-client';

const farmer: SocketUser = { id: 7, name: 'Demo Farmer', city: 'F-100' };

function setup(options: { user?: SocketUser | null; token?: string | null } = {}) {
  let user = options.user === undefined ? farmer : options.user;
  let token = options.token === undefined ? 'token-1' : options.token;
  const published: { type: string; data: unknown }[] = [];
  const onUnauthorized = vi.fn();
  const onLoginEnded = vi.fn();
  const client = new SocketClient({
    url: () => (token ? `ws://farm.test/socket?token=${token}` : null),
    user: () => user,
    publish: (type, data) => published.push({ type, data }),
    onUnauthorized,
    onLoginEnded,
    createSocket: (url) => new FakeWebSocket(url),
  });
  return {
    client,
    published,
    onUnauthorized,
    onLoginEnded,
    setUser: (next: SocketUser | null) => {
      user = next;
    },
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

describe('socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts disconnected and connects to /socket with the token', () => {
    const { client } = setup();
    expect(client.connectionState).toBe('disconnected');
    expect(FakeWebSocket.instances).toHaveLength(0);
    client.connect();
    expect(client.connectionState).toBe('connecting');
    expect(FakeWebSocket.latest().url).toBe('ws://farm.test/socket?token=token-1');
    FakeWebSocket.latest().open();
    expect(client.connectionState).toBe('connected');
  });

  it('registers on open when a user is stored, with the farm number as city', () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().messages()).toEqual([{ type: 'register', data: {}, user: farmer }]);
  });

  it('waits with the register until there is a user (login success)', () => {
    const { client, setUser } = setup({ user: null });
    client.connect();
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().messages()).toEqual([]);
    setUser(farmer);
    client.register();
    expect(
      FakeWebSocket.latest()
        .messages()
        .map((m) => m.type),
    ).toEqual(['register']);
  });

  it('marks registration done on register_res and publishes every message as socket_<type>', () => {
    const { client, published } = setup();
    client.connect();
    FakeWebSocket.latest().open();
    expect(client.isRegistered).toBe(false);
    FakeWebSocket.latest().receive({ type: 'register_res', data: { userId: 7, registered: true } });
    FakeWebSocket.latest().receive({ type: 'notice', data: { cowid: 3, noticecode: 201 } });
    expect(client.isRegistered).toBe(true);
    expect(published).toEqual([
      { type: 'socket_register_res', data: { userId: 7, registered: true } },
      { type: 'socket_notice', data: { cowid: 3, noticecode: 201 } },
    ]);
  });

  it('ignores messages that are not JSON or have no type', () => {
    const { client, published } = setup();
    client.connect();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    socket.receive({ data: {} });
    expect(published).toEqual([]);
  });

  it('queues messages while disconnected and sends them, in order, on open', () => {
    const { client } = setup();
    client.send({ type: 'chat', data: { text: 'one' } });
    client.connect();
    client.send({ type: 'chat', data: { text: 'two' } });
    const socket = FakeWebSocket.latest();
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.messages().map((m) => [m.type, m.data])).toEqual([
      ['register', {}],
      ['chat', { text: 'one' }],
      ['chat', { text: 'two' }],
    ]);
  });

  it('pings every 10 s while connected', () => {
    const { client } = setup();
    client.connect();
    const socket = FakeWebSocket.latest();
    socket.open();
    vi.advanceTimersByTime(9_999);
    expect(socket.messages().filter((m) => m.type === 'ping')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(socket.messages().filter((m) => m.type === 'ping')).toHaveLength(1);
    vi.advanceTimersByTime(20_000);
    expect(socket.messages().filter((m) => m.type === 'ping')).toHaveLength(3);
    expect(socket.messages().at(-1)).toEqual({ type: 'ping', data: {}, user: farmer });
  });

  it('reconnects 3 s after the server closes the connection, and stops pinging meanwhile', () => {
    const { client } = setup();
    client.connect();
    const first = FakeWebSocket.latest();
    first.open();
    first.serverClose();
    expect(client.connectionState).toBe('disconnected');
    vi.advanceTimersByTime(2_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(first.sent.filter((text) => text.includes('ping'))).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(client.connectionState).toBe('connected');
  });

  it('on an error closes the socket first, then retries every 3 s until it opens', () => {
    const { client } = setup();
    client.connect();
    const first = FakeWebSocket.latest();
    first.fail();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(3_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().fail();
    vi.advanceTimersByTime(3_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('uses the newest token on each attempt', () => {
    const { client, setToken } = setup();
    client.connect();
    FakeWebSocket.latest().serverClose();
    setToken('token-2');
    vi.advanceTimersByTime(3_000);
    expect(FakeWebSocket.latest().url).toContain('token=token-2');
  });

  it('reports a refused token (close code 4401) so the app can refresh it', () => {
    const { client, onUnauthorized } = setup();
    client.connect();
    FakeWebSocket.latest().serverClose(4401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the server ends the login (close code 4440), and says so once', () => {
    const { client, onLoginEnded, onUnauthorized } = setup();
    client.connect();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.serverClose(4440);
    expect(onLoginEnded).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(client.connectionState).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.messages().filter((m) => m.type === 'ping')).toHaveLength(0);
  });

  it('closes for good on logout: no reconnect, no ping, queue dropped', () => {
    const { client } = setup();
    client.connect();
    const socket = FakeWebSocket.latest();
    socket.open();
    client.close();
    expect(socket.closed).toBe(true);
    expect(client.connectionState).toBe('disconnected');
    client.send({ type: 'chat', data: { text: 'late' } });
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.messages().filter((m) => m.type === 'ping')).toHaveLength(0);
  });

  it('gives up on an attempt that does not open within 60 s and tries again', () => {
    const { client } = setup();
    client.connect();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances[0]?.closed).toBe(true);
    vi.advanceTimersByTime(3_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('does not connect without a token', () => {
    const { client } = setup({ token: null });
    client.connect();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.connectionState).toBe('disconnected');
  });
});
