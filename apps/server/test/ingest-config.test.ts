import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { configProblems } from './helpers/config-problems';

const base = {
  TOKEN_SECRET: 'x'.repeat(40),
  CAMERA_SECRET: 'c'.repeat(40),
  DATA_DIR: '/nonexistent-config-test',
};

const problemsOf = (env: Record<string, string>): string[] => configProblems({ ...base, ...env });

describe('ingest and bus settings', () => {
  it('default to the embedded broker, the in-process bus and the default bounds', () => {
    expect(loadConfig(base)).toMatchObject({
      mqttPort: 1883,
      mqttUrl: undefined,
      mqttTopicRoot: 'cowcare',
      mqttShareGroup: 'cowcare-ingest',
      mqttTakeoverDelaySeconds: 15,
      busUrl: undefined,
      busChannel: 'cowcare.farm-events',
      ingestConcurrency: undefined,
      ingestQueueLimit: 32,
      detectionCacheReadings: 4_000_000,
      detectionHandoff: true,
      jobs: true,
    });
  });

  it('size the detection cache for a herd larger than its default 2,500 cows', () => {
    expect(loadConfig({ ...base, DETECTION_CACHE_READINGS: '20000000' }).detectionCacheReadings).toBe(
      20_000_000,
    );
  });

  it("let an operator say how long an instance's lost broker connection waits before another takes its session", () => {
    expect(loadConfig({ ...base, MQTT_TAKEOVER_DELAY: '60' }).mqttTakeoverDelaySeconds).toBe(60);
  });

  it('let an operator switch the hand-off of detection between instances off', () => {
    expect(loadConfig({ ...base, DETECTION_HANDOFF: 'off' }).detectionHandoff).toBe(false);
  });

  it('leave the batches written at once to the database unless INGEST_CONCURRENCY is set', () => {
    expect(loadConfig({ ...base, INGEST_CONCURRENCY: '3' }).ingestConcurrency).toBe(3);
    expect(loadConfig({ ...base, INGEST_CONCURRENCY: '' }).ingestConcurrency).toBeUndefined();
  });

  it('take BUS_URL first, then REDIS_URL, then NATS_URL', () => {
    const redis = 'redis://127.0.0.1:6379';
    const nats = 'nats://127.0.0.1:4222';
    expect(loadConfig({ ...base, NATS_URL: nats }).busUrl).toBe(nats);
    expect(loadConfig({ ...base, NATS_URL: nats, REDIS_URL: redis }).busUrl).toBe(redis);
    expect(loadConfig({ ...base, REDIS_URL: redis, BUS_URL: nats }).busUrl).toBe(nats);
  });

  it('list every bad value at once', () => {
    expect(
      problemsOf({
        MQTT_URL: 'http://broker',
        BUS_URL: 'amqp://queue',
        MQTT_TOPIC_ROOT: 'cow/care',
        MQTT_SHARE_GROUP: '$share',
        MQTT_TAKEOVER_DELAY: '0',
        INGEST_CONCURRENCY: '0',
        INGEST_QUEUE_LIMIT: 'many',
        DETECTION_CACHE_READINGS: '100',
        DETECTION_HANDOFF: 'maybe',
        JOBS: 'sometimes',
      }),
    ).toEqual([
      'MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL',
      'BUS_URL (or REDIS_URL / NATS_URL) must be a redis://, rediss:// or nats:// URL',
      'MQTT_TOPIC_ROOT must be letters, digits, _ or - (got "cow/care")',
      'MQTT_SHARE_GROUP must be letters, digits, _ or - (got "$share")',
      'MQTT_TAKEOVER_DELAY must be an integer from 1 to 3600 (got "0")',
      'INGEST_CONCURRENCY must be an integer from 1 to 64 (got "0")',
      'INGEST_QUEUE_LIMIT must be an integer from 1 to 10000 (got "many")',
      'DETECTION_CACHE_READINGS must be an integer from 10000 to 500000000 (got "100")',
      'DETECTION_HANDOFF must be on or off (got "maybe")',
      'JOBS must be on or off (got "sometimes")',
    ]);
  });

  it('accept an external broker with credentials in its URL', () => {
    expect(loadConfig({ ...base, MQTT_URL: 'mqtts://ingest:secret@broker:8883' }).mqttUrl).toBe(
      'mqtts://ingest:secret@broker:8883',
    );
  });
});

describe('the public gateway addresses', () => {
  it('take PUBLIC_MQTTS_URL and PUBLIC_MQTT_WS_URL as given, and refuse other schemes at once', () => {
    const config = loadConfig({
      ...base,
      PUBLIC_MQTTS_URL: 'mqtts://gw.farm.example:8883',
      PUBLIC_MQTT_WS_URL: 'wss://gw.farm.example/mqtt',
    });
    expect([config.publicMqttsUrl, config.publicMqttWsUrl]).toEqual([
      'mqtts://gw.farm.example:8883',
      'wss://gw.farm.example/mqtt',
    ]);
    expect(
      problemsOf({ PUBLIC_MQTTS_URL: 'mqtt://gw.farm.example', PUBLIC_MQTT_WS_URL: 'https://gw' }),
    ).toEqual([
      'PUBLIC_MQTTS_URL must be an mqtts:// URL with a host',
      'PUBLIC_MQTT_WS_URL must be a ws:// or wss:// URL with a host',
    ]);
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default (metrics on this machine only), and kept when given', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a-scraper-token-1' }).metricsToken).toBe(
      'a-scraper-token-1',
    );
  });

  it('must be long enough not to be guessed', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN must be at least 16 characters']);
  });
});
