// `npm run simulate -- --mqtt mqtt://localhost:1883 --speed 60`: the demo herd on its own, against any broker
// that knows the demo gateway. Options:
//   --mqtt URL        broker (default mqtt://127.0.0.1:1883)
//   --speed N         simulated seconds per real second while replaying the past; 0 = as fast as the server
//                     acknowledges (default 0). Caught up with the present, the herd goes on in real time.
//   --days D          days of history to replay first (default 10)
//   --seed N          another herd (default 20250601)
//   --topic-root R    first topic level (default cowcare)
//   --username U --secret S   gateway credentials (default demo-gw / demo-gw-secret)
//   --fever SENSOR[:HOURS_AGO]   a 2.2 °C fever on that sensor from HOURS_AGO (default 3) hours ago, for 6 hours
//   --silent SENSOR   a sensor that never reports (repeatable): its cow stays as never heard, offline
//   --until-hours-ago H   stop once the replay reaches H hours before now, instead of going on in real time
import { parseArgs } from 'node:util';
import { createDemoSimulator } from './start-simulator';
import type { InjectedFever } from './herd-model';

const HOUR_MS = 3_600_000;

const number = (value: string | undefined, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    throw new Error(`--${name} must be a number >= 0 (got "${value}")`);
  }
  return parsed;
};

const fevers = (values: readonly string[], now: number): InjectedFever[] =>
  values.map((value) => {
    const [sensor = '', hoursAgo = '3'] = value.split(':');
    const sensorId = Number(sensor);
    if (!Number.isInteger(sensorId) || sensorId <= 0) {
      throw new Error(`--fever needs a sensor id (got "${value}")`);
    }
    return { sensorId, from: now - number(hoursAgo, 'fever', 3) * HOUR_MS, hours: 6, rise: 2.2 };
  });

const log = {
  info: (object: Record<string, unknown>, message: string) => console.log(message, JSON.stringify(object)),
  warn: (object: Record<string, unknown>, message: string) => console.warn(message, JSON.stringify(object)),
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      speed: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      'topic-root': { type: 'string', default: 'cowcare' },
      username: { type: 'string' },
      secret: { type: 'string' },
      fever: { type: 'string', multiple: true, default: [] },
      silent: { type: 'string', multiple: true, default: [] },
      'until-hours-ago': { type: 'string' },
    },
  });
  const untilHoursAgo = values['until-hours-ago'];
  const now = Date.now();
  const simulator = createDemoSimulator({
    mqttUrl: values.mqtt,
    topicRoot: values['topic-root'],
    ...(values.username ? { username: values.username } : {}),
    ...(values.secret ? { password: values.secret } : {}),
    seed: number(values.seed, 'seed', 20_250_601),
    speed: number(values.speed, 'speed', 0),
    days: number(values.days, 'days', 10),
    injectedFevers: fevers(values.fever, now),
    silentSensors: values.silent.map((sensor) => number(sensor, 'silent', 0)),
    ...(untilHoursAgo === undefined
      ? {}
      : { until: now - number(untilHoursAgo, 'until-hours-ago', 0) * HOUR_MS }),
    log,
  });
  await simulator.start();
  const report = setInterval(() => {
    log.info(
      {
        published: simulator.readingsPublished,
        simulatedTime: new Date(simulator.simulatedTime).toISOString(),
      },
      'simulator: progress',
    );
  }, 10_000);
  const stop = () => {
    clearInterval(report);
    void simulator.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await simulator.finished();
  // Reached `--until-hours-ago`, every reading acknowledged (by the embedded broker once the server has stored
  // it; an external broker acknowledges on receipt).
  clearInterval(report);
  await simulator.stop();
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
