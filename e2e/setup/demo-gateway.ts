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
