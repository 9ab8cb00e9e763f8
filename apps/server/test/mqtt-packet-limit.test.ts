import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_READINGS_PAYLOAD_BYTES, MAX_READINGS_PER_BATCH } from '@cowcare/contract/routes/ingest';
import {
  MAX_CONNECT_PACKET_BYTES,
  MAX_READINGS_PACKET_BYTES,
  PacketSizeTracker,
  PacketTooLargeError,
  type PacketSizeLimits,
} from '../src/ingest/mqtt-packet-limit';
import {
  brokerUrl,
  connectGateway,
  cowWearing,
  createGateway,
  minutesAgo,
  openGatewayFarms,
  publishReadings,
  reading,
  storedReadings,
  waitFor,
  type GatewayFarms,
} from './ingest-fixtures';
import { metricSample, scrapeMetrics } from './helpers/metrics';
import { connectPacket, fixedHeader, publishPacket } from './helpers/mqtt-packets';

const packet = (type: number, bodyBytes: number): Buffer =>
  Buffer.concat([fixedHeader(type, bodyBytes), Buffer.alloc(bodyBytes, bodyBytes % 251)]);

/** Checks `chunks` in turn; answers the chunks passed and the refusal it stopped at, if any. */
const throughTracker = (limits: PacketSizeLimits, chunks: readonly Buffer[]) => {
  const tracker = new PacketSizeTracker(limits);
  const passed: Buffer[] = [];
  for (const chunk of chunks) {
    const refusal = tracker.check(chunk);
    if (refusal) return { out: Buffer.concat(passed), error: refusal };
    passed.push(chunk);
  }
  return { out: Buffer.concat(passed), error: undefined };
};

const cutEvery = (bytes: Buffer, size: number): Buffer[] =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
    bytes.subarray(index * size, (index + 1) * size),
  );

describe('the MQTT packet size tracker', () => {
  const limits = { firstPacketBytes: 300, packetBytes: 20_000 };
  // Remaining lengths of 1 to 3 bytes, at the edges where the length takes one more byte.
  const packets = [packet(0x10, 120), packet(0x32, 0), packet(0x32, 127), packet(0x32, 128), packet(0xc0, 0)];
  packets.push(packet(0x32, 16_383), packet(0x32, 16_384), packet(0x40, 2));
  const stream = Buffer.concat(packets);

  it('passes a stream of packets within their limits unchanged, however it is cut', () => {
    for (const size of [1, 2, 3, 7, 128, 4096, stream.length]) {
      const { out, error } = throughTracker(limits, cutEvery(stream, size));
      expect(error, `cut every ${size} bytes`).toBeUndefined();
      expect(out.equals(stream), `cut every ${size} bytes`).toBe(true);
    }
  });

  it('stops at a packet over its limit as soon as its length is read, before its body', () => {
    const tooLarge = packet(0x32, 20_001);
    for (const size of [1, 5, 4096]) {
      const { out, error } = throughTracker(limits, cutEvery(Buffer.concat([stream, tooLarge]), size));
      expect(error).toBeInstanceOf(PacketTooLargeError);
      expect(error).toMatchObject({ declaredBytes: 20_001, limitBytes: 20_000 });
      // At most its fixed header went through, none of its body.
      expect(out.length).toBeLessThanOrEqual(stream.length + 3);
    }
  });

  it('holds the first packet, the CONNECT read before any login, to its own limit', () => {
    const { error } = throughTracker(limits, [packet(0x10, 301)]);
    expect(error).toMatchObject({ declaredBytes: 301, limitBytes: 300 });
    const later = throughTracker(limits, [packet(0x10, 300), packet(0x32, 301)]);
    expect(later.error).toBeUndefined();
  });

  it('stops at a remaining length longer than the 4 bytes MQTT allows', () => {
    const { error } = throughTracker(limits, [Buffer.from([0x32, 0x80, 0x80, 0x80, 0x80, 0x01])]);
    expect(error).toBeInstanceOf(PacketTooLargeError);
  });
});

describe('the embedded broker', () => {
  let farms: GatewayFarms;
  beforeAll(async () => {
    farms = await openGatewayFarms({ listening: false });
  });
  afterAll(() => farms.testApp.close());

  const tooLargeCount = () => farms.testApp.services.ingest.stats.tooLarge;

  /** Streams `bytes` to the broker over a plain TCP connection until it closes; answers how much was sent. */
  const streamUntilClosed = async (bytes: Buffer, chunkBytes = 64 * 1024): Promise<number> => {
    const port = farms.testApp.services.mqtt?.port;
    const socket: Socket = connect(port ?? 0, '127.0.0.1');
    socket.on('error', () => undefined); // the broker's close can reach us as a reset
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await once(socket, 'connect');
    let sent = 0;
    for (const chunk of cutEvery(bytes, chunkBytes)) {
      if (socket.destroyed || socket.readableEnded) break;
      const drained = () => new Promise((resolve) => socket.once('drain', resolve));
      if (!socket.write(chunk)) await Promise.race([drained(), closed]);
      sent += chunk.length;
    }
    await closed;
    return sent;
  };

  it('closes a connection that declares a huge CONNECT before reading it or any login', async () => {
    const before = tooLargeCount();
    // 200 MB declared; the old broker read it all into memory and waited 30 s for the rest.
    const declared = 200 * 1024 * 1024;
    const started = Date.now();
    const sent = await streamUntilClosed(
      Buffer.concat([fixedHeader(0x10, declared), Buffer.alloc(8 * 1024 * 1024)]),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    expect(tooLargeCount()).toBe(before + 1);
    // A CONNECT over 64 KiB is refused too: a gateway's is a few hundred bytes.
    await streamUntilClosed(packet(0x10, MAX_CONNECT_PACKET_BYTES + 1));
    expect(tooLargeCount()).toBe(before + 2);
    // What an operator sees.
    const scrape = await scrapeMetrics(farms.testApp.app, { remoteAddress: '127.0.0.1' });
    const dropped = metricSample(
      scrape.body,
      'cowcare_ingest_messages_dropped_total',
      '{reason="too_large"}',
    );
    expect(dropped).toBe(before + 2);
  });

  it('outlives clients that reset their connection, before and after logging in', async () => {
    const port = farms.testApp.services.mqtt?.port ?? 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(packet(0x10, 40).subarray(0, 10)); // a CONNECT cut short
      await new Promise((resolve) => setTimeout(resolve, 20));
      socket.resetAndDestroy();
    }
    const gateway = await connectGateway(brokerUrl(farms.testApp), farms.gateway);
    gateway.stream.on('error', () => undefined);
    (gateway.stream as Socket).resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connectGateway(brokerUrl(farms.testApp), farms.gateway);
    expect(again.connected).toBe(true);
    await again.endAsync();
  });

  it('closes connections that send messages behind a wrong login, storing none of them', async () => {
    const { testApp, farmer, gateway } = farms;
    const cowId = await cowWearing(testApp, farmer, 'C902', 40902);
    // A second gateway of the farm, whose name the wrong logins will block for a while.
    const guessed = await createGateway(testApp, farmer);
    const at = minutesAgo(5);
    const port = testApp.services.mqtt?.port ?? 0;
    // MQTT lets a client send on without waiting for its CONNACK. Aedes stops reading while it checks the
    // login, so such a client can make the broker hold only what one read of its socket took in.
    // From addresses of their own: the wrong logins block those (docs/security.md), not the gateway's; ten
    // connections from each, within the limit of open connections per address.
    const flood = async (index: number): Promise<void> => {
      const localAddress = `127.0.0.${2 + Math.floor(index / 10)}`;
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      socket.on('error', () => undefined); // the broker's close can reach us as a reset
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await once(socket, 'connect');
      const username = index % 2 === 0 ? guessed.username : `nobody-${index}`;
      socket.write(connectPacket(`flood-${index}`, username, 'wrong secret'));
      for (let message = 1; message <= 4 && !socket.destroyed; message += 1) {
        const readings = Array.from({ length: MAX_READINGS_PER_BATCH }, (_, item) =>
          reading(40902, index * 10_000 + message * 1_000 + item, new Date(at.getTime() - item * 60_000)),
        );
        if (!socket.write(publishPacket(gateway.topic, message, Buffer.from(JSON.stringify(readings))))) {
          await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
        }
      }
      await closed;
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: 40 }, (_, index) => flood(index)));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await storedReadings(testApp, gateway.farmId)).toEqual([]);

    const accepted = await connectGateway(brokerUrl(testApp), gateway);
    await publishReadings(accepted, gateway.topic, [reading(40902, 1, at)]);
    await accepted.endAsync();
    const stored = await storedReadings(testApp, gateway.farmId);
    expect(stored.map((row) => [row.cowId, row.num])).toEqual([[cowId, 1]]);
    await testApp.db.query('DELETE FROM sensor_readings WHERE farm_id = $1', [gateway.farmId]);
  });

  it("closes a gateway's connection on a message far over 1 MiB, unacknowledged and unstored; 1,000 readings in 1 MiB are stored", async () => {
    const { testApp, farmer, gateway } = farms;
    await cowWearing(testApp, farmer, 'C901', 40901);
    const at = minutesAgo(5);
    // Gateways may add fields of their own: pad each reading to about 1 KiB, just under the limit in all.
    const padded = (sequence: number, padBytes: number) => ({
      ...reading(40901, sequence, new Date(at.getTime() - sequence * 60_000), { activity: 10 }),
      note: 'x'.repeat(padBytes),
    });
    const batch = (first: number, padBytes: number) =>
      Array.from({ length: MAX_READINGS_PER_BATCH }, (_, index) => padded(first + index, padBytes));
    const tooLarge = batch(1, 1_200);
    expect(Buffer.byteLength(JSON.stringify(tooLarge))).toBeGreaterThan(MAX_READINGS_PACKET_BYTES);
    const fits = batch(5_001, 950);
    expect(Buffer.byteLength(JSON.stringify(fits))).toBeLessThanOrEqual(MAX_READINGS_PAYLOAD_BYTES);

    const before = tooLargeCount();
    const refused = await connectGateway(brokerUrl(testApp), gateway);
    refused.on('error', () => undefined); // the broker's close can reach the client as a reset
    const closed = new Promise<void>((resolve) => refused.once('close', () => resolve()));
    let acknowledged = false;
    void publishReadings(refused, gateway.topic, tooLarge).then(
      () => (acknowledged = true),
      () => undefined,
    );
    await closed;
    await refused.endAsync(true);
    expect(acknowledged).toBe(false);
    expect(tooLargeCount()).toBe(before + 1);
    expect(await storedReadings(testApp, gateway.farmId)).toEqual([]);

    const accepted = await connectGateway(brokerUrl(testApp), gateway);
    await publishReadings(accepted, gateway.topic, fits);
    await accepted.endAsync();
    await waitFor(
      async () => (await storedReadings(testApp, gateway.farmId)).length === MAX_READINGS_PER_BATCH,
    );
    expect(tooLargeCount()).toBe(before + 1);
  });
});
