import { readingsTopic } from '@cowcare/contract/routes/ingest';
import type { Config } from '../config';
import { DEMO_FARM_NUMBER } from '../seed/demo-credentials';
import { DEMO_GRAZING_AREA } from '../seed/demo-pasture';
import { DEMO_GATEWAY_SECRET, DEMO_GATEWAY_USERNAME } from '../seed/demo-gateway';
import { demoHerd } from './demo-herd-cows';
import { HerdSimulator, type SimulatorLog } from './herd-simulator';
import type { InjectedFever } from './herd-model';

export const DEMO_COUNTRY = 'KR';
/** Any fixed number: the same herd on every install. */
export const DEFAULT_SIMULATOR_SEED = 20_250_601;
/** History replayed on start: the 10 days the fever average and the estrus baseline need. */
export const DEFAULT_REPLAY_DAYS = 10;
const DAY_MS = 86_400_000;

export interface DemoSimulatorOptions {
  mqttUrl: string;
  topicRoot?: string;
  username?: string;
  password?: string;
  seed?: number;
  speed?: number;
  /** Days of history to replay before the present. */
  days?: number;
  until?: number;
  /** Only the first `limit` cows of the herd (tests). */
  limit?: number;
  injectedFevers?: InjectedFever[];
  /** Sensors that never report: their cows stay as never heard. */
  silentSensors?: readonly number[];
  now?: () => number;
  log: SimulatorLog;
}

/** The demo farm's herd simulator, publishing as the demo gateway to the demo farm's topic. */
export const createDemoSimulator = (options: DemoSimulatorOptions): HerdSimulator => {
  const now = options.now ?? Date.now;
  const herd = demoHerd(new Date(now()));
  const silent = new Set(options.silentSensors);
  const cows = herd.cows.filter((cow) => !silent.has(cow.sensorId));
  return new HerdSimulator({
    model: {
      seed: options.seed ?? DEFAULT_SIMULATOR_SEED,
      cows: options.limit === undefined ? cows : cows.slice(0, options.limit),
      injectedFevers: [...herd.fevers, ...(options.injectedFevers ?? [])],
      grazingArea: DEMO_GRAZING_AREA,
    },
    mqttUrl: options.mqttUrl,
    username: options.username ?? DEMO_GATEWAY_USERNAME,
    password: options.password ?? DEMO_GATEWAY_SECRET,
    topic: readingsTopic(options.topicRoot ?? 'cowcare', DEMO_COUNTRY, DEMO_FARM_NUMBER),
    from: now() - (options.days ?? DEFAULT_REPLAY_DAYS) * DAY_MS,
    speed: options.speed ?? 0,
    ...(options.until === undefined ? {} : { until: options.until }),
    now,
    log: options.log,
  });
};

/**
 * `npm start` with DEMO and SIMULATOR on: replays the last 10 days as fast as the server takes them, then
 * goes on in real time, through the server's own broker (or MQTT_URL's). It stops itself on SIGINT/SIGTERM,
 * next to the server's own shutdown. A failure to start is logged, never fatal: the app works without it.
 */
export const startSimulator = (
  config: Pick<Config, 'mqttUrl' | 'mqttPort' | 'mqttTopicRoot'>,
  log: SimulatorLog,
): HerdSimulator => {
  const simulator = createDemoSimulator({
    mqttUrl: config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttPort}`,
    topicRoot: config.mqttTopicRoot,
    log,
  });
  simulator.start().catch((error: unknown) => {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'simulator: could not start');
  });
  const stop = () => void simulator.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return simulator;
};
