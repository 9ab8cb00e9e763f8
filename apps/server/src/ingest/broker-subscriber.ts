import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { FarmDirectory } from './farm-directory';
import type { IngestService } from './ingest-service';
import type { MqttIngest } from './mqtt-ingest';
import { MAX_READINGS_PACKET_BYTES } from './mqtt-packet-limit';
import { parsePayload } from './parse-payload';
import { farmOfReadingsTopic, sharedReadingsSubscription } from './topics';

export interface BrokerSubscriberOptions {
  url: string;
  topicRoot: string;
  shareGroup: string;
  /** Stable across restarts, so a restarted instance resumes its session and what the broker kept for it. */
  instanceName: string;
  /** Members of the shared group this instance runs; each handles one message at a time. */
  connections: number;
  ingest: IngestService;
  farms: FarmDirectory;
  log: FastifyBaseLogger;
}

/** A crashed instance's session (and the messages queued in it) is kept this long for its return. */
const SESSION_EXPIRY_SECONDS = 24 * 3600;
/** Unacknowledged messages the broker may send one member at a time (MQTT 5 Receive Maximum). */
const RECEIVE_MAXIMUM = 8;
/** On shutdown, the members keep taking messages already routed to them until none came for this long. */
const QUIET_BEFORE_LEAVING_MS = 300;
/** …but no longer than this; what is left stays in the sessions for the next start. */
const MAX_SHUTDOWN_WAIT_MS = 10_000;

/**
 * The server as a client of an external broker (Mosquitto, EMQX): N members of the MQTT 5 shared
 * subscription `$share/{group}/{root}/+/+/readings` (§4.8.2), so the broker splits the load over every
 * member of every instance. The broker's ACLs decide which gateway may publish where (docs/operations.md).
 *
 * Acknowledgement after commit: MQTT.js writes the PUBACK of a QoS 1 message only when `handleMessage`
 * calls back (lib/handlers/publish.ts), and it reads no further packet from that connection until then; the
 * callback is called after the batch commits. A failed batch is never acknowledged: the connection is
 * dropped, and the broker resends the message when the session resumes. The handler is installed before
 * the connection opens, so messages the broker kept for a resumed session cannot slip past it.
 */
export const startBrokerSubscriber = async (options: BrokerSubscriberOptions): Promise<MqttIngest> => {
  const { ingest, farms, log, topicRoot } = options;
  const filter = sharedReadingsSubscription(options.shareGroup, topicRoot);
  let lastMessageAt = 0;

  const handle = async (packet: IPublishPacket): Promise<void> => {
    lastMessageAt = Date.now();
    const farm = farmOfReadingsTopic(topicRoot, packet.topic);
    const farmId = farm && (await farms.farmIdOf(farm));
    if (farmId === undefined) {
      ingest.countUnknownFarm({ topic: packet.topic });
      return;
    }
    const parsed = parsePayload(packet.payload);
    if (!parsed.ok) {
      ingest.countUnreadable(parsed.reason, { topic: packet.topic });
      return;
    }
    await ingest.ingest(farmId, parsed.items);
  };

  /** Members whose subscription the broker granted on their current connection. */
  const subscribed = new Set<MqttClient>();
  const subscribe = async (client: MqttClient): Promise<void> => {
    const grants = await client.subscribeAsync(filter, { qos: 1 });
    const refused = grants.find((grant) => grant.qos >= 0x80);
    if (refused) throw new Error(`the broker refused ${filter} (reason code ${refused.qos})`);
    subscribed.add(client);
  };

  const connectMember = async (index: number): Promise<MqttClient> => {
    const client = mqtt.connect(options.url, {
      manualConnect: true,
      protocolVersion: 5,
      clientId: `${options.shareGroup}-${options.instanceName}-${index}`,
      clean: false,
      properties: {
        sessionExpiryInterval: SESSION_EXPIRY_SECONDS,
        receiveMaximum: RECEIVE_MAXIMUM,
        // The broker drops a larger message instead of sending it (MQTT 5 §3.1.2.11.4): it is not read into memory.
        maximumPacketSize: MAX_READINGS_PACKET_BYTES,
      },
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
      // Ours on every connect (below); MQTT.js would skip a filter it believes is still subscribed.
      resubscribe: false,
    });
    client.handleMessage = (packet, callback) => {
      handle(packet).then(
        () => callback(),
        (error: unknown) => {
          log.error({ err: error, topic: packet.topic }, 'mqtt: batch not stored, not acknowledged');
          client.stream.destroy();
        },
      );
    };
    client.on('error', (error) => log.warn({ err: error, member: index }, 'mqtt: broker connection error'));
    client.on('close', () => subscribed.delete(client));
    // Subscribe on every connect, not only the first: after a restart Mosquitto resumes a member's session
    // ("session present") without its $share subscription, and MQTT.js resubscribes only to a new session.
    let firstSubscription: Promise<void> | undefined;
    client.on('connect', () => {
      const subscription = subscribe(client);
      if (firstSubscription) {
        subscription.then(
          () => log.info({ member: index }, 'mqtt: reconnected and subscribed again'),
          (error: unknown) =>
            log.error({ err: error, member: index }, 'mqtt: not subscribed again after a reconnect'),
        );
      } else {
        firstSubscription = subscription;
      }
    });
    const connected = new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    client.connect();
    try {
      await connected;
      await firstSubscription;
    } catch (error) {
      await client.endAsync(true);
      throw error;
    }
    return client;
  };

  const members: MqttClient[] = [];
  try {
    for (let index = 0; index < options.connections; index += 1) members.push(await connectMember(index));
  } catch (error) {
    await Promise.all(members.map((member) => member.endAsync(true)));
    throw error;
  }
  log.info({ filter, members: members.length }, 'mqtt: subscribed to the external broker');

  return {
    mode: 'external',
    port: undefined,
    connectionCount: () => members.filter((member) => member.connected && subscribed.has(member)).length,
    // The broker in front takes the gateways' connections; limiting them is its business.
    refusedConnections: () => 0,
    async close() {
      // Leave the group first, so the broker routes new messages to other instances, then finish what
      // was already routed here, then end the sessions (expiry 0): nothing stays queued for a member
      // that is not coming back.
      await Promise.all(members.map((member) => member.unsubscribeAsync(filter).catch(() => undefined)));
      const giveUpAt = Date.now() + MAX_SHUTDOWN_WAIT_MS;
      const busy = () => Date.now() - lastMessageAt < QUIET_BEFORE_LEAVING_MS || ingest.queue.active > 0;
      while (busy() && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 50));
      const sessionExpiryInterval = busy() ? SESSION_EXPIRY_SECONDS : 0;
      await Promise.all(
        members.map((member) => member.endAsync(false, { properties: { sessionExpiryInterval } })),
      );
    },
  };
};
