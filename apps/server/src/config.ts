import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  simulator: boolean;
  tokenSecret: string;
  logLevel: string;
  /** Folder of the built SPA; unset when the server serves the API only. */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads every variable, collects every problem, and throws them all at once. */
export const loadConfig = (env: Env, defaults: { webDistDir?: string } = {}): Config => {
  const problems: string[] = [];

  const integer = (name: string, fallback: number, min: number, max: number): number => {
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
  const tokenSecret = env.TOKEN_SECRET;
  if (tokenSecret !== undefined && tokenSecret.length < 32) {
    problems.push('TOKEN_SECRET must be at least 32 characters');
  }

  const config = {
    port: integer('PORT', 4499, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    minAppVersionCode: integer('MIN_APP_VERSION_CODE', 0, 0, 1_000_000),
    latestAppVersion,
    demo: flag('DEMO', true),
    mqttPort: integer('MQTT_PORT', 1883, 0, 65535),
    simulator: flag('SIMULATOR', true),
    logLevel,
    webDistDir: env.WEB_DIST_DIR || defaults.webDistDir,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, tokenSecret: tokenSecret ?? loadOrCreateSecret(config.dataDir, 'token-secret') };
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
