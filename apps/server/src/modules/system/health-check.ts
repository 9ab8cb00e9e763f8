import type { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { RouteData } from '@cowcare/contract/route';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';

type HealthReport = RouteData<typeof api.system.health>;

/** A load balancer's probe must not hang on a pool that waits for a connection forever. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

const within = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/**
 * What `GET /api/health` answers: the database is required (503 without it); the MQTT ingest and the bus
 * make the instance 'degraded' when down, as it still serves the app.
 */
export const checkHealth = async (
  services: Pick<Services, 'db' | 'mqtt' | 'bus' | 'startedAt' | 'log'>,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): Promise<HealthReport> => {
  const { db, mqtt, bus, log } = services;
  const [version, busUp] = await Promise.all([
    within(db.serverVersion(), timeoutMs).catch((error: unknown) => {
      log.warn({ err: error }, 'health: the database does not answer');
      return undefined;
    }),
    within(bus.ping(), timeoutMs).then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error }, 'health: the event bus does not answer');
        return false;
      },
    ),
  ]);
  if (version === undefined) {
    throw new AppError(503, ERROR_CODES.unavailable, 'The database does not answer');
  }
  const connections = mqtt?.connectionCount() ?? 0;
  // The embedded broker is up while it runs, gateways or not; an external one needs a live connection.
  const mqttUp = mqtt !== undefined && (mqtt.mode === 'embedded' || connections > 0);
  return {
    status: mqttUp && busUp ? 'ok' : 'degraded',
    database: { kind: db.kind, version },
    mqtt: { mode: mqtt?.mode ?? 'off', connections, up: mqttUp },
    bus: { kind: bus.kind, up: busUp },
    uptimeSeconds: Math.round((Date.now() - services.startedAt) / 1000),
  };
};
