import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { EventBus } from '../../realtime/bus';
import type { GatewayIdentity } from './gateways-repository';

/** What one message of a gateway came to. */
export interface GatewayDelivery {
  stored: number;
  /** The sensor of its first stored reading, if any was stored. */
  firstStoredSensor: number | undefined;
  /** Why each refused reading (or the unreadable message) was refused. */
  refusals: readonly string[];
}

interface DayCounts {
  gatewayId: number;
  day: string;
  stored: number;
  refused: number;
  reasons: Map<string, number>;
}

/** A reason is the field and the rule it broke; a longer one is cut, so one gateway cannot fill the table. */
const MAX_REASON_LENGTH = 120;
/** Distinct reasons kept per gateway and day between two writes; the rest count under the last one. */
const MAX_REASONS_PER_FLUSH = 20;
const OTHER_REASONS = 'other reasons';
const FLUSH_INTERVAL_MS = 2000;

/**
 * Each gateway's traffic by day (readings stored and refused, refusals by reason), for the farm's gateway
 * list. Counted in memory on the ingest's path and written every two seconds (and before the list is read
 * on this instance), never inside the readings' transaction: the counts are a view for people, the
 * readings are the record. A gateway's first stored reading is written and told to the farm's sessions at
 * once (`gatewayfirstreading`), off the acknowledgement's path.
 */
export class GatewayTraffic {
  private pending = new Map<string, DayCounts>();
  /** Gateways known to have their first reading recorded (this process). */
  private readonly firstKnown = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private firsts: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.firsts;
    await this.flush();
  }

  record(gateway: GatewayIdentity, delivery: GatewayDelivery): void {
    const now = this.now();
    const day = now.toISOString().slice(0, 10);
    const key = `${gateway.gatewayId}|${day}`;
    let counts = this.pending.get(key);
    if (!counts) {
      counts = { gatewayId: gateway.gatewayId, day, stored: 0, refused: 0, reasons: new Map() };
      this.pending.set(key, counts);
    }
    counts.stored += delivery.stored;
    counts.refused += delivery.refusals.length;
    for (const full of delivery.refusals) {
      let reason = full.slice(0, MAX_REASON_LENGTH);
      if (!counts.reasons.has(reason) && counts.reasons.size >= MAX_REASONS_PER_FLUSH) reason = OTHER_REASONS;
      counts.reasons.set(reason, (counts.reasons.get(reason) ?? 0) + 1);
    }
    if (delivery.firstStoredSensor !== undefined && !this.firstKnown.has(gateway.gatewayId)) {
      this.firstKnown.add(gateway.gatewayId);
      this.firsts = Promise.all([this.firsts, this.recordFirst(gateway, delivery.firstStoredSensor, now)]);
    }
  }

  /** Writes what was counted; concurrent calls wait for the same write. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    for (const counts of batch) {
      try {
        await this.db.transaction(async (tx) => {
          // A gateway deleted meanwhile has no row to count for: nothing is written.
          const [gateway] = await tx.query(
            'UPDATE gateways SET last_seen_at = now() WHERE id = $1 RETURNING id',
            [counts.gatewayId],
          );
          if (!gateway) return;
          await tx.query(
            `INSERT INTO gateway_days (gateway_id, day, stored, refused) VALUES ($1, $2, $3, $4)
             ON CONFLICT (gateway_id, day) DO UPDATE
               SET stored = gateway_days.stored + EXCLUDED.stored, refused = gateway_days.refused + EXCLUDED.refused`,
            [counts.gatewayId, counts.day, counts.stored, counts.refused],
          );
          for (const [reason, count] of counts.reasons) {
            await tx.query(
              `INSERT INTO gateway_refusals (gateway_id, day, reason, count) VALUES ($1, $2, $3, $4)
               ON CONFLICT (gateway_id, day, reason) DO UPDATE SET count = gateway_refusals.count + EXCLUDED.count`,
              [counts.gatewayId, counts.day, reason, count],
            );
          }
        });
      } catch (error) {
        this.log.warn({ err: error, gatewayId: counts.gatewayId }, 'gateways: traffic counts not written');
      }
    }
  }

  private async recordFirst(gateway: GatewayIdentity, sensor: number, now: Date): Promise<void> {
    try {
      const [row] = await this.db.query<{ at: string }>(
        `UPDATE gateways SET first_reading_at = $2, first_reading_sensor = $3
          WHERE id = $1 AND first_reading_at IS NULL
          RETURNING to_char(first_reading_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
        [gateway.gatewayId, now.toISOString(), sensor],
      );
      if (!row) return;
      await this.bus.publish(gateway.farmId, {
        type: 'gatewayfirstreading',
        data: { gatewayId: gateway.gatewayId, sensor, at: row.at },
      });
    } catch (error) {
      this.firstKnown.delete(gateway.gatewayId);
      this.log.warn({ err: error, gatewayId: gateway.gatewayId }, 'gateways: first reading not recorded');
    }
  }
}

/** The sensor of the first item the ingest stored, from the items as sent. */
export const firstStoredSensor = (
  items: readonly unknown[],
  outcomes: readonly { index: number; status: string }[],
): number | undefined => {
  const stored = outcomes.find((outcome) => outcome.status === 'stored');
  const item = stored ? (items[stored.index] as { sensor?: unknown } | undefined) : undefined;
  return typeof item?.sensor === 'number' ? item.sensor : undefined;
};
