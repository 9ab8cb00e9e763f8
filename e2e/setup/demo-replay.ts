import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { apiLogIn, farmCows } from './herd';
import type { RunningServer } from './server-process';
import { DEMO } from './session';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The sensor-offline job's rule: three missed 10-minute intervals. */
const OFFLINE_AFTER_MS = 30 * 60_000;
/** The replay's last 10-minute slot starts at most this long before it ends. */
const LAST_SLOT_MS = 10 * 60_000;
const CULLED = '도태';
const ESTRUS_DETECTION = '발정탐지';

/** Neck sensors the replay leaves silent, for the tests that send those cows' readings themselves. */
export interface OwnReadingsSensors {
  /** The live-notice test sends this cow a fever. */
  fever: number;
  /** The chart test sends this cow yesterday's readings. */
  charts: number;
  /** The heat-badge test sends this cow (female, in estrus detection) a heat. */
  heat: number;
  /** The camera test links a camera to this cow and sends her a severe fever: her notice gets a still. */
  snapshot: number;
}

const runSimulator = (server: RunningServer, silent: readonly number[]): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/simulator/simulate-cli.ts',
        ...['--mqtt', server.mqttUrl, '--topic-root', server.mqttTopicRoot, '--until-hours-ago', '0'],
        ...silent.flatMap((sensor) => ['--silent', String(sensor)]),
      ],
      { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the herd simulator exited with ${code}:\n${output}`)),
    );
  });

/**
 * Gives the demo herd its sensor history the way a farm gets it: the herd simulator replays the last 10 days
 * over MQTT as the demo gateway (its stories: fevers in each band, a bolus without drinks, silent sensors),
 * then stops. Returns once the server has taken it all in: the cow list no longer changes, and every sensor
 * silent for longer than the offline rule has been taken offline by the server's job.
 */
export const replayDemoHerd = async (server: RunningServer): Promise<OwnReadingsSensors> => {
  const session = await apiLogIn(server.baseUrl, DEMO);
  const neck = (await farmCows(session)).filter(
    (cow) => cow.status !== CULLED && (cow.sensor ?? 0) >= 40_000,
  );
  const fever = neck[0]?.sensor;
  const charts = neck.at(-1)?.sensor;
  if (!fever || !charts || fever === charts) throw new Error('the demo herd has too few neck collars');
  const heat = neck.find(
    (cow) =>
      cow.sex === 'female' &&
      cow.status === ESTRUS_DETECTION &&
      cow.sensor !== fever &&
      cow.sensor !== charts,
  )?.sensor;
  if (!heat) throw new Error('the demo herd has no neck collar on a cow in estrus detection');
  const snapshot = neck.find((cow) => ![fever, charts, heat].includes(cow.sensor ?? 0))?.sensor;
  if (!snapshot) throw new Error('the demo herd has too few neck collars');
  const replayEnd = Date.now();
  await runSimulator(server, [fever, charts, heat, snapshot]);

  // An external broker acknowledges the simulator itself, so the server may still be working through the
  // replay: it is done when the last slot has arrived and the list has stopped changing.
  const seen: string[] = [];
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const cows = (await farmCows(session)).filter((cow) => cow.status !== CULLED && cow.sensor !== null);
    const readingAge = (cow: Cow) => Date.now() - Date.parse(cow.lastReadingAt ?? '');
    const lastSlotArrived = cows.some(
      (cow) => Date.parse(cow.lastReadingAt ?? '') > replayEnd - LAST_SLOT_MS,
    );
    const silentOnline = cows.filter((cow) => cow.sensorzt === 1 && readingAge(cow) > OFFLINE_AFTER_MS);
    seen.push(JSON.stringify(cows));
    const unchanged = seen.length >= 3 && seen.slice(-3).every((list) => list === seen.at(-1));
    if (lastSlotArrived && unchanged && silentOnline.length === 0) return { fever, charts, heat, snapshot };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the demo herd did not settle within 150 s of its replay');
};
