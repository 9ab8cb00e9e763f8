import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { apiPath } from '@cowcare/contract/route';
import {
  GATEWAY_ONLINE_MINUTES,
  type Gateway,
  type GatewayConnection,
} from '@cowcare/contract/routes/gateways';
import { readingsTopic } from '@cowcare/contract/routes/ingest';
import type { Queryable } from '../../db/database';
import { AppError, conflict, notFound } from '../../http/app-error';
import { MQTT_WEBSOCKET_PATH } from '../../ingest/mqtt-websocket';
import { bind } from '../../http/route-context';
import type { AuthUser } from '../../http/route-context';
import type { Services } from '../../services';
import { hashPassword } from '../auth/passwords';
import { gatewayAccountOf, type GatewayAccount } from './broker-accounts';
import { insertGateway } from './gateways-repository';
import { claimSensors, listSensorInventory, releaseSensor } from './sensor-inventory';
import { isoUtc } from '../../db/sql-time';

interface GatewayRow {
  id: number;
  name: string;
  username: string;
  lastSeenAt: string | null;
  recent: boolean;
  lastAddress: string | null;
  storedToday: number;
  refusedToday: number;
  topRefusal: string | null;
  firstReadingAt: string | null;
  firstReadingSensor: number | null;
  createdAt: string;
}

const gatewayRows = async (db: Queryable, farmId: number, gatewayId?: number): Promise<GatewayRow[]> =>
  db.query<GatewayRow>(
    `SELECT g.id, g.name, g.username, ${isoUtc('g.last_seen_at')} AS "lastSeenAt",
            coalesce(g.last_seen_at > now() - make_interval(mins => $3), false) AS recent,
            g.last_address AS "lastAddress",
            coalesce(d.stored, 0) AS "storedToday", coalesce(d.refused, 0) AS "refusedToday",
            (SELECT reason FROM gateway_refusals r WHERE r.gateway_id = g.id AND r.day = $2
              ORDER BY r.count DESC, r.reason LIMIT 1) AS "topRefusal",
            ${isoUtc('g.first_reading_at')} AS "firstReadingAt", g.first_reading_sensor AS "firstReadingSensor",
            ${isoUtc('g.created_at')} AS "createdAt"
       FROM gateways g
       LEFT JOIN gateway_days d ON d.gateway_id = g.id AND d.day = $2
      WHERE g.farm_id = $1 AND ($4::int IS NULL OR g.id = $4)
      ORDER BY g.id`,
    [farmId, new Date().toISOString().slice(0, 10), GATEWAY_ONLINE_MINUTES, gatewayId ?? null],
  );

const present = (row: GatewayRow, connected: ReadonlySet<number>): Gateway => ({
  id: row.id,
  name: row.name,
  username: row.username,
  online: connected.has(row.id) || row.recent,
  lastSeenAt: row.lastSeenAt,
  lastAddress: row.lastAddress,
  storedToday: Number(row.storedToday),
  refusedToday: Number(row.refusedToday),
  topRefusal: row.topRefusal,
  firstReading:
    row.firstReadingAt && row.firstReadingSensor !== null
      ? { sensor: row.firstReadingSensor, at: row.firstReadingAt }
      : null,
  createdAt: row.createdAt,
});

/** A long random secret: 32 bytes, 43 characters of base64url. */
const newSecret = (): string => randomBytes(32).toString('base64url');

/** `gw-<farm number>-<8 hex>`: readable in a broker's log, unguessable enough not to collide. */
const newUsername = (farmNumber: string): string =>
  `gw-${farmNumber.toLowerCase()}-${randomBytes(4).toString('hex')}`;

const DEFAULT_PORTS: Record<string, number> = { 'mqtt:': 1883, 'mqtts:': 8883, 'ws:': 80, 'wss:': 443 };

/** A host as it goes into a URL: an IPv6 address in brackets. */
const hostInUrl = (host: string): string =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;

/** A configured broker address with its port written out: a gateway's settings ask for the number. */
const explicitPort = (configured: string): { url: string; host: string; port: number } => {
  const url = new URL(configured);
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 1883);
  return { url: `${url.protocol}//${url.hostname}:${port}`, host: url.hostname, port };
};

/**
 * How a gateway reaches the broker from outside. Plain MQTT: PUBLIC_MQTT_URL, else MQTT_URL (an external
 * broker), else the host the browser reached this server at with the embedded broker's port. MQTTS:
 * PUBLIC_MQTTS_URL, else the embedded broker's TLS port on that same host when it listens with TLS. MQTT over
 * WebSocket: PUBLIC_MQTT_WS_URL, else `/mqtt` on the very address (and scheme) the browser used, since it is
 * served on the server's own HTTP port, by the embedded broker only. An external broker shows only what is
 * configured: its TLS and WebSocket listeners are its own.
 */
const connectionOf = (services: Services, user: AuthUser, request: FastifyRequest): GatewayConnection => {
  const { config } = services;
  const topic = readingsTopic(config.mqttTopicRoot, user.country, user.farmNumber);
  const httpPath = apiPath(api.ingest.postReadings);
  const embedded = services.mqtt?.mode === 'embedded';
  const configured = config.publicMqttUrl ?? config.mqttUrl;
  const requestHost = request.hostname || 'localhost';
  const plain = configured
    ? explicitPort(configured)
    : (() => {
        const port = services.mqtt?.port ?? config.mqttPort;
        return { url: `mqtt://${hostInUrl(requestHost)}:${port}`, host: requestHost, port };
      })();
  const tlsPort = embedded ? services.mqtt?.tlsPort : undefined;
  const mqttsUrl = config.publicMqttsUrl
    ? explicitPort(config.publicMqttsUrl).url
    : tlsPort === undefined
      ? undefined
      : `mqtts://${hostInUrl(plain.host)}:${tlsPort}`;
  const websocketUrl =
    config.publicMqttWsUrl ??
    (embedded && services.mqtt?.handleWebSocket
      ? `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}${MQTT_WEBSOCKET_PATH}`
      : undefined);
  return {
    mqttUrl: plain.url,
    mqttHost: plain.host,
    mqttPort: plain.port,
    ...(mqttsUrl === undefined ? {} : { mqttsUrl }),
    ...(websocketUrl === undefined ? {} : { websocketUrl }),
    topic,
    httpPath,
  };
};

const requireGateway = async (db: Queryable, farmId: number, id: number): Promise<void> => {
  const [row] = await db.query('SELECT 1 FROM gateways WHERE farm_id = $1 AND id = $2', [farmId, id]);
  if (!row) throw notFound('No such gateway in this farm');
};

/**
 * The broker's side of a gateway change, inside the database transaction that makes it: when the broker does
 * not confirm, the transaction rolls back and the farm's gateway stays as it was on both sides.
 */
const onBroker = async (
  services: Services,
  change: (broker: NonNullable<Services['brokerAccounts']>) => Promise<void>,
) => {
  const broker = services.brokerAccounts;
  if (!broker) return;
  try {
    await change(broker);
  } catch (error) {
    services.log.warn({ err: error }, 'gateways: the broker did not take a gateway change');
    throw new AppError(
      503,
      ERROR_CODES.unavailable,
      'The MQTT broker did not confirm the change, so nothing was changed. Try again in a minute.',
    );
  }
};

const accountFor = async (tx: Queryable, farmId: number, gatewayId: number): Promise<GatewayAccount> => {
  const account = await gatewayAccountOf(tx, farmId, gatewayId);
  if (!account) throw notFound('No such gateway in this farm');
  return account;
};

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

/** The farm's gateways and sensor inventory (issue 34). owner-only (roles): every route here. */
export const gatewayRoutes = (services: Services) => {
  const listOne = async (farmId: number, id: number): Promise<Gateway> => {
    const [row] = await gatewayRows(services.db, farmId, id);
    if (!row) throw notFound('No such gateway in this farm');
    return present(row, services.mqtt?.connectedGateways() ?? new Set());
  };

  return [
    // owner-only (roles)
    bind(api.gateways.listGateways, async ({ user, request }) => {
      // What this instance counted is written first, so the list shows it.
      await services.gatewayTraffic.flush();
      const connected = services.mqtt?.connectedGateways() ?? new Set<number>();
      const rows = await gatewayRows(services.db, user.farmId);
      return {
        gateways: rows.map((row) => present(row, connected)),
        connection: connectionOf(services, user, request),
      };
    }),

    // owner-only (roles)
    bind(api.gateways.addGateway, async ({ user, body }) => {
      const name = body.name.trim();
      const secret = newSecret();
      const secretHash = await hashPassword(secret);
      const taken = await services.db.query(
        'SELECT 1 FROM gateways WHERE farm_id = $1 AND lower(name) = lower($2)',
        [user.farmId, name],
      );
      if (taken.length > 0) {
        throw conflict(ERROR_CODES.gatewayNameTaken, `The farm already has a gateway named "${name}"`);
      }
      const id = await services.db
        .transaction(async (tx) => {
          const gatewayId = await insertGateway(tx, {
            farmId: user.farmId,
            username: newUsername(user.farmNumber),
            secretHash,
            name,
          });
          const account = await accountFor(tx, user.farmId, gatewayId);
          await onBroker(services, (broker) => broker.putGateway(account, secret));
          return gatewayId;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw conflict(ERROR_CODES.gatewayNameTaken, `The farm already has a gateway named "${name}"`);
          }
          throw error;
        });
      return { gateway: await listOne(user.farmId, id), secret };
    }),

    // owner-only (roles)
    bind(api.gateways.rotateGatewaySecret, async ({ user, params }) => {
      await requireGateway(services.db, user.farmId, params.id);
      const secret = newSecret();
      const secretHash = await hashPassword(secret);
      await services.db.transaction(async (tx) => {
        await tx.query('UPDATE gateways SET secret_hash = $3 WHERE farm_id = $1 AND id = $2', [
          user.farmId,
          params.id,
          secretHash,
        ]);
        const account = await accountFor(tx, user.farmId, params.id);
        await onBroker(services, (broker) => broker.putGateway(account, secret));
      });
      // Committed first: a gateway reconnecting at once must already meet the new secret.
      services.mqtt?.closeGateway(params.id);
      services.log.info({ gatewayId: params.id, farmId: user.farmId }, 'gateways: secret rotated');
      return { gateway: await listOne(user.farmId, params.id), secret };
    }),

    // owner-only (roles)
    bind(api.gateways.deleteGateway, async ({ user, params }) => {
      await services.db.transaction(async (tx) => {
        const account = await accountFor(tx, user.farmId, params.id);
        await tx.query('DELETE FROM gateways WHERE farm_id = $1 AND id = $2', [user.farmId, params.id]);
        await onBroker(services, (broker) => broker.removeGateway(account.username));
      });
      services.mqtt?.closeGateway(params.id);
      services.log.info({ gatewayId: params.id, farmId: user.farmId }, 'gateways: gateway deleted');
      return { id: params.id };
    }),

    // owner-only (roles)
    bind(api.sensors.listSensors, async ({ user }) => listSensorInventory(services.db, user.farmId)),

    // owner-only (roles)
    bind(api.sensors.registerSensors, async ({ user, body }) =>
      services.db.transaction((tx) => claimSensors(tx, user.farmId, body.sensors)),
    ),

    // owner-only (roles)
    bind(api.sensors.removeSensor, async ({ user, params }) => {
      await services.db.transaction((tx) => releaseSensor(tx, user.farmId, params.sensor));
      return { sensor: params.sensor };
    }),
  ];
};
