import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { readPushSettings, withVapidKeys, type PushConfig } from './modules/push/push-config';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  minAppVersionCode: number;
  /** The version the 409 answer tells an outdated client to install. */
  latestAppVersion: string;
  demo: boolean;
  mqttPort: number;
  /**
   * True when MQTT_PORT was left at its default: the embedded broker then moves to a free port if 1883 is
   * taken (a broker already on the machine), instead of failing `npm start`.
   */
  mqttPortMayMove?: boolean;
  /**
   * Embedded broker: MQTTS. With both set (PEM files), gateways may also connect with TLS on `mqttTlsPort`
   * (`MQTT_TLS_PORT`, default 8883); the plain port stays open.
   */
  mqttTlsCert?: string | undefined;
  mqttTlsKey?: string | undefined;
  mqttTlsPort?: number | undefined;
  /** Embedded broker: open connections one remote address may hold; more are closed at once. */
  mqttMaxConnectionsPerAddress: number;
  /** Unset: the embedded broker on `mqttPort`. Set: subscribe to this broker (MQTT 5 shared subscription). */
  mqttUrl: string | undefined;
  /**
   * The broker as a farm's gateways reach it from outside (`PUBLIC_MQTT_URL`, e.g. mqtt://farm.example:1883),
   * shown on the "Connect your gateway" screen. Unset: the host the browser reached the server at, with the
   * embedded broker's port (or MQTT_URL's host and port with an external broker).
   */
  publicMqttUrl?: string | undefined;
  /**
   * External broker: an admin account of Mosquitto's dynamic-security plugin (`MQTT_DYNSEC_URL`). Set, the server
   * keeps one broker account per gateway, confined to its farm's topic, in step with the gateway table.
   */
  mqttDynsecUrl?: string | undefined;
  /**
   * The MQTTS address gateways reach from outside (`PUBLIC_MQTTS_URL`, e.g. mqtts://farm.example:8883). Unset:
   * the embedded broker's TLS port on the public broker host, when it listens with TLS; nothing otherwise.
   */
  publicMqttsUrl?: string | undefined;
  /**
   * The MQTT-over-WebSocket address gateways reach from outside (`PUBLIC_MQTT_WS_URL`, e.g.
   * wss://farm.example/mqtt). Unset: `/mqtt` on the address the browser reached this server at, with the
   * embedded broker; nothing with an external broker.
   */
  publicMqttWsUrl?: string | undefined;
  /** First level of the readings topic `{root}/{country}/{FarmNumber}/readings`. */
  mqttTopicRoot: string;
  /** Shared-subscription group the instances split the readings in (`$share/{group}/…`). */
  mqttShareGroup: string;
  /**
   * External broker: how long a member connection of an instance may be lost before another instance takes
   * over its session and the readings queued in it.
   */
  mqttTakeoverDelaySeconds: number;
  /** Names this instance to an external broker; keep it stable across restarts (default: the host name). */
  instanceName: string;
  /** Unset: in-process. `redis://…` or `nats://…` (REDIS_URL and NATS_URL are accepted instead). */
  busUrl: string | undefined;
  /** Redis channel or NATS subject the instances of one install share. */
  busChannel: string;
  /** Reading batches written at the same time; unset: the database's default (`DEFAULT_INGEST_CONCURRENCY`). */
  ingestConcurrency: number | undefined;
  /** Batches that may wait for a writer; beyond it, senders are slowed down instead. */
  ingestQueueLimit: number;
  /**
   * Readings the detection stage keeps in memory, all cows together (about 24 bytes each). Size it for the
   * cows of the farms this instance detects for: a cow it cannot hold is read again in full, 11 days in one
   * query, at each of her batches.
   */
  detectionCacheReadings: number;
  /**
   * Several instances on PostgreSQL with a Redis or NATS bus: each farm is detected by one of them, the
   * others hand it their batches' cows. Off: every instance detects whatever it stores.
   */
  detectionHandoff: boolean;
  /** Periodic jobs (sensor offline, reminders, position retention); one instance runs each at a time. */
  jobs: boolean;
  simulator: boolean;
  tokenSecret: string;
  /** Signs the sandbox payment provider's webhooks (derived from the token secret). */
  sandboxWebhookSecret: string;
  /** How long the sandbox waits before its first webhook delivery (SANDBOX_WEBHOOK_DELAY_MS, 0). */
  sandboxWebhookDelayMs: number;
  /**
   * Encrypts the cameras' credentials at rest and signs their stream URLs (`CAMERA_SECRET`, else generated
   * once in `DATA_DIR/secrets/camera-secret`). Losing it loses the stored camera passwords, not the cameras.
   */
  cameraSecret: string;
  /** A stream nobody has fetched for this long is stopped (`CAMERA_IDLE_SECONDS`, default 60). */
  cameraIdleSeconds?: number | undefined;
  /** `FFMPEG_PATH`: an ffmpeg of the operator's; unset, the one the npm package @ffmpeg-installer ships. */
  ffmpegPath?: string | undefined;
  /**
   * `CAMERA_MEDIA_SERVER_URL`: a MediaMTX that pulls the cameras instead of this server's ffmpeg (the scale
   * path, docs/cameras.md); its HLS and API addresses. Unset: the embedded ffmpeg pipeline.
   */
  cameraMediaServer?: { hlsUrl: string; apiUrl: string } | undefined;
  /**
   * The map's tiles (docs/location.md): `MAP_TILE_URL` (an XYZ template), `MAP_TILE_ATTRIBUTION` and
   * `MAP_TILE_MAX_ZOOM`; by default OpenStreetMap's standard tiles, whose usage policy asks for the
   * attribution shown and modest use: a large install points this at its own or a paid tile server.
   */
  mapTiles?: MapTilesConfig | undefined;
  /**
   * `POSITION_RETENTION_DAYS` (default 30, at least 2): GPS fixes older than this are deleted by an hourly
   * job; the map's track shows the last 24 hours and the fence reads the last day.
   */
  positionRetentionDays?: number | undefined;
  /**
   * Unset: `/metrics` answers only on the loopback interface. Set: it answers anyone who sends it as a
   * bearer token, and no one else.
   */
  metricsToken: string | undefined;
  /**
   * `BROKER_HOOK_TOKEN`: the bearer token an external EMQX or VerneMQ sends to `/api/broker-hooks/*`. Unset:
   * the hooks answer only on the loopback interface.
   */
  brokerHookToken?: string | undefined;
  /**
   * Reverse proxies (addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`) whose
   * `X-Forwarded-For` names the client. Empty: the socket's address is the client's, and the header is
   * ignored (anyone could write it).
   */
  trustProxy: string[];
  logLevel: string;
  /** Folder of the built SPA; unset when the server serves the API only. */
  webDistDir: string | undefined;
  /** The payment provider (`PAYMENT_PROVIDER`); unset: the built-in sandbox. */
  payments?: PaymentsConfig;
  /** Web Push (docs/push.md): VAPID keys, the push services sent to, escalation. */
  push: PushConfig;
}

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      stripeSecretKey: string;
      stripeWebhookSecret: string;
      /** Unset: Stripe's API. Set (`STRIPE_API_URL`): another address, such as a local fake in tests. */
      stripeApiUrl: string | undefined;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The address ranges `proxy-addr` (Fastify's `trustProxy`) knows by name. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a range name. */
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/** PAYMENT_PROVIDER and the Stripe variables (docs/payments.md, "Stripe"). */
const readPayments = (env: Env, problems: string[]): PaymentsConfig => {
  const provider = env.PAYMENT_PROVIDER || 'sandbox';
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  const apiUrl = env.STRIPE_API_URL || undefined;
  if (provider === 'sandbox') {
    // Keys with the sandbox left on would let anyone top up with its test cards where real payments were meant.
    if (secretKey || webhookSecret) {
      problems.push(
        'STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is set but PAYMENT_PROVIDER is not stripe: set PAYMENT_PROVIDER=stripe, or remove the Stripe keys',
      );
    }
    return { provider };
  }
  if (provider !== 'stripe') {
    problems.push(`PAYMENT_PROVIDER must be sandbox or stripe (got "${provider}")`);
    return { provider: 'sandbox' };
  }
  if (!secretKey) {
    problems.push(
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, the secret key of the Stripe account (sk_live_… or sk_test_…)',
    );
  } else if (!/^(sk|rk)_(live|test)_\S+$/.test(secretKey)) {
    problems.push(
      'STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_…), not the publishable pk_… key',
    );
  }
  if (!webhookSecret) {
    problems.push(
      'PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET, the signing secret (whsec_…) of the webhook endpoint in the Stripe dashboard',
    );
  } else if (!/^whsec_\S+$/.test(webhookSecret)) {
    problems.push("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret, starting with whsec_");
  }
  if (apiUrl && !/^https?:\/\/[^/:]+(:\d{1,5})?\/?$/.test(apiUrl)) {
    problems.push(
      'STRIPE_API_URL must be an http:// or https:// address with no path, such as http://127.0.0.1:12111',
    );
  }
  return {
    provider,
    stripeSecretKey: secretKey ?? '',
    stripeWebhookSecret: webhookSecret ?? '',
    stripeApiUrl: apiUrl,
  };
};

/** Reads every variable, collects every problem, and throws them all at once. */
export const loadConfig = (env: Env, defaults: { webDistDir?: string } = {}): Config => {
  const problems: string[] = [];

  const integer = <Fallback extends number | undefined>(
    name: string,
    fallback: Fallback,
    min: number,
    max: number,
  ): number | Fallback => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
    if (['0', 'false', 'off', 'no'].includes(raw)) return false;
    problems.push(`${name} must be on or off (got "${env[name]}")`);
    return fallback;
  };

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const latestAppVersion = env.LATEST_APP_VERSION || '1.5.90';
  if (!/^\d+\.\d+\.\d+$/.test(latestAppVersion)) problems.push('LATEST_APP_VERSION must look like 1.5.90');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const mqttUrl = env.MQTT_URL || undefined;
  if (mqttUrl && !/^(mqtts?|wss?):\/\//.test(mqttUrl)) {
    problems.push('MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL');
  }
  const mqttTlsCert = env.MQTT_TLS_CERT || undefined;
  const mqttTlsKey = env.MQTT_TLS_KEY || undefined;
  if ((mqttTlsCert === undefined) !== (mqttTlsKey === undefined)) {
    problems.push('MQTT_TLS_CERT and MQTT_TLS_KEY go together: set both (PEM files) or neither');
  }
  const publicMqttUrl = env.PUBLIC_MQTT_URL || undefined;
  if (publicMqttUrl && !/^(mqtts?|wss?):\/\/[^/:]+/.test(publicMqttUrl)) {
    problems.push('PUBLIC_MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL with a host');
  }
  const mqttDynsecUrl = env.MQTT_DYNSEC_URL || undefined;
  if (mqttDynsecUrl && !/^(mqtts?|wss?):\/\//.test(mqttDynsecUrl)) {
    problems.push('MQTT_DYNSEC_URL must be an mqtt://, mqtts://, ws:// or wss:// URL');
  }
  if (mqttDynsecUrl && !mqttUrl) {
    problems.push('MQTT_DYNSEC_URL keeps an external broker in step: set MQTT_URL too');
  }
  const publicMqttsUrl = env.PUBLIC_MQTTS_URL || undefined;
  if (publicMqttsUrl && !/^mqtts:\/\/[^/:]+/.test(publicMqttsUrl)) {
    problems.push('PUBLIC_MQTTS_URL must be an mqtts:// URL with a host');
  }
  const publicMqttWsUrl = env.PUBLIC_MQTT_WS_URL || undefined;
  if (publicMqttWsUrl && !/^wss?:\/\/[^/:]+/.test(publicMqttWsUrl)) {
    problems.push('PUBLIC_MQTT_WS_URL must be a ws:// or wss:// URL with a host');
  }
  // BUS_URL names the bus; REDIS_URL or NATS_URL alone also select it (REDIS_URL first when both are set).
  const busUrl = env.BUS_URL || env.REDIS_URL || env.NATS_URL || undefined;
  if (busUrl && !/^(rediss?|nats):\/\//.test(busUrl)) {
    problems.push('BUS_URL (or REDIS_URL / NATS_URL) must be a redis://, rediss:// or nats:// URL');
  }
  const name = (variable: string, fallback: string, pattern: RegExp, what: string): string => {
    const value = env[variable] || fallback;
    if (!pattern.test(value)) problems.push(`${variable} must be ${what} (got "${value}")`);
    return value;
  };
  const mqttTopicRoot = name(
    'MQTT_TOPIC_ROOT',
    'cowcare',
    /^[A-Za-z0-9_-]{1,64}$/,
    'letters, digits, _ or -',
  );
  const mqttShareGroup = name(
    'MQTT_SHARE_GROUP',
    'cowcare-ingest',
    /^[A-Za-z0-9_-]{1,64}$/,
    'letters, digits, _ or -',
  );
  const defaultInstanceName =
    hostname()
      .replace(/[^A-Za-z0-9_.-]/g, '-')
      .slice(0, 64) || 'cowcare';
  const instanceName = name(
    'INSTANCE_NAME',
    defaultInstanceName,
    /^[A-Za-z0-9_.-]{1,64}$/,
    'letters, digits, _ . or -',
  );
  const busChannel = name(
    'BUS_CHANNEL',
    'cowcare.farm-events',
    /^[A-Za-z0-9_.-]{1,128}$/,
    'letters, digits, _ . or -',
  );
  const cameraSecret = env.CAMERA_SECRET;
  if (cameraSecret !== undefined && cameraSecret.length < 32) {
    problems.push('CAMERA_SECRET must be at least 32 characters');
  }
  const cameraMediaServer = mediaServerOf(env, problems);
  const tokenSecret = env.TOKEN_SECRET;
  if (tokenSecret !== undefined && tokenSecret.length < 32) {
    problems.push('TOKEN_SECRET must be at least 32 characters');
  }
  const trustProxy = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const notProxies = trustProxy.filter((entry) => !isProxyEntry(entry));
  if (notProxies.length > 0) {
    problems.push(
      `TRUST_PROXY must list the reverse proxies' addresses or CIDR ranges, or loopback, linklocal, uniquelocal, separated by commas (not "${notProxies.join('", "')}")`,
    );
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters');
  }
  const brokerHookToken = env.BROKER_HOOK_TOKEN || undefined;
  if (brokerHookToken !== undefined && brokerHookToken.length < 16) {
    problems.push('BROKER_HOOK_TOKEN must be at least 16 characters');
  }

  const pushSettings = readPushSettings(env, problems);

  const config = {
    port: integer('PORT', 4499, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    minAppVersionCode: integer('MIN_APP_VERSION_CODE', 0, 0, 1_000_000),
    latestAppVersion,
    demo: flag('DEMO', true),
    mqttPort: integer('MQTT_PORT', 1883, 0, 65535),
    mqttPortMayMove: env.MQTT_PORT === undefined || env.MQTT_PORT === '',
    mqttMaxConnectionsPerAddress: integer('MQTT_MAX_CONNECTIONS_PER_ADDRESS', 32, 1, 100_000),
    mqttTlsCert,
    mqttTlsKey,
    mqttTlsPort: integer('MQTT_TLS_PORT', 8883, 0, 65535),
    mqttUrl,
    publicMqttUrl,
    mqttDynsecUrl,
    publicMqttsUrl,
    publicMqttWsUrl,
    mqttTopicRoot,
    mqttShareGroup,
    mqttTakeoverDelaySeconds: integer('MQTT_TAKEOVER_DELAY', 15, 1, 3600),
    instanceName,
    busUrl,
    busChannel,
    ingestConcurrency: integer('INGEST_CONCURRENCY', undefined, 1, 64),
    ingestQueueLimit: integer('INGEST_QUEUE_LIMIT', 32, 1, 10_000),
    // Some 2,500 cows of 11 days at the 10-minute cadence, about 100 MB.
    detectionCacheReadings: integer('DETECTION_CACHE_READINGS', 4_000_000, 10_000, 500_000_000),
    detectionHandoff: flag('DETECTION_HANDOFF', true),
    jobs: flag('JOBS', true),
    simulator: flag('SIMULATOR', true),
    metricsToken,
    brokerHookToken,
    trustProxy,
    logLevel,
    webDistDir: env.WEB_DIST_DIR || defaults.webDistDir,
    // The sandbox provider first tries its webhook after this long, to rehearse a late one (and a crash meanwhile).
    sandboxWebhookDelayMs: integer('SANDBOX_WEBHOOK_DELAY_MS', 0, 0, 86_400_000),
    payments: readPayments(env, problems),
    cameraIdleSeconds: integer('CAMERA_IDLE_SECONDS', 60, 5, 3600),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    cameraMediaServer,
    mapTiles: mapTilesOf(env, problems),
    positionRetentionDays: integer('POSITION_RETENTION_DAYS', 30, 2, 36_500),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  const secret = tokenSecret ?? loadOrCreateSecret(config.dataDir, 'token-secret');
  // Derived, so it needs no file of its own and changes with the token secret.
  const sandboxWebhookSecret = createHmac('sha256', secret)
    .update('sandbox-webhook-secret')
    .digest('base64url');
  return {
    ...config,
    tokenSecret: secret,
    sandboxWebhookSecret,
    cameraSecret: cameraSecret ?? loadOrCreateSecret(config.dataDir, 'camera-secret'),
    push: { ...pushSettings, vapid: withVapidKeys(pushSettings.vapid, config.dataDir) },
  };
};

export interface MapTilesConfig {
  url: string;
  attribution: string;
  maxZoom: number;
}

export const DEFAULT_MAP_TILES: MapTilesConfig = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  maxZoom: 19,
};

/** `MAP_TILE_URL` must be http(s) with {z}, {x} and {y}; a wrong one fails the start, not every map. */
const mapTilesOf = (env: Env, problems: string[]): MapTilesConfig => {
  const url = env.MAP_TILE_URL || DEFAULT_MAP_TILES.url;
  if (!/^https?:\/\/[^\s]+$/.test(url) || !['{z}', '{x}', '{y}'].every((part) => url.includes(part))) {
    problems.push('MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}');
  }
  const maxZoom = Number(env.MAP_TILE_MAX_ZOOM || DEFAULT_MAP_TILES.maxZoom);
  if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > 24) {
    problems.push('MAP_TILE_MAX_ZOOM must be a whole number from 0 to 24');
  }
  const attribution = env.MAP_TILE_ATTRIBUTION ?? (env.MAP_TILE_URL ? '' : DEFAULT_MAP_TILES.attribution);
  return { url, attribution, maxZoom };
};

/** `CAMERA_MEDIA_SERVER_URL` (HLS, e.g. http://mediamtx:8888) and `CAMERA_MEDIA_API_URL` (default :9997). */
const mediaServerOf = (env: Env, problems: string[]): Config['cameraMediaServer'] => {
  const hlsUrl = env.CAMERA_MEDIA_SERVER_URL;
  if (!hlsUrl) return undefined;
  const parse = (name: string, value: string): URL | undefined => {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url;
    } catch {
      // reported below
    }
    problems.push(`${name} must be an http(s) URL`);
    return undefined;
  };
  const hls = parse('CAMERA_MEDIA_SERVER_URL', hlsUrl);
  if (!hls) return undefined;
  const fallbackApi = new URL(hls);
  fallbackApi.port = '9997';
  const api = parse('CAMERA_MEDIA_API_URL', env.CAMERA_MEDIA_API_URL || fallbackApi.origin);
  if (!api) return undefined;
  return { hlsUrl: hls.href.replace(/\/$/, ''), apiUrl: api.href.replace(/\/$/, '') };
};

/** Secrets not given are generated once and kept in DATA_DIR, so tokens survive a restart. */
const loadOrCreateSecret = (dataDir: string, name: string): string => {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};
