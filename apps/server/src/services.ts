import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { AttemptThrottle } from './modules/auth/attempt-throttle';
import { LoginThrottle } from './modules/auth/login-throttle';
import { TokenService } from './modules/auth/tokens';
import { SocketHub } from './realtime/socket-hub';

/** What handlers share. Built once per app instance, so tests get a fresh set each. */
export interface Services {
  config: Config;
  db: Database;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
  /** Boss-password guesses per user: 5 failures in 15 minutes. */
  bossPasswordThrottle: AttemptThrottle;
  sockets: SocketHub;
  log: FastifyBaseLogger;
  startedAt: number;
}

export const createServices = (config: Config, db: Database, log: FastifyBaseLogger): Services => ({
  config,
  db,
  tokens: new TokenService(config.tokenSecret),
  loginThrottle: new LoginThrottle(),
  bossPasswordThrottle: new AttemptThrottle(5, 15 * 60_000),
  sockets: new SocketHub(),
  log,
  startedAt: Date.now(),
});
