import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium';
import { replayDemoHerd, type OwnReadingsSensors } from './demo-replay';
import { startServer, type RunningServer } from './server-process';
import { startTileServer, type TileServer } from './tile-server';

export const E2E_TOKEN_SECRET = 'e2e-token-secret-known-to-the-tests-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outdatedClientBaseUrl: string;
    e2eSkipReason: string;
    /** The main server's MQTT broker and topic root, for publishing readings as a gateway would. */
    mqttUrl: string;
    mqttTopicRoot: string;
    /** Neck sensors the demo herd's replay left silent, for tests that send their cows' readings. */
    ownReadingsSensors: OwnReadingsSensors;
    /** The loopback tile server's template (MAP_TILE_URL of the main server): the maps need no network. */
    mapTileUrl: string;
  }
}

const builtWebApp = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist/index.html',
);

/**
 * Starts two servers: the normal one, whose demo herd gets its sensor history from the herd simulator, and
 * one whose minimum app version is above this app's, for the forced-update flow. Without Chromium or a built web app the tests are skipped, unless REQUIRE_E2E=1
 * (CI), where that is a failure.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const missing = [
    ...(chromiumPath() ? [] : ['Chromium (apt-get install chromium)']),
    ...(existsSync(builtWebApp) ? [] : ['the built web app (npm run build -w @cowcare/web)']),
  ];
  if (missing.length > 0) {
    const reason = `browser tests need ${missing.join(' and ')}`;
    if (process.env.REQUIRE_E2E === '1') throw new Error(`${reason}; REQUIRE_E2E=1 makes that a failure`);
    console.warn(`\n!!! Skipping browser tests: ${reason}\n`);
    project.provide('e2eSkipReason', reason);
    project.provide('baseUrl', '');
    project.provide('outdatedClientBaseUrl', '');
    project.provide('mqttUrl', '');
    project.provide('mqttTopicRoot', '');
    project.provide('ownReadingsSensors', { fever: 0, charts: 0, heat: 0, snapshot: 0 });
    project.provide('mapTileUrl', '');
    return async () => {};
  }
  const servers: RunningServer[] = [];
  let ownReadingsSensors: OwnReadingsSensors;
  const tiles: TileServer = await startTileServer();
  try {
    // The main server runs its jobs, so the sensors that went silent in the herd's replay go offline.
    const main = await startServer({
      TOKEN_SECRET: E2E_TOKEN_SECRET,
      JOBS: 'on',
      MAP_TILE_URL: tiles.urlTemplate,
      MAP_TILE_ATTRIBUTION: 'Test tiles',
    });
    servers.push(main);
    servers.push(await startServer({ MIN_APP_VERSION_CODE: '191', LATEST_APP_VERSION: '1.6.0' }));
    ownReadingsSensors = await replayDemoHerd(main);
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    await tiles.stop();
    throw error;
  }
  const [main, outdated] = servers as [RunningServer, RunningServer];
  project.provide('e2eSkipReason', '');
  project.provide('baseUrl', main.baseUrl);
  project.provide('outdatedClientBaseUrl', outdated.baseUrl);
  project.provide('mqttUrl', main.mqttUrl);
  project.provide('mqttTopicRoot', main.mqttTopicRoot);
  project.provide('ownReadingsSensors', ownReadingsSensors);
  project.provide('mapTileUrl', tiles.urlTemplate);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await tiles.stop();
  };
}
