import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { AttemptThrottle } from './modules/auth/attempt-throttle';
import { LoginThrottle } from './modules/auth/login-throttle';
import { TokenService } from './modules/auth/tokens';
import { FarmDirectory } from './ingest/farm-directory';
import { IngestService } from './ingest/ingest-service';
import type { MqttIngest } from './ingest/mqtt-ingest';
import { claimJobRun, JobRunner } from './jobs/job-runner';
import { CameraService } from './modules/cameras/camera-service';
import { CowListCache } from './modules/cows/cow-list-cache';
import { AppVersionSetting } from './modules/support/app-version';
import { createPayments, type Payments } from './modules/payments/payments';
import type { BrokerAccounts } from './modules/gateways/broker-accounts';
import { GatewayAuthenticator } from './modules/gateways/gateway-authenticator';
import { GatewayTraffic } from './modules/gateways/gateway-traffic';
import { PushDispatcher } from './modules/push/push-dispatcher';
import { createEventBus, type EventBus } from './realtime/bus';
import { SocketHub } from './realtime/socket-hub';

/** What handlers share. Built once per app instance, so tests get a fresh set each. */
export interface Services {
  config: Config;
  db: Database;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
  /** Boss-password guesses per user: 5 failures in 15 minutes. */
  bossPasswordThrottle: AttemptThrottle;
  /** Unknown invitation codes tried from one address (login/login/joinfarm). */
  invitationThrottle: AttemptThrottle;
  sockets: SocketHub;
  /** Farm events between instances; the socket hub follows it. */
  bus: EventBus;
  /** The reading pipeline behind MQTT and HTTP ingest, with its bounded queue. */
  ingest: IngestService;
  gateways: GatewayAuthenticator;
  /** Each gateway's stored and refused readings by day, and its first reading. */
  gatewayTraffic: GatewayTraffic;
  farms: FarmDirectory;
  /** The minimum app version clients must run: configured, then set by support in the console. */
  appVersion: AppVersionSetting;
  jobs: JobRunner;
  /** The payment provider, and the built-in sandbox's webhooks. */
  payments: Payments;
  /** Cameras: credentials sealing, stream tickets and the embedded HLS pipeline (ffmpeg). */
  cameras: CameraService;
  /** Each farm's cow list (getCowsData), kept ready and caught up with the database on every call. */
  cowLists: CowListCache;
  /** Web Push: new notices to the devices of the users who chose them, and escalations (from onReady). */
  push: PushDispatcher;
  /** Set while the app runs (from onReady to onClose). */
  mqtt: MqttIngest | undefined;
  /** With MQTT_DYNSEC_URL, while the app runs: the gateways' accounts on the external broker. */
  brokerAccounts: BrokerAccounts | undefined;
  log: FastifyBaseLogger;
  startedAt: number;
}

export const createServices = (config: Config, db: Database, log: FastifyBaseLogger): Services => {
  const bus = createEventBus({
    busUrl: config.busUrl,
    busChannel: config.busChannel,
    onError: (error) => log.warn({ err: error }, 'bus: event dropped or connection lost'),
    onReconnect: (what) => log.info({ connection: what }, 'bus: connection back'),
  });
  return {
    config,
    db,
    tokens: new TokenService(config.tokenSecret),
    loginThrottle: new LoginThrottle(db, 'login'),
    bossPasswordThrottle: new AttemptThrottle(db, 'boss-password', 5, 15 * 60_000),
    // Per address: a typo or two is fine; guessing a farm's invitation code is not.
    invitationThrottle: new AttemptThrottle(db, 'invitation-code', 10, 15 * 60_000),
    sockets: new SocketHub(),
    bus,
    ingest: new IngestService(db, bus, log, {
      concurrency: config.ingestConcurrency,
      queueLimit: config.ingestQueueLimit,
    }),
    gateways: new GatewayAuthenticator(db),
    gatewayTraffic: new GatewayTraffic(db, bus, log),
    farms: new FarmDirectory(db),
    appVersion: new AppVersionSetting(db, config),
    jobs: new JobRunner(log, (job) => claimJobRun(db, job)),
    payments: createPayments(config, db, log),
    cameras: new CameraService(config, db, log),
    cowLists: new CowListCache(db),
    push: new PushDispatcher(db, bus, config.push, log),
    mqtt: undefined,
    brokerAccounts: undefined,
    log,
    startedAt: Date.now(),
  };
};
