import { readFileSync } from 'node:fs';
import { Socket, createServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayAuthenticator } from '../modules/gateways/gateway-authenticator';
import { firstStoredSensor, type GatewayTraffic } from '../modules/gateways/gateway-traffic';
import { ConnectionsPerAddress } from './connections-per-address';
import type { GatewayIdentity } from '../modules/gateways/gateways-repository';
import type { IngestService } from './ingest-service';
import type { MqttIngest } from './mqtt-ingest';
import { MAX_CONNECT_PACKET_BYTES, MAX_READINGS_PACKET_BYTES, limitPacketSize } from './mqtt-packet-limit';
import { parsePayload } from './parse-payload';
import { isOwnFarmFilter, readingsTopic } from './topics';

export interface EmbeddedBrokerOptions {
  port: number;
  /** On a taken port, listen on a free one instead of failing (the port was not chosen by the operator). */
  portMayMove?: boolean;
  host: string;
  topicRoot: string;
  /** MQTTS: PEM files of the certificate (with its chain) and key, and the port to listen on with them. */
  tls?: { certFile: string; keyFile: string; port: number } | undefined;
  /** Open connections one remote address may hold (`MQTT_MAX_CONNECTIONS_PER_ADDRESS`). */
  maxConnectionsPerAddress: number;
  ingest: IngestService;
  gateways: GatewayAuthenticator;
  /** Counts what each gateway sent (the farm's gateway list). */
  traffic: GatewayTraffic;
  log: FastifyBaseLogger;
}

/**
 * A gateway sends its CONNECT right after the TCP handshake; a connection that has not within 10 s is
 * closed (Aedes waits 30 s by default), so idle ones hold a descriptor for a third of the time.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** MQTT 3.1.1 CONNACK 4: bad user name or password. */
const BAD_CREDENTIALS = 4;

const refusal = (message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: BAD_CREDENTIALS });

/**
 * Client ids are namespaced by the gateway's username, so one farm's gateway cannot take over (and so
 * disconnect) another's session by choosing the same id. The length prefix keeps the mapping one-to-one.
 */
const namespacedClientId = (username: string | undefined, clientId: string): string =>
  `gw:${username?.length ?? 0}:${username ?? ''}:${clientId}`;

/**
 * The embedded broker (Aedes) of the one-machine install. Gateways log in with their username and secret;
 * each may publish only to its own farm's readings topic.
 *
 * Why an acknowledgement means "committed": for QoS 1 Aedes runs `authorizePublish` first and writes the
 * PUBACK only when its callback is called (lib/handlers/publish.js: authorizePublish, then enqueuePublish,
 * which writes the PUBACK). The batch is ingested inside that hook and the callback is called after the
 * transaction commits; a failed write calls it with an error, which closes the connection without a PUBACK
 * (MQTT-3.3.5-2), so the gateway sends the message again. While the hook waits, Aedes does not read further
 * packets from that connection, which is how a full ingest queue slows the sender down.
 */
export const startEmbeddedBroker = async (options: EmbeddedBrokerOptions): Promise<MqttIngest> => {
  const { ingest, gateways, traffic, log, topicRoot } = options;
  const identities = new WeakMap<Client, GatewayIdentity>();
  /** Where each MQTT-over-WebSocket stream comes from (a TCP connection says it itself). */
  const webSocketAddresses = new WeakMap<object, string>();
  /** The open connections of each gateway, so a rotated or deleted one can be closed. */
  const openByGateway = new Map<number, Set<Client>>();
  const track = (client: Client, gateway: GatewayIdentity) => {
    const open = openByGateway.get(gateway.gatewayId) ?? new Set<Client>();
    open.add(client);
    openByGateway.set(gateway.gatewayId, open);
    const untrack = () => {
      open.delete(client);
      if (open.size === 0 && openByGateway.get(gateway.gatewayId) === open) {
        openByGateway.delete(gateway.gatewayId);
      }
    };
    client.conn.once('close', untrack);
  };

  const broker = await Aedes.createBroker({
    maxClientsIdLength: 512,
    connectTimeout: CONNECT_TIMEOUT_MS,
    heartbeatInterval: 3_600_000,
    preConnect: (_client, packet, callback) => {
      packet.clientId = namespacedClientId(packet.username, packet.clientId);
      callback(null, true);
    },
    authenticate: (client, username, password, callback) => {
      if (!username || !password) {
        callback(refusal('gateway username and secret required'), false);
        return;
      }
      const address =
        client.conn instanceof Socket
          ? (client.conn.remoteAddress ?? '')
          : (webSocketAddresses.get(client.conn) ?? '');
      gateways.check(username, password.toString('utf8'), address).then(
        (check) => {
          if (!check.ok) {
            log.warn({ username, address, reason: check.reason }, 'mqtt: gateway login refused');
            callback(refusal('bad gateway credentials'), false);
            return;
          }
          identities.set(client, check.gateway);
          track(client, check.gateway);
          callback(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'mqtt: gateway login failed');
          callback(Object.assign(new Error('server unavailable'), { returnCode: 3 }), false);
        },
      );
    },
    authorizePublish: (client, packet, callback) => {
      const gateway = client ? identities.get(client) : undefined;
      const ownTopic = gateway && readingsTopic(topicRoot, gateway.country, gateway.farmNumber);
      if (!gateway || packet.topic !== ownTopic) {
        log.warn({ topic: packet.topic, gateway: gateway?.username }, 'mqtt: publish refused');
        callback(new Error('a gateway may publish only to its own farm readings topic'));
        return;
      }
      ingestPacket(ingest, traffic, gateway, packet).then(
        () => callback(null),
        (error: unknown) => {
          log.error({ err: error, gateway: gateway.username }, 'mqtt: batch not stored, not acknowledged');
          callback(error instanceof Error ? error : new Error('ingest failed'));
        },
      );
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const gateway = identities.get(client);
      const allowed = gateway !== undefined && isOwnFarmFilter(topicRoot, gateway, subscription.topic);
      // A refused filter gets return code 128 in the SUBACK; the connection stays up.
      callback(null, allowed ? subscription : null);
    },
  });

  const packetLimits = { firstPacketBytes: MAX_CONNECT_PACKET_BYTES, packetBytes: MAX_READINGS_PACKET_BYTES };
  const perAddress = new ConnectionsPerAddress(options.maxConnectionsPerAddress, (address) =>
    log.warn(
      { address, limit: options.maxConnectionsPerAddress },
      'mqtt: an address reached its limit of open connections; more from it are closed at once',
    ),
  );
  // The same path for plain and TLS connections (a TLS socket reads as its plain text).
  const accept = (socket: Socket) => {
    if (!perAddress.admit(socket)) return;
    const remoteAddress = socket.remoteAddress;
    limitPacketSize(socket, packetLimits, ({ declaredBytes, limitBytes }) =>
      ingest.countTooLarge({ remoteAddress, declaredBytes, limitBytes }),
    );
    broker.handle(socket);
  };
  const server: Server = createServer(accept);
  const tlsServer = options.tls
    ? createTlsServer(
        { cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) },
        accept,
      )
    : undefined;
  // A failed handshake (a plain client on the TLS port, a bad certificate) is that connection's problem.
  tlsServer?.on('tlsClientError', (error, socket) => {
    log.warn({ err: error, address: socket.remoteAddress }, 'mqtt: TLS handshake failed');
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(options.port);
  } catch (error) {
    if (!options.portMayMove || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    options.log.warn(
      { port: options.port },
      'mqtt: the default port is taken (another broker on this machine?); the embedded broker uses a free port instead — set MQTT_PORT to choose one',
    );
    await listen(0);
  }
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'mqtt: embedded broker listening');
  let tlsPort: number | undefined;
  if (tlsServer && options.tls) {
    const tlsListening = tlsServer;
    await new Promise<void>((resolve, reject) => {
      tlsListening.once('error', reject);
      tlsListening.listen(options.tls?.port, options.host, () => {
        tlsListening.off('error', reject);
        resolve();
      });
    });
    tlsPort = (tlsListening.address() as AddressInfo).port;
    log.info({ port: tlsPort }, 'mqtt: embedded broker listening with TLS (MQTTS)');
  }

  return {
    mode: 'embedded',
    port,
    tlsPort,
    connectionCount: () => broker.connectedClients,
    refusedConnections: () => perAddress.refused,
    sessionsTakenOver: () => 0,
    connectedGateways: () => new Set(openByGateway.keys()),
    handleWebSocket(stream, address) {
      // The HTTP server took the connection; WebSocket frames are bounded by its maxPayload.
      webSocketAddresses.set(stream, address);
      broker.handle(stream);
    },
    closeGateway(gatewayId) {
      const open = [...(openByGateway.get(gatewayId) ?? [])];
      // Forgotten first: the closing connection may not publish another batch under the old identity.
      for (const client of open) identities.delete(client);
      for (const client of open) client.close();
      if (open.length > 0) {
        log.info({ gatewayId, connections: open.length }, 'mqtt: gateway connections closed');
      }
      return open.length;
    },
    async close() {
      // Stop taking connections, then end the open ones; the server's callback waits for both.
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      const tlsClosed = new Promise<void>((resolve) =>
        tlsServer ? tlsServer.close(() => resolve()) : resolve(),
      );
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all([serverClosed, tlsClosed]);
    },
  };
};

/** Unreadable messages are acknowledged (sending them again cannot help) and counted. */
const ingestPacket = async (
  ingest: IngestService,
  traffic: GatewayTraffic,
  gateway: GatewayIdentity,
  packet: PublishPacket,
): Promise<void> => {
  const parsed = parsePayload(packet.payload);
  if (!parsed.ok) {
    ingest.countUnreadable(parsed.reason, { gateway: gateway.username, topic: packet.topic });
    traffic.record(gateway, { stored: 0, firstStoredSensor: undefined, refusals: [parsed.reason] });
    return;
  }
  const result = await ingest.ingest(gateway.farmId, parsed.items);
  traffic.record(gateway, {
    stored: result.stored,
    firstStoredSensor: firstStoredSensor(parsed.items, result.outcomes),
    refusals: result.rejected.map((item) => item.reason),
  });
};
