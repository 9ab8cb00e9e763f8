import type { SensorReading } from '@cowcare/contract/routes/ingest';
import { MAX_READINGS_PER_BATCH } from '@cowcare/contract/routes/ingest';
import mqtt, { type MqttClient } from 'mqtt';
import { herdReadingsAt, SLOT_MS, type HerdModel } from './herd-model';

export interface SimulatorLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

export interface HerdSimulatorOptions {
  model: HerdModel;
  mqttUrl: string;
  username: string;
  password: string;
  topic: string;
  /** Where the simulated clock starts, epoch ms (rounded down to a 10-minute slot). */
  from: number;
  /**
   * Simulated seconds per real second while the clock is behind the real one; 0 is as fast as the server
   * acknowledges. Once the clock reaches the present it runs in real time: the server refuses readings from
   * more than an hour ahead, as it would from a gateway with a wrong clock.
   */
  speed: number;
  /** Stop when the simulated clock gets here (default: never; caught up, it goes on in real time). */
  until?: number;
  now?: () => number;
  log: SimulatorLog;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Publishes the simulated herd over MQTT as the farm's gateway would: QoS 1, one array per batch, waiting
 * for each acknowledgement (so a busy server slows it down, never the other way round).
 */
export class HerdSimulator {
  private client: MqttClient | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  /** The next slot to publish. */
  private clock: number;
  private published = 0;

  constructor(private readonly options: HerdSimulatorOptions) {
    this.clock = Math.floor(options.from / SLOT_MS) * SLOT_MS;
  }

  get readingsPublished(): number {
    return this.published;
  }

  /** The simulated time of the next slot. */
  get simulatedTime(): number {
    return this.clock;
  }

  /** Connects and starts publishing; resolves once connected. */
  async start(): Promise<void> {
    const { mqttUrl, username, password, log } = this.options;
    this.client = await mqtt.connectAsync(mqttUrl, {
      username,
      password,
      clientId: `cowcare-simulator-${process.pid}-${Date.now().toString(36)}`,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
    });
    this.client.on('error', (error) => log.warn({ err: error.message }, 'simulator: mqtt error'));
    log.info(
      { mqttUrl, cows: this.options.model.cows.length, from: new Date(this.clock).toISOString() },
      'simulator: started',
    );
    this.loop = this.run().catch((error: unknown) => {
      if (!this.stopped) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'simulator: stopped by an error',
        );
      }
    });
  }

  /** Resolves when the run ends: at `until`, or after `stop`. */
  async finished(): Promise<void> {
    await this.loop;
  }

  /** Stops publishing; a publish still waiting for its acknowledgement is abandoned (QoS 1: sent again later). */
  async stop(): Promise<void> {
    this.stopped = true;
    // Give the slot in progress a moment to be acknowledged, but never hang on a broker that went away.
    await Promise.race([this.loop, sleep(2_000)]);
    await this.client?.endAsync(true);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async run(): Promise<void> {
    const realStart = this.now();
    const simulatedStart = this.clock;
    const { speed, until = Infinity } = this.options;
    while (!this.stopped && this.clock < until) {
      const now = this.now();
      const replayed = speed > 0 ? simulatedStart + (now - realStart) * speed : Infinity;
      const target = Math.min(now, replayed, until);
      if (this.clock > target) {
        await sleep(Math.min(1_000, Math.max(10, (this.clock - target) / Math.max(1, speed))));
        continue;
      }
      await this.publishUpTo(target);
    }
    if (this.clock >= until) {
      this.options.log.info({ published: this.published }, 'simulator: reached its end');
    }
  }

  /** Every slot from the clock up to `target`, in batches of at most 1,000 readings. */
  private async publishUpTo(target: number): Promise<void> {
    let batch: SensorReading[] = [];
    while (!this.stopped && this.clock <= target) {
      const readings = herdReadingsAt(this.options.model, this.clock);
      if (batch.length + readings.length > MAX_READINGS_PER_BATCH) {
        await this.publish(batch);
        batch = [];
      }
      batch.push(...readings);
      this.clock += SLOT_MS;
    }
    await this.publish(batch);
  }

  private async publish(readings: readonly SensorReading[]): Promise<void> {
    if (readings.length === 0 || !this.client) return;
    await this.client.publishAsync(this.options.topic, JSON.stringify(readings), { qos: 1 });
    this.published += readings.length;
  }
}
