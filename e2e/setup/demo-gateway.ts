import mqtt from 'mqtt';
import { inject } from 'vitest';

/** The demo gateway the seed creates for the demo farm. */
export const DEMO_GATEWAY = { username: 'demo-gw', password: 'demo-gw-secret' } as const;
/** Readings per MQTT message: well under the broker's message limit. */
const BATCH = 1000;

/** Publishes readings to the main server's broker as the demo gateway would, in batches, QoS 1. */
export const publishAsDemoGateway = async (topic: string, readings: readonly object[]): Promise<void> => {
  const client = await mqtt.connectAsync(inject('mqttUrl'), {
    ...DEMO_GATEWAY,
    clientId: `e2e-gw-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    reconnectPeriod: 0,
  });
  try {
    for (let start = 0; start < readings.length; start += BATCH) {
      await client.publishAsync(topic, JSON.stringify(readings.slice(start, start + BATCH)), { qos: 1 });
    }
  } finally {
    await client.endAsync();
  }
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface FeverReading {
  sensor: number;
  num: number;
  timedate: string;
  temp: number;
}

/**
 * Two days at 38.6 °C every ten minutes (the baseline the fever rule needs), then the last three hours at
 * 40.25 °C: 1.65 °C over her average (no tempadd of her own: 0, decision 0013), held for more than the
 * rule's two hours. A neck collar (>= 40000), so no drink filter applies. The newest reading is now.
 */
export const feverReadings = (sensor: number, end: number): FeverReading[] => {
  const readings: FeverReading[] = [];
  let num = 1;
  for (let time = end - 51 * HOUR; time <= end; time += 10 * MINUTE) {
    const fever = time > end - 3 * HOUR;
    readings.push({ sensor, num: num++, timedate: new Date(time).toISOString(), temp: fever ? 40.25 : 38.6 });
  }
  return readings;
};
