import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { ERROR_CODES, HEADERS } from '@cowcare/contract/errors';
import { buildOpenApiDocument } from '@cowcare/contract/openapi';
import { MAX_READINGS_PAYLOAD_BYTES } from '@cowcare/contract/routes/ingest';
import type { Config } from './config';
import type { Database } from './db/database';
import { answerClientError } from './http/client-errors';
import { registerErrorHandler } from './http/error-handler';
import { registerRoutes } from './http/register-routes';
import { registerRequestValidation } from './http/request-validation';
import { ingestRoutes } from './ingest/ingest-routes';
import { registerBrokerHooks } from './modules/gateways/broker-hooks';
import { gatewayRoutes } from './modules/gateways/gateway-routes';
import { newsRoutes } from './modules/news/news-routes';
import { registerPushDispatcher } from './modules/push/push-dispatcher';
import { pushRoutes } from './modules/push/push-routes';
import { reproductionKpisRoutes } from './modules/reproduction-kpis/reproduction-kpis-routes';
import { supportRoutes } from './modules/support/support-routes';
import { registerMqttWebSocket } from './ingest/mqtt-websocket';
import { registerIngest } from './ingest/register-ingest';
import { registerMetrics } from './metrics/register-metrics';
import { adminRoutes } from './modules/admin/admin-routes';
import { cameraRoutes } from './modules/cameras/camera-routes';
import { registerNoticeSnapshots } from './modules/cameras/notice-snapshots';
import { locationRoutes } from './modules/location/location-routes';
import { exchangeRoutes } from './modules/exchange/exchange-routes';
import { registerPositionRetention } from './modules/location/position-retention';
import { chartRoutes } from './modules/charts/chart-routes';
import { chatRoutes } from './modules/chat/chat-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { cowRoutes } from './modules/cows/cow-routes';
import { cowTypesRoutes } from './modules/cow-types/cow-types-routes';
import { healthRoutes } from './modules/health/health-routes';
import { noticeRoutes } from './modules/notices/notice-routes';
import { registerNoticeProducers } from './modules/notices/register-notice-producers';
import { registerThrottlePruning } from './modules/auth/throttle-pruning';
import { reproductionRoutes } from './modules/reproduction/reproduction-routes';
import { staffRoutes } from './modules/staff/staff-routes';
import { systemRoutes } from './modules/system/system-routes';
import { registerUploadSupport, uploadRoutes } from './modules/uploads/upload-routes';
import { userRoutes } from './modules/users/user-routes';
import { walletRoutes } from './modules/wallet/wallet-routes';
import { ordersRoutes } from './modules/orders/orders-routes';
import { plansRoutes } from './modules/plans/plans-routes';
import { registerPlans } from './modules/plans/register-plans';
import { registerSocketServer } from './realtime/socket-server';
import { registerSupportSocket } from './modules/support/support-socket';
import { paymentProviderFromConfig } from './modules/payments/provider-from-config';
import { registerPayments } from './modules/payments/register-payments';
import { createServices, type Services } from './services';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

/** Every route binding of the app; a test checks it covers the whole contract exactly once. */
export const allRouteBindings = (services: Services) => [
  ...authRoutes(services),
  ...systemRoutes(services),
  ...userRoutes(services),
  ...staffRoutes(services),
  ...reproductionRoutes(services),
  ...healthRoutes(services),
  ...uploadRoutes(services),
  ...cowRoutes(services),
  ...adminRoutes(services),
  ...cowTypesRoutes(services),
  ...walletRoutes(services),
  ...ordersRoutes(services),
  ...plansRoutes(services),
  ...ingestRoutes(services),
  ...gatewayRoutes(services),
  ...newsRoutes(services),
  ...supportRoutes(services),
  ...noticeRoutes(services),
  ...chartRoutes(services),
  ...chatRoutes(services),
  ...cameraRoutes(services),
  ...locationRoutes(services),
  ...pushRoutes(services),
  ...reproductionKpisRoutes(services),
  ...exchangeRoutes(services),
];

const mediaServerOrigins = (config: Config): string[] =>
  config.cameraMediaServer ? [new URL(config.cameraMediaServer.hlsUrl).origin] : [];

/** The tile server's origin when it is plain http: the policy's `https:` does not cover it. */
const tileOrigins = (config: Config): string[] => {
  const url = config.mapTiles?.url;
  if (!url?.startsWith('http:')) return [];
  return [new URL(url.replace(/\{[a-z]+\}/g, '0')).origin];
};

const UNVERSIONED_PATHS = new Set(['/api/health', '/api/docs']);

const refuseMalformedPath = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  const msg =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'The path is malformed';
  void reply.status(error.statusCode ?? 400).send({ success: false, code: ERROR_CODES.validation, msg });
};

export const buildApp = async (config: Config, db: Database): Promise<BuiltApp> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-boss-grant"]'],
      serializers: {
        // Socket URLs carry the access token in the query; keep it out of the logs.
        req: (request: { method: string; url: string }) => ({
          method: request.method,
          url: request.url.replace(/token=[^&]*/g, 'token=[redacted]'),
        }),
      },
    },
    // Only the proxies the operator named may say who the client is (docs/operations.md, "Behind a reverse proxy").
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A malformed or overlong path segment is refused by the router itself, before any route: in our shape.
    frameworkErrors: refuseMalformedPath,
    // What Node's HTTP parser refuses before any route (a 100 KB header, a NUL in a header): in our shape too.
    clientErrorHandler: answerClientError,
    // The largest body of any JSON call is a gateway's batch of readings.
    bodyLimit: MAX_READINGS_PAYLOAD_BYTES,
  });
  const services = createServices(config, db, app.log);
  const sandbox = services.payments.provider;
  services.payments.provider = await paymentProviderFromConfig(config, () => sandbox);

  registerErrorHandler(app);
  registerRequestValidation(app);
  await app.register(helmet, {
    // blob: a health case's pictures are fetched with the token and shown from object URLs.
    contentSecurityPolicy: {
      directives: {
        // https: covers hosted map tiles; a plain-http tile server (one on the farm's network) is named.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...tileOrigins(config)],
        // hls.js plays a camera through Media Source Extensions, whose video source is a blob: URL; with a
        // media server (docs/cameras.md) the playlist and segments come from its origin.
        'media-src': ["'self'", 'blob:', ...mediaServerOrigins(config)],
        'connect-src': ["'self'", ...mediaServerOrigins(config)],
      },
    },
  });
  // The herd list of a large farm is megabytes of JSON; gzip/brotli shrink it about twelvefold.
  await app.register(compress, { threshold: 1024 });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerUploadSupport(app);

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // The support console is not the farm app: a minimum set there must never lock support out.
    if (!url.startsWith('/api/') || url.startsWith('/api/admin/') || UNVERSIONED_PATHS.has(url)) return;
    const versionCode = Number(request.headers[HEADERS.version]);
    if (Number.isFinite(versionCode) && versionCode < (await services.appVersion.minVersionCode())) {
      return reply.status(409).send({
        success: false,
        code: ERROR_CODES.upgradeRequired,
        msg: `Please update the app to version ${config.latestAppVersion}`,
        upversion: config.latestAppVersion,
      });
    }
  });

  registerRoutes(app, services, allRouteBindings(services));
  app.addHook('onClose', async () => services.cameras.close());
  app.addHook('onReady', async () => services.cowLists.start());
  app.addHook('onClose', async () => services.cowLists.stop());
  registerThrottlePruning(app, services);
  registerPositionRetention(app, services);
  app.get('/api/docs', async () => buildOpenApiDocument(config.latestAppVersion));
  registerSocketServer(app, services);
  registerSupportSocket(app, services);
  registerMqttWebSocket(app, services);
  registerIngest(app, services);
  registerBrokerHooks(app, services);
  registerPayments(app, services);
  registerPlans(app, services);
  registerNoticeSnapshots(app, services);
  const { stage, handoff } = registerNoticeProducers(app, services);
  registerPushDispatcher(app, services);
  registerMetrics(app, { services, detection: stage, handoff });
  await registerSpa(app, config.webDistDir);
  return { app, services };
};

/**
 * The built SPA in history mode: a page path (no file extension) that is not an API call gets index.html;
 * a missing file such as a stale hashed asset is a real 404, not the page, so the browser reports it as
 * missing instead of as a wrong MIME type. Files are looked up per request (wildcard), so a rebuilt app is
 * served without a restart.
 */
const registerSpa = async (app: FastifyInstance, webDistDir: string | undefined): Promise<void> => {
  const indexExists = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (indexExists) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: false,
      setHeaders: (response, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // The root is a directory to the static handler (403); it is the home page to a user.
  if (indexExists) app.get('/', async (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (!isApi && !isFile && indexExists && request.method === 'GET') {
      return sendIndex(reply);
    }
    return reply.status(404).send({
      success: false,
      code: ERROR_CODES.notFound,
      msg: `No route ${request.method} ${pathname}`,
    });
  });
};
