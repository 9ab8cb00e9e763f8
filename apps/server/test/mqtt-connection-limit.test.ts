// The embedded broker's limit of open connections per remote address (MQTT_MAX_CONNECTIONS_PER_ADDRESS).
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmUser, createTestApp, type TestApp } from './helpers/test-app';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { brokerUrl, connectGateway, createGateway, type TestGateway } from './ingest-fixtures';

const LIMIT = 5;
let testApp: TestApp;
let gateway: TestGateway;

beforeAll(async () => {
  testApp = await createTestApp({ mqttMaxConnectionsPerAddress: LIMIT });
  gateway = await createGateway(testApp, await createFarmUser(testApp));
});
afterAll(() => testApp.close());

/** A TCP connection to the broker from `localAddress` that sends nothing, as an attacker's would. */
const idleConnection = async (localAddress: string): Promise<Socket> => {
  const socket = connect({ port: testApp.services.mqtt?.port ?? 0, host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
};

/** Whether the broker closes `socket` within `ms` (a refused one is closed at once). */
const closedWithin = (socket: Socket, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

const refusedMetric = async () =>
  metricSample(
    (await scrapeMetrics(testApp.app, { remoteAddress: '127.0.0.1' })).body,
    'cowcare_mqtt_connections_refused_total',
  ) ?? NaN;

describe('connections per address on the embedded broker', () => {
  it('closes one over the limit at once, counts it, and lets other addresses and later connections in', async () => {
    const before = await refusedMetric();
    const held = await Promise.all(Array.from({ length: LIMIT }, () => idleConnection('127.0.0.9')));
    for (const socket of held) expect(await closedWithin(socket, 50)).toBe(false);

    const extra = await idleConnection('127.0.0.9');
    expect(await closedWithin(extra, 2_000)).toBe(true);
    expect(await refusedMetric()).toBe(before + 1);

    // The farm's gateway, from its own address, is not held up by them.
    const session = await connectGateway(brokerUrl(testApp), gateway);
    expect(session.connected).toBe(true);
    await session.endAsync();

    // Once one of them goes, the address may connect again.
    const gone = held.pop();
    gone?.destroy();
    if (gone) await once(gone, 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await idleConnection('127.0.0.9');
    expect(await closedWithin(again, 200)).toBe(false);
    for (const socket of [...held, again]) socket.destroy();
  });
});
