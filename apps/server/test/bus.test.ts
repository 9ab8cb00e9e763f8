import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { createEventBus, type EventBus, type EventBusConfig } from '../src/realtime/bus';
import { SocketHub, type SocketLike } from '../src/realtime/socket-hub';
import { describeWithServices } from './helpers/required-services';
import { startTcpProxy } from './helpers/tcp-proxy';

// The same contract for every transport. Redis and NATS run when their URL is set, and CI must set them.
describe('in-process bus', () => busContract(undefined));
for (const [name, url] of [
  ['redis', process.env.REDIS_URL],
  ['nats', process.env.NATS_URL],
] as const) {
  describeWithServices(`${name} bus`, url ? undefined : `${name.toUpperCase()}_URL`, () => busContract(url));
}

const notice = (id: number): ServerSocketMessage => ({
  type: 'notice',
  data: {
    id,
    cowid: 7,
    sensor: 40001,
    noticecode: 203,
    time: '2026-11-22T04:00:00.000Z',
    details: { t: 40.1 },
  },
});

function busContract(url: string | undefined) {
  const opened: EventBus[] = [];
  const channel = `cowcare-bus-test.${process.pid}.${randomBytes(4).toString('hex')}`;
  const open = (overrides: Partial<EventBusConfig> = {}) => {
    const bus = createEventBus({ busUrl: url, busChannel: channel, ...overrides });
    opened.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  const collect = async (bus: EventBus) => {
    const received: { farmId: number; message: ServerSocketMessage }[] = [];
    const unsubscribe = await bus.subscribe((farmId, message) => received.push({ farmId, message }));
    return { received, unsubscribe };
  };
  const until = async (check: () => boolean) => {
    for (let waited = 0; waited < 3000 && !check(); waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  it('delivers a published event with its farm to every subscriber, unchanged', async () => {
    const bus = open();
    const first = await collect(bus);
    const second = await collect(bus);
    await bus.publish(12, notice(1));
    await until(() => first.received.length > 0 && second.received.length > 0);
    expect(first.received).toEqual([{ farmId: 12, message: notice(1) }]);
    expect(second.received).toEqual([{ farmId: 12, message: notice(1) }]);
  });

  it('keeps the order of one publisher', async () => {
    const bus = open();
    const { received } = await collect(bus);
    for (let id = 1; id <= 20; id += 1) await bus.publish(3, notice(id));
    await until(() => received.length === 20);
    expect(received.map(({ message }) => (message.type === 'notice' ? message.data.id : 0))).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = open();
    const kept = await collect(bus);
    const dropped = await collect(bus);
    await dropped.unsubscribe();
    await bus.publish(5, notice(2));
    await until(() => kept.received.length > 0);
    await settle();
    expect(kept.received).toHaveLength(1);
    expect(dropped.received).toEqual([]);
  });

  it('refuses to publish once closed', async () => {
    const bus = open();
    await bus.close();
    await expect(bus.publish(1, notice(3))).rejects.toThrow('closed');
  });

  it('a throwing subscriber does not keep the event from the others', async () => {
    const errors: unknown[] = [];
    const bus = open({ onError: (error) => errors.push(error) });
    await bus.subscribe(() => {
      throw new Error('subscriber failed');
    });
    const { received } = await collect(bus);
    await bus.publish(9, notice(4));
    await until(() => received.length > 0);
    expect(received).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('answers a ping while its broker is there, and refuses one once closed', async () => {
    const bus = open();
    await collect(bus);
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
    await expect(bus.ping()).rejects.toThrow('closed');
  });

  if (url !== undefined) {
    it('fails its ping when the broker is gone; Redis reports each lost connection once, not at every retry', async () => {
      const proxy = await startTcpProxy(url);
      const errors: unknown[] = [];
      const bus = open({ busUrl: proxy.url, onError: (error) => errors.push(error) });
      await collect(bus);
      await bus.ping();
      await proxy.cut();
      await expect(bus.ping()).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // several reconnect attempts
      const lost = errors.map(String).filter((error) => error.includes('connection lost'));
      expect(lost.length).toBe(url.startsWith('redis') ? 2 : 0); // the publisher's and the subscriber's
    });

    it("while its broker is gone, reaches this instance's subscribers at once and reports the outage once", async () => {
      const proxy = await startTcpProxy(url);
      const errors: unknown[] = [];
      const bus = open({ busUrl: proxy.url, onError: (error) => errors.push(error) });
      const listener = await collect(bus);
      await bus.publish(3, notice(1));
      await until(() => listener.received.length === 1);
      await proxy.cut();
      // Redis reports its connections lost; the NATS client says so in its status, as the proxy closes them.
      if (url.startsWith('redis')) await until(() => errors.length > 0);
      else await new Promise((resolve) => setTimeout(resolve, 300));

      const started = performance.now();
      await bus.publish(3, notice(2));
      await bus.publish(3, notice(3));
      const took = performance.now() - started;

      expect(listener.received.map(({ message }) => message)).toEqual([notice(1), notice(2), notice(3)]);
      expect(bus.stats.failures).toBe(2);
      expect(errors.map(String).filter((error) => error.includes('unreachable'))).toHaveLength(1);
      // Not queued through reconnect attempts, each of which waits longer than the last.
      expect(took).toBeLessThan(1_000);
    });

    it('carries events between instances again after their broker was away for longer than a few reconnect attempts, and says it is back', async () => {
      const proxy = await startTcpProxy(url);
      const reconnects: string[] = [];
      const onReconnect = (what: string) => reconnects.push(what);
      // Another instance listens: a publisher's own subscribers get its events even while the broker is away.
      const publisher = open({ busUrl: proxy.url, onReconnect });
      const listening = open({ busUrl: proxy.url, onReconnect });
      const listener = await collect(listening);
      await publisher.publish(5, notice(100));
      await until(() => listener.received.length === 1);
      // 6 s: past the ten attempts a NATS client makes by default at our half-second wait.
      await proxy.interrupt(() => new Promise((resolve) => setTimeout(resolve, 6_000)));
      for (let attempt = 0; attempt < 40 && listener.received.length === 1; attempt += 1) {
        await publisher.publish(5, notice(attempt));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(listener.received.length).toBeGreaterThan(1);
      // The publisher's connection and the listener's subscription; the listener never published.
      const connections = url.startsWith('redis')
        ? ['Redis publisher connection', 'Redis subscriber connection']
        : ['NATS connection', 'NATS connection'];
      await until(() => reconnects.length >= connections.length);
      expect(reconnects.sort()).toEqual(connections);
      // Closed while the broker is there: quitting a connection through a cut proxy fails.
      await Promise.all([publisher.close(), listening.close()]);
      await proxy.cut();
    }, 30_000);

    it('carries events between instances on one channel, and not to another channel', async () => {
      const publisher = open();
      const otherInstance = await collect(open());
      const otherInstall = await collect(open({ busChannel: `${channel}.elsewhere` }));
      await publisher.publish(21, notice(5));
      await until(() => otherInstance.received.length > 0);
      await settle();
      expect(otherInstance.received).toEqual([{ farmId: 21, message: notice(5) }]);
      expect(otherInstall.received).toEqual([]);
    });

    it("reaches a farm's sockets on another instance, and no other farm's", async () => {
      const hub = new SocketHub();
      const farmSocket = fakeSocket();
      const neighbourSocket = fakeSocket();
      hub.add(21, farmSocket);
      hub.add(22, neighbourSocket);
      await hub.followBus(open());
      await open().publish(21, notice(6));
      await until(() => farmSocket.sent.length > 0);
      await settle();
      expect(farmSocket.sent.map((raw) => JSON.parse(raw) as unknown)).toEqual([notice(6)]);
      expect(neighbourSocket.sent).toEqual([]);
    });
  } else {
    it("reaches the farm's sockets and no other farm's", async () => {
      const hub = new SocketHub();
      const farmSocket = fakeSocket();
      const neighbourSocket = fakeSocket();
      hub.add(21, farmSocket);
      hub.add(22, neighbourSocket);
      const bus = open();
      await hub.followBus(bus);
      await bus.publish(21, notice(6));
      expect(farmSocket.sent.map((raw) => JSON.parse(raw) as unknown)).toEqual([notice(6)]);
      expect(neighbourSocket.sent).toEqual([]);
    });
  }
}

const fakeSocket = (): SocketLike & { sent: string[] } => {
  const sent: string[] = [];
  return { sent, readyState: 1, send: (data: string) => void sent.push(data) };
};
