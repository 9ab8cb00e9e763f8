import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { GatewayAuthenticator } from '../modules/gateways/gateway-authenticator';
import type { GatewayTraffic } from '../modules/gateways/gateway-traffic';
import type { GatewayIdentity } from '../modules/gateways/gateways-repository';
import { startBrokerSubscriber } from './broker-subscriber';
import { startEmbeddedBroker } from './embedded-broker';
import type { FarmDirectory } from './farm-directory';
import type { IngestService } from './ingest-service';

/** The MQTT side of the ingest, whichever way it runs. */
export interface MqttIngest {
  readonly mode: 'embedded' | 'external';
  /** The embedded broker's port (useful when MQTT_PORT is 0); undefined with an external broker. */
  readonly port: number | undefined;
  /** The embedded broker's MQTTS port when MQTT_TLS_CERT and MQTT_TLS_KEY are set. */
  readonly tlsPort?: number | undefined;
  /**
   * Open MQTT connections: embedded, the gateways connected to it; external, this instance's member
   * connections to the broker that are up and subscribed (fewer than INGEST_CONCURRENCY while one
   * reconnects, or when the broker refused a subscription: then no readings come through it).
   */
  connectionCount(): number;
  /** Embedded: connections closed at once because their address had its limit open; external: 0. */
  refusedConnections(): number;
  /** External: sessions of lost members (of other instances) this instance took over and ended; embedded: 0. */
  sessionsTakenOver(): number;
  /** Embedded: the gateways with an MQTT connection open here; external: none known (the broker holds them). */
  connectedGateways(): ReadonlySet<number>;
  /**
   * Embedded: closes the gateway's open connections (its secret was rotated or it was deleted) and answers
   * how many; a batch in progress is written but not acknowledged, so the gateway sends it again. External:
   * 0, the broker's own credentials decide (docs/operations.md).
   */
  closeGateway(gatewayId: number): number;
  /**
   * Embedded: takes a gateway's MQTT-over-WebSocket connection (`/mqtt` on the HTTP port) from `address`.
   * Undefined with an external broker (its own WebSocket listener serves gateways).
   */
  handleWebSocket?: (stream: Duplex, address: string) => void;
  close(): Promise<void>;
}

export interface MqttIngestDependencies {
  config: Pick<
    Config,
    | 'mqttUrl'
    | 'mqttPort'
    | 'mqttPortMayMove'
    | 'mqttMaxConnectionsPerAddress'
    | 'mqttTlsCert'
    | 'mqttTlsKey'
    | 'mqttTlsPort'
    | 'host'
    | 'mqttTopicRoot'
    | 'mqttShareGroup'
    | 'instanceName'
    | 'mqttTakeoverDelaySeconds'
  >;
  ingest: IngestService;
  gateways: GatewayAuthenticator;
  traffic: GatewayTraffic;
  /** External broker: the farm's gateway when it has only one, to count its traffic. */
  soleGatewayOf: (farmId: number) => Promise<GatewayIdentity | undefined>;
  farms: FarmDirectory;
  log: FastifyBaseLogger;
}

/** Without MQTT_URL: the embedded broker. With it: subscribe to that broker as N shared-group members. */
export const startMqttIngest = (deps: MqttIngestDependencies): Promise<MqttIngest> => {
  const { config } = deps;
  if (!config.mqttUrl) {
    return startEmbeddedBroker({
      port: config.mqttPort,
      portMayMove: config.mqttPortMayMove,
      host: config.host,
      topicRoot: config.mqttTopicRoot,
      maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress,
      tls:
        config.mqttTlsCert && config.mqttTlsKey
          ? { certFile: config.mqttTlsCert, keyFile: config.mqttTlsKey, port: config.mqttTlsPort ?? 8883 }
          : undefined,
      ingest: deps.ingest,
      gateways: deps.gateways,
      traffic: deps.traffic,
      log: deps.log,
    });
  }
  return startBrokerSubscriber({
    url: config.mqttUrl,
    topicRoot: config.mqttTopicRoot,
    shareGroup: config.mqttShareGroup,
    instanceName: config.instanceName,
    connections: deps.ingest.concurrency,
    takeoverDelaySeconds: config.mqttTakeoverDelaySeconds,
    ingest: deps.ingest,
    farms: deps.farms,
    traffic: deps.traffic,
    soleGatewayOf: deps.soleGatewayOf,
    log: deps.log,
  });
};
