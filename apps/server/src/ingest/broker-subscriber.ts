import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayTraffic } from '../modules/gateways/gateway-traffic';
import type { GatewayIdentity } from '../modules/gateways/gateways-repository';
import { firstStoredSensor } from '../modules/gateways/gateway-traffic';
import type { FarmDirectory } from './farm-directory';
import type { IngestService } from './ingest-service';
import type { MqttIngest } from './mqtt-ingest';
import { MAX_READINGS_PACKET_BYTES } from './mqtt-packet-limit';
import { parsePayload } from './parse-payload';
import { watchLostMembers } from './lost-members';
import { farmOfReadingsTopic, lostMembersTopic, sharedReadingsSubscription } from './topics';

export interface BrokerSubscriberOptions {
  url: string;
  topicRoot: string;
  shareGroup: string;
  /** Stable across restarts, so a restarted instance resumes its session and what the broker kept for it. */
  instanceName: string;
  /** Members of the shared group this instance runs; each handles one message at a time. */
  connections: number;
  /**
   * How long a member's connection may be lost before the broker announces it (MQTT 5 will delay) and
   * another instance takes over its session, with the messages the broker queued in it.
   */
  takeoverDelaySeconds: number;
  ingest: IngestService;
  farms: FarmDirectory;
  /** Counts a farm's traffic for its gateway when it has only one (`soleGatewayOf`). */
  traffic: GatewayTraffic;
  soleGatewayOf: (farmId: number) => Promise<GatewayIdentity | undefined>;
  log: FastifyBaseLogger;
}

/** A crashed instance's session (and the messages queued in it) is kept this long for its return. */
const SESSION_EXPIRY_SECONDS = 24 * 3600;
/** Unacknowledged messages the broker may send one member at a time (MQTT 5 Receive Maximum). */
const RECEIVE_MAXIMUM = 8;
/**
 * How soon a member tries again after its connection to the broker dropped. After a broker restart, Mosquitto
 * 2.0 resumes the members' sessions without their $share subscription, and until a member has subscribed
 * again it acknowledges the gateways' messages and hands them to no one. With 1 s, a gateway that also
 * retried every second lost 60-67 of the 150 rounds the broker acknowledged in crash-safety.test.ts; with
 * 100 ms none: the members are back before a gateway's usual first retry (MQTT.js and most clients wait 1 s),
 * and a refused attempt costs the broker next to nothing.
 */
const RECONNECT_EVERY_MS = 100;
/** On shutdown, the members keep taking messages already routed to them until none came for this long. */
const QUIET_BEFORE_LEAVING_MS = 300;
/** …but no longer than this; what is left stays in the sessions for the next start. */
const MAX_SHUTDOWN_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
 *
 * A member lost without a word (its instance killed, its host gone) keeps its place in the group, and the
 * broker queues its share of the messages in its session. So each member leaves a will, which the broker
 * publishes once the connection has been gone for `takeoverDelaySeconds`; every instance listens for them
 * and takes such a session over (`lost-members.ts`): it reads what was queued, leaves the group in that
 * member's name and ends the session, and the broker routes the share to the members still there.
 */
export const startBrokerSubscriber = async (options: BrokerSubscriberOptions): Promise<MqttIngest> => {
  const { ingest, farms, log, topicRoot, traffic, soleGatewayOf } = options;
  const filter = sharedReadingsSubscription(options.shareGroup, topicRoot);
  /** Members whose subscription the broker granted on their current connection. */
  const subscribed = new Set<MqttClient>();
  /** When each member connection last received a message, and whether it is storing one now. */
  const lastMessageAt = new Map<MqttClient, number>();
  const storing = new Set<MqttClient>();

  const handle = async (packet: IPublishPacket): Promise<void> => {
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
    const result = await ingest.ingest(farmId, parsed.items);
    const gateway = await soleGatewayOf(farmId);
    if (gateway) {
      traffic.record(gateway, {
        stored: result.stored,
        firstStoredSensor: firstStoredSensor(parsed.items, result.outcomes),
        refusals: result.rejected.map((item) => item.reason),
      });
    }
  };

  /** Member `clientId`'s connection, not yet open, its messages stored and acknowledged after commit. */
  const memberClient = (clientId: string, { reconnect }: { reconnect: boolean }): MqttClient => {
    const client = mqtt.connect(options.url, {
      manualConnect: true,
      protocolVersion: 5,
      clientId,
      clean: false,
      properties: {
        sessionExpiryInterval: SESSION_EXPIRY_SECONDS,
        receiveMaximum: RECEIVE_MAXIMUM,
        // The broker drops a larger message instead of sending it (MQTT 5 §3.1.2.11.4): it is not read into memory.
        maximumPacketSize: MAX_READINGS_PACKET_BYTES,
      },
      // Published by the broker only if this connection ends without a DISCONNECT and stays gone for the delay.
      will: {
        topic: lostMembersTopic(topicRoot),
        payload: Buffer.from(clientId),
        qos: 1,
        retain: false,
        properties: { willDelayInterval: options.takeoverDelaySeconds },
      },
      reconnectPeriod: reconnect ? RECONNECT_EVERY_MS : 0,
      connectTimeout: 10_000,
      // Ours on every connect (below); MQTT.js would skip a filter it believes is still subscribed.
      resubscribe: false,
    });
    client.handleMessage = (packet, callback) => {
      lastMessageAt.set(client, Date.now());
      storing.add(client);
      handle(packet).then(
        () => {
          storing.delete(client);
          callback();
        },
        (error: unknown) => {
          storing.delete(client);
          log.error({ err: error, topic: packet.topic }, 'mqtt: batch not stored, not acknowledged');
          client.stream.destroy();
        },
      );
    };
    client.on('close', () => subscribed.delete(client));
    return client;
  };

  /**
   * Leaves the group in these members' names, so the broker routes new messages to the others; takes the
   * messages already routed to them until none came for a while (or `maxWaitMs`); then ends their sessions
   * (expiry 0), so nothing stays queued for a member that is not coming back. What is still arriving at
   * `maxWaitMs` stays in the sessions. Answers whether every session was ended (none was cut off meanwhile).
   */
  const leaveGroup = async (clients: readonly MqttClient[], maxWaitMs: number): Promise<boolean> => {
    // A member that is not connected now would keep its unsubscription queued until it is: it leaves as it is.
    const connected = clients.filter((client) => client.connected);
    await Promise.all(connected.map((client) => client.unsubscribeAsync(filter).catch(() => undefined)));
    const giveUpAt = Date.now() + maxWaitMs;
    const busy = () =>
      clients.some(
        (client) =>
          client.connected &&
          (storing.has(client) || Date.now() - (lastMessageAt.get(client) ?? 0) < QUIET_BEFORE_LEAVING_MS),
      );
    while (busy() && Date.now() < giveUpAt) await sleep(50);
    const sessionExpiryInterval = busy() ? SESSION_EXPIRY_SECONDS : 0;
    const ended = sessionExpiryInterval === 0 && clients.every((client) => client.connected);
    await Promise.all(
      clients.map((client) =>
        client.connected
          ? client.endAsync(false, { properties: { sessionExpiryInterval } })
          : client.endAsync(true),
      ),
    );
    for (const client of clients) lastMessageAt.delete(client);
    return ended;
  };

  const subscribe = async (client: MqttClient): Promise<void> => {
    const grants = await client.subscribeAsync(filter, { qos: 1 });
    const refused = grants.find((grant) => grant.qos >= 0x80);
    if (refused) throw new Error(`the broker refused ${filter} (reason code ${refused.qos})`);
    subscribed.add(client);
  };

  const connectMember = async (index: number): Promise<MqttClient> => {
    const client = memberClient(`${options.shareGroup}-${options.instanceName}-${index}`, {
      reconnect: true,
    });
    // Once per outage: retrying every RECONNECT_EVERY_MS would otherwise log ten errors a second until it is back.
    let outageLogged = false;
    client.on('error', (error) => {
      if (outageLogged) return;
      outageLogged = true;
      log.warn({ err: error, member: index }, 'mqtt: broker connection error');
    });
    // Subscribe on every connect, not only the first: after a restart Mosquitto resumes a member's session
    // ("session present") without its $share subscription, and MQTT.js resubscribes only to a new session.
    let firstSubscription: Promise<void> | undefined;
    client.on('connect', () => {
      outageLogged = false;
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
      throw new Error(
        `member ${index} could not join ${filter}: ${String(error)}. If the broker refused it, the server's ` +
          `account needs to read it and to read and write ${lostMembersTopic(topicRoot)}, its members' wills ` +
          '(docs/operations.md)',
        { cause: error },
      );
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
  const lostMembers = await watchLostMembers({
    url: options.url,
    topic: lostMembersTopic(topicRoot),
    clientId: `${options.shareGroup}-${options.instanceName}-watch`,
    takeOver: (clientId) => {
      if (!clientId.startsWith(`${options.shareGroup}-`)) return undefined;
      if (clientId.startsWith(`${options.shareGroup}-${options.instanceName}-`)) return undefined;
      return memberClient(clientId, { reconnect: false });
    },
    leaveGroup: (client) => leaveGroup([client], Infinity),
    log,
  }).catch(async (error: unknown) => {
    await Promise.all(members.map((member) => member.endAsync(true)));
    throw error;
  });

  return {
    mode: 'external',
    port: undefined,
    connectionCount: () => members.filter((member) => member.connected && subscribed.has(member)).length,
    // The broker in front takes the gateways' connections; limiting them is its business.
    refusedConnections: () => 0,
    sessionsTakenOver: () => lostMembers.taken,
    connectedGateways: () => new Set<number>(),
    closeGateway: () => 0,
    async close() {
      await lostMembers.close();
      await leaveGroup(members, MAX_SHUTDOWN_WAIT_MS);
    },
  };
};
