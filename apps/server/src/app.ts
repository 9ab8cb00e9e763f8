import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { ERROR_CODES, HEADERS } from '@cowcare/contract/errors';
import { buildOpenApiDocument } from '@cowcare/contract/openapi';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { registerRoutes } from './http/register-routes';
import { registerRequestValidation } from './http/request-validation';
import { authRoutes } from './modules/auth/auth-routes';
import { systemRoutes } from './modules/system/system-routes';
import { userRoutes } from './modules/users/user-routes';
import { registerSocketServer } from './realtime/socket-server';
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
];

const UNVERSIONED_PATHS = new Set(['/api/health', '/api/docs']);

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
    trustProxy: false,
    bodyLimit: 1_048_576,
  });
  const services = createServices(config, db, app.log);

  registerErrorHandler(app);
  registerRequestValidation(app);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'https:'] } },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!url.startsWith('/api/') || UNVERSIONED_PATHS.has(url)) return;
    const versionCode = Number(request.headers[HEADERS.version]);
    if (Number.isFinite(versionCode) && versionCode < config.minAppVersionCode) {
      return reply.status(409).send({
        success: false,
        code: ERROR_CODES.upgradeRequired,
        msg: `Please update the app to version ${config.latestAppVersion}`,
        upversion: config.latestAppVersion,
      });
    }
  });

  registerRoutes(app, services, allRouteBindings(services));
  app.get('/api/docs', async () => buildOpenApiDocument(config.latestAppVersion));
  registerSocketServer(app, services);
  await registerSpa(app, config.webDistDir);
  return { app, services };
};

/** The built SPA in history mode: any non-API GET that is not a file gets index.html. */
const registerSpa = async (app: FastifyInstance, webDistDir: string | undefined): Promise<void> => {
  const indexExists = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (indexExists) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (response, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && indexExists && request.method === 'GET') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      code: ERROR_CODES.notFound,
      msg: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
};
