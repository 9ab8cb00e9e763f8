import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { checkLedger } from '../modules/wallet/ledger-check';
import { GATEWAY_ONLINE_MINUTES } from '@cowcare/contract/routes/gateways';
import { noticeGroupOfCode } from '@cowcare/domain/notice-codes';
import type { DetectionHandoff } from '../detection/detection-handoff';
import type { DetectionStage } from '../detection/detection-stage';
import type { Services } from '../services';

/** What the metrics read: the running parts of one server instance. */
export interface MetricSources {
  services: Pick<Services, 'config' | 'db' | 'ingest' | 'bus' | 'sockets' | 'mqtt'>;
  detection: Pick<DetectionStage, 'stats' | 'waitingCows' | 'cachedCows' | 'onDetected'>;
  /** Set when instances share the detection by farm. */
  handoff?: Pick<DetectionHandoff, 'stats' | 'members'> | undefined;
}

/** A registry, and the way to stop the listeners that feed its histograms. */
export interface MetricsRegistry {
  registry: Registry;
  stop: () => void;
}

type Registers = Registry[];

/**
 * The pipeline keeps plain totals of its own (`stats`) and knows nothing of Prometheus; a scrape reads them.
 * A counter that mirrors a total kept elsewhere is reset and added to on each scrape.
 */
const mirrored = (
  registers: Registers,
  name: string,
  help: string,
  totals: () => readonly (readonly [Record<string, string>, number])[],
  labelNames: string[] = [],
) =>
  new Counter({
    name,
    help,
    labelNames,
    registers,
    collect() {
      this.reset();
      for (const [labels, value] of totals()) this.inc(labels, value);
    },
  });

const gauge = (registers: Registers, name: string, help: string, value: () => number) =>
  new Gauge({
    name,
    help,
    registers,
    collect() {
      this.set(value());
    },
  });

const ingestMetrics = (registers: Registers, { config, ingest }: MetricSources['services']) => {
  const { stats, queue } = ingest;
  mirrored(
    registers,
    'cowcare_ingest_readings_total',
    'Readings received over MQTT and HTTP, by what became of them.',
    () => [
      [{ outcome: 'stored' }, stats.stored],
      [{ outcome: 'duplicate' }, stats.duplicate],
      [{ outcome: 'rejected' }, stats.rejected],
    ],
    ['outcome'],
  );
  mirrored(registers, 'cowcare_ingest_messages_total', 'Messages of readings written.', () => [
    [{}, stats.batches],
  ]);
  mirrored(
    registers,
    'cowcare_ingest_messages_dropped_total',
    'Messages dropped whole: not JSON or not readings, for a farm that does not exist, or MQTT packets over the size limit (their connection closed).',
    () => [
      [{ reason: 'unreadable' }, stats.unreadable],
      [{ reason: 'unknown_farm' }, stats.unknownFarm],
      [{ reason: 'too_large' }, stats.tooLarge],
    ],
    ['reason'],
  );
  gauge(registers, 'cowcare_ingest_queue_waiting', 'Messages waiting for a writer.', () => queue.length);
  gauge(
    registers,
    'cowcare_ingest_queue_waiting_max',
    'The most messages ever waiting since the start.',
    () => queue.maxLength,
  );
  gauge(
    registers,
    'cowcare_ingest_queue_limit',
    'Messages that may wait (INGEST_QUEUE_LIMIT); beyond it senders are slowed down.',
    () => config.ingestQueueLimit,
  );
  gauge(
    registers,
    'cowcare_ingest_writes_in_progress',
    'Transactions of readings being written now (at most INGEST_CONCURRENCY).',
    () => queue.active,
  );
  mirrored(
    registers,
    'cowcare_ingest_write_failures_total',
    'Transactions of readings that failed; their messages were not acknowledged, so they come again.',
    () => [[{}, stats.failedWrites]],
  );
  const writeSeconds = new Histogram({
    name: 'cowcare_ingest_write_seconds',
    help: 'Time of each transaction of readings, from its start to its commit.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const stopWrites = ingest.onWritten((seconds) => writeSeconds.observe(seconds));
  mirrored(
    registers,
    'cowcare_live_updates_dropped_total',
    'Live events not sent because the bus was too far behind (the readings themselves are stored).',
    () => [[{}, stats.liveUpdatesDropped]],
  );
  return stopWrites;
};

const detectionMetrics = (registers: Registers, detection: MetricSources['detection']) => {
  const { stats } = detection;
  mirrored(
    registers,
    'cowcare_detection_rounds_total',
    'Detection rounds, by how they ended.',
    () => [
      [{ outcome: 'done' }, stats.rounds - stats.failedRounds],
      [{ outcome: 'failed' }, stats.failedRounds],
    ],
    ['outcome'],
  );
  mirrored(
    registers,
    'cowcare_detection_round_seconds_total',
    'Time spent in detection rounds (÷ rounds: the mean round).',
    () => [[{}, stats.roundSeconds]],
  );
  mirrored(registers, 'cowcare_detection_cows_total', 'Cows run through the detectors.', () => [
    [{}, stats.cowsDetected],
  ]);
  mirrored(registers, 'cowcare_detection_notices_total', 'Notices recorded by detection.', () => [
    [{}, stats.noticesRecorded],
  ]);
  mirrored(
    registers,
    'cowcare_detection_history_reads_total',
    'Cows whose 11 days detection read in full (new here, forgotten by the cache, or the hourly refresh).',
    () => [[{}, stats.historiesRead]],
  );
  gauge(
    registers,
    'cowcare_detection_cached_cows',
    'Cows whose recent readings detection holds in memory (DETECTION_CACHE_READINGS bounds their readings).',
    () => detection.cachedCows,
  );
  gauge(
    registers,
    'cowcare_detection_waiting_cows',
    'Cows with new readings not yet detected: a growing number means detection is behind.',
    () => detection.waitingCows,
  );
  const waited = new Histogram({
    name: 'cowcare_detection_delay_seconds',
    help:
      "From the ingest telling of a cow's new readings to her notices recorded and sent, by urgency: urgent " +
      'cows (a feverish reading, a heat building) go first, routine ones are detected in the background.',
    labelNames: ['urgency'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers,
  });
  return detection.onDetected(({ waitedSeconds, urgent }) =>
    waited.observe({ urgency: urgent ? 'urgent' : 'routine' }, waitedSeconds),
  );
};

const handoffMetrics = (registers: Registers, handoff: NonNullable<MetricSources['handoff']>) => {
  const { stats } = handoff;
  mirrored(
    registers,
    'cowcare_detection_handoff_batches_total',
    'Committed batches by where their detection went: kept (this instance detects for the farm), sent (to ' +
      'the instance that does), received (from another instance), not_sent (the bus was away: detected here), ' +
      'resent (sent to an instance that then left or went silent: handed to the new one).',
    () => [
      [{ way: 'kept' }, stats.kept],
      [{ way: 'sent' }, stats.sent],
      [{ way: 'received' }, stats.received],
      [{ way: 'not_sent' }, stats.notSent],
      [{ way: 'resent' }, stats.resent],
    ],
    ['way'],
  );
  mirrored(
    registers,
    'cowcare_detection_heat_marks_moved_total',
    'Cows in whom a heat was building, their mark moved with their farm when an instance joined or left: ' +
      'sent (to the instance that took the farm), received (from the one that gave it up).',
    () => [
      [{ way: 'sent' }, stats.heatMarksSent],
      [{ way: 'received' }, stats.heatMarksReceived],
    ],
    ['way'],
  );
  gauge(
    registers,
    'cowcare_detection_instances',
    'Server instances this one hears on the bus, itself included: the farms are divided among them.',
    () => handoff.members.live().length,
  );
};

const deliveryMetrics = (registers: Registers, services: MetricSources['services']) => {
  const { bus, sockets } = services;
  mirrored(
    registers,
    'cowcare_bus_events_published_total',
    'Live events this instance published to the farms, by type.',
    () => [...bus.stats.published].map(([type, count]) => [{ type }, count] as const),
    ['type'],
  );
  mirrored(
    registers,
    'cowcare_bus_publish_failures_total',
    'Live events the bus refused (Redis or NATS unreachable).',
    () => [[{}, bus.stats.failures]],
  );
  mirrored(
    registers,
    'cowcare_notices_published_total',
    'Notices this instance sent to the farms, by group and code.',
    () =>
      [...bus.stats.noticesByCode].map(
        ([code, count]) =>
          [{ group: noticeGroupOfCode(code) ?? 'unknown', code: String(code) }, count] as const,
      ),
    ['group', 'code'],
  );
  gauge(registers, 'cowcare_sockets_open', "Browsers' live connections to this instance.", () =>
    sockets.connectionCount(),
  );
  gauge(
    registers,
    'cowcare_chat_sockets_open',
    "Browsers' chat sockets (/chat/{userId}) open on this instance, beside the farm sockets counted above.",
    () => sockets.chatConnectionCount(),
  );
  mirrored(
    registers,
    'cowcare_socket_messages_sent_total',
    "Live messages sent to this instance's browsers.",
    () => [[{}, sockets.delivered]],
  );
  gauge(
    registers,
    'cowcare_mqtt_connections',
    'Embedded broker: gateways connected to it. External broker: the member connections that are up and subscribed.',
    // Read at each scrape: the MQTT side starts after the app is built.
    () => services.mqtt?.connectionCount() ?? 0,
  );
  mirrored(
    registers,
    'cowcare_mqtt_connections_refused_total',
    'Embedded broker: connections closed at once because their address already had MQTT_MAX_CONNECTIONS_PER_ADDRESS open.',
    () => [[{}, services.mqtt?.refusedConnections() ?? 0]],
  );
  mirrored(
    registers,
    'cowcare_mqtt_sessions_taken_over_total',
    "External broker: sessions of other instances' members, lost without a word, that this instance took over: " +
      'it stored the readings queued in them and ended them, so the broker routes their share to live members.',
    () => [[{}, services.mqtt?.sessionsTakenOver() ?? 0]],
  );
};

/**
 * The platform's gateways by state, read from the table at each scrape: online (an MQTT connection open on
 * this instance, or a login or message within GATEWAY_ONLINE_MINUTES), offline (seen before), never (never
 * connected). A scrape while the database is down leaves the gauge empty rather than failing.
 */
const gatewayMetrics = (registers: Registers, { db, mqtt }: MetricSources['services']) =>
  new Gauge({
    name: 'cowcare_gateways',
    help: `Gateways of all farms by state: online (connected here, or seen within ${GATEWAY_ONLINE_MINUTES} minutes), offline, never (never connected).`,
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset();
      let rows: { id: number; recent: boolean; seen: boolean }[];
      try {
        rows = await db.query(
          `SELECT id, coalesce(last_seen_at > now() - make_interval(mins => $1), false) AS recent,
                  last_seen_at IS NOT NULL AS seen
             FROM gateways`,
          [GATEWAY_ONLINE_MINUTES],
        );
      } catch {
        return;
      }
      const connected = mqtt?.connectedGateways() ?? new Set<number>();
      const counts = { online: 0, offline: 0, never: 0 };
      for (const row of rows) {
        if (connected.has(row.id) || row.recent) counts.online += 1;
        else if (row.seen) counts.offline += 1;
        else counts.never += 1;
      }
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });

/**
 * The books' invariants (modules/wallet/ledger-check.ts) at each scrape: an alert on any of them being above
 * zero catches a broken ledger before a farmer does. A scrape while the database is down leaves them empty.
 */
const ledgerMetrics = (registers: Registers, { db }: MetricSources['services']) =>
  new Gauge({
    name: 'cowcare_ledger_problems',
    help: 'Ledger invariants broken: imbalance (sum of all entries, minor units, across currencies), unbalanced_transactions, incomplete_transactions, overdrawn_wallets. All 0 in healthy books.',
    labelNames: ['check'],
    registers,
    async collect() {
      this.reset();
      let check;
      try {
        check = await checkLedger(db);
      } catch {
        return;
      }
      this.set({ check: 'imbalance' }, Math.abs(check.totalMinor));
      this.set({ check: 'unbalanced_transactions' }, check.unbalancedTransactions);
      this.set({ check: 'incomplete_transactions' }, check.incompleteTransactions);
      this.set({ check: 'overdrawn_wallets' }, check.overdrawnWallets);
    },
  });

/**
 * One registry per server instance, not prom-client's global one, so instances in one process (the tests run
 * several) never share a metric. Process metrics (CPU, memory, event-loop delay, garbage collection) are
 * prom-client's defaults.
 */
export const createMetricsRegistry = (sources: MetricSources): MetricsRegistry => {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const { services } = sources;
  new Gauge({
    name: 'cowcare_info',
    help: 'The database, MQTT mode and bus of this instance (always 1).',
    labelNames: ['database', 'mqtt', 'bus'],
    registers,
    collect() {
      this.reset();
      this.set({ database: services.db.kind, mqtt: services.mqtt?.mode ?? 'off', bus: services.bus.kind }, 1);
    },
  });
  gatewayMetrics(registers, services);
  ledgerMetrics(registers, services);
  const stops = [ingestMetrics(registers, services), detectionMetrics(registers, sources.detection)];
  deliveryMetrics(registers, services);
  if (sources.handoff) handoffMetrics(registers, sources.handoff);
  return { registry, stop: () => stops.forEach((stop) => stop()) };
};
