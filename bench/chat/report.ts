// The chat benchmark's report: Markdown tables of what a run measured (see run.ts for the run itself).
import { percentile } from '../surge/load';
import type { ServerPhase, SettledMemory } from './memory';
import type { Population } from './population';
import { MIX, type Delivery, type DeliveryTracker, type MessageKind, type Phase } from './traffic';

export const GOAL_P99_MS = 100;

export interface MemoryStep {
  label: string;
  sockets: number;
  /** One reading per instance. */
  perInstance: SettledMemory[];
}

export interface PhaseResult {
  phase: Phase;
  servers: ServerPhase[];
  /** This process's CPU over the phase: the load generator's. */
  benchCpuSeconds: number;
  /** This process's event-loop delay over the phase: how late it may have stamped an arrival. */
  benchLoopDelayMs: { p99: number; max: number };
  /** The PostgreSQL backends' of the benchmark's database (not on PGlite: it is in the server's process). */
  postgresCpuSeconds?: number;
}

export interface RunFacts {
  command: string;
  machine: string;
  uptimeAtStart: string;
  uptimeAtEnd: string;
  database: string;
  instances: number;
  population: Population;
  memory: MemoryStep[];
  phases: PhaseResult[];
  tracker: DeliveryTracker;
  /** CPU seconds of this (load-generating) process over the measured phases. */
  benchCpuSeconds: number;
  measuredSeconds: number;
  otherFrames: Map<string, number>;
  socketsClosedEarly: number;
  logProblems: string[];
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

const latencyCells = (values: readonly number[]): string =>
  values.length === 0
    ? '- | - | - | -'
    : [0.5, 0.95, 0.99].map((fraction) => fixed(percentile(values, fraction))).join(' | ') +
      ` | ${fixed(Math.max(...values))}`;

const msOf = (deliveries: readonly Delivery[]) => deliveries.map((delivery) => delivery.ms);

const phaseRows = (facts: RunFacts): string =>
  facts.phases
    .map(({ phase }) => {
      const sends = facts.tracker.sends.filter((send) => send.phase === phase.name);
      const stored = sends.filter((send) => send.status === 200);
      const recipients = facts.tracker.deliveries.filter(
        (delivery) => delivery.phase === phase.name && delivery.role === 'recipient',
      );
      const { owed, delivered, missing, ofFailedSends } = facts.tracker.tally(phase.name, 'recipient');
      return (
        `| ${phase.name} | ${phase.rate} | ${phase.seconds} | ${sends.length} | ${sends.length - stored.length} | ` +
        `${latencyCells(sends.map((send) => send.ms))} | ${owed} | ${delivered} | ${missing} | ${ofFailedSends} | ` +
        `${latencyCells(msOf(recipients))} |`
      );
    })
    .join('\n');

const kindRows = (facts: RunFacts, phase: string): string => {
  const ofPhase = facts.tracker.deliveries.filter((delivery) => delivery.phase === phase);
  const kinds: MessageKind[] = ['direct', 'group', 'reply'];
  const rows = kinds.map((kind) => {
    const deliveries = ofPhase.filter((delivery) => delivery.kind === kind && delivery.role === 'recipient');
    return `| ${kind} → the other members | ${deliveries.length} | ${latencyCells(msOf(deliveries))} |`;
  });
  const echoes = ofPhase.filter((delivery) => delivery.role === 'echo');
  rows.push(
    `| the sender's own socket (their other devices) | ${echoes.length} | ${latencyCells(msOf(echoes))} |`,
  );
  if (facts.instances > 1) {
    for (const cross of [false, true]) {
      const deliveries = ofPhase.filter(
        (delivery) => delivery.role === 'recipient' && delivery.cross === cross,
      );
      rows.push(
        `| ${cross ? 'socket on the other instance' : 'socket on the instance that stored it'} | ${deliveries.length} | ${latencyCells(msOf(deliveries))} |`,
      );
    }
  }
  return rows.join('\n');
};

const memoryRows = (facts: RunFacts): string => {
  const [before] = facts.memory;
  const perSocket = (now: number, then: number, sockets: number) =>
    sockets > 0 ? fixed(((now - then) * 1024) / sockets) : '-';
  const rows = facts.memory.flatMap((step) =>
    step.perInstance.map((reading, instance) => {
      const base = before?.perInstance[instance] ?? reading;
      const sockets = reading.chatSockets;
      return (
        `| ${step.label} | ${facts.instances > 1 ? instance + 1 : ''} | ${sockets} | ${fixed(reading.residentMiB)} | ` +
        `${fixed(reading.heapUsedMiB)} | ${fixed(reading.externalMiB)} | ${perSocket(reading.residentMiB, base.residentMiB, sockets)} | ` +
        `${perSocket(reading.heapUsedMiB, base.heapUsedMiB, sockets)} |`
      );
    }),
  );
  const [previous, last] = facts.memory.slice(-2);
  last?.perInstance.forEach((reading, instance) => {
    const earlier = previous?.perInstance[instance];
    if (!earlier) return;
    const added = reading.chatSockets - earlier.chatSockets;
    rows.push(
      `| marginal: the ${added} sockets added last | ${facts.instances > 1 ? instance + 1 : ''} | +${added} | ` +
        `+${fixed(reading.residentMiB - earlier.residentMiB)} | +${fixed(reading.heapUsedMiB - earlier.heapUsedMiB)} | ` +
        `+${fixed(reading.externalMiB - earlier.externalMiB)} | ${perSocket(reading.residentMiB, earlier.residentMiB, added)} | ` +
        `${perSocket(reading.heapUsedMiB, earlier.heapUsedMiB, added)} |`,
    );
  });
  return rows.join('\n');
};

const serverRows = (facts: RunFacts): string =>
  facts.phases
    .flatMap(({ phase, servers }) =>
      servers.map(
        (server, instance) =>
          `| ${phase.name} | ${facts.instances > 1 ? instance + 1 : ''} | ${fixed((server.cpuSeconds / phase.seconds) * 100, 0)} % | ` +
          `${fixed(server.lagP99MaxMs)} | ${fixed(server.lagMaxMs)} | ${fixed(server.residentMaxMiB, 0)} | ${fixed(server.heapUsedMaxMiB, 0)} |`,
      ),
    )
    .join('\n');

const cpuRows = (facts: RunFacts): string =>
  facts.phases
    .map(({ phase, servers, benchCpuSeconds, benchLoopDelayMs, postgresCpuSeconds }) => {
      const messages = phase.rate * phase.seconds;
      const perMessage = (seconds: number) => fixed((seconds * 1000) / messages, 2);
      const server = servers.reduce((sum, one) => sum + one.cpuSeconds, 0);
      const total = server + (postgresCpuSeconds ?? 0) + benchCpuSeconds;
      return (
        `| ${phase.name} | ${perMessage(server)} | ${postgresCpuSeconds === undefined ? 'in the server' : perMessage(postgresCpuSeconds)} | ` +
        `${perMessage(benchCpuSeconds)} | ${fixed(total / phase.seconds, 2)} | ` +
        `${fixed(benchLoopDelayMs.p99)} / ${fixed(benchLoopDelayMs.max)} |`
      );
    })
    .join('\n');

const recipientP99 = (facts: RunFacts, phase: string | undefined) =>
  percentile(
    msOf(
      facts.tracker.deliveries.filter(
        (delivery) => delivery.phase === phase && delivery.role === 'recipient',
      ),
    ),
    0.99,
  );

export const renderReport = (facts: RunFacts): string => {
  const { population } = facts;
  const load = facts.phases.at(-1)?.phase;
  const baseline = facts.phases.at(-2)?.phase;
  const loadP99 = recipientP99(facts, load?.name);
  const baselineP99 = recipientP99(facts, baseline?.name);
  const groupSizes = population.conversations.group.map((group) => group.members.length);
  const errors = new Map<string, number>();
  for (const send of facts.tracker.sends.filter((one) => one.status !== 200)) {
    const key = `${send.status} ${send.error ?? ''}`.slice(0, 160);
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  return `# Chat: ${population.users.length} sockets, ${load?.rate ?? 0} messages/s

Run: \`${facts.command}\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version},
${facts.machine}.
Load (\`uptime\`) at the start: \`${facts.uptimeAtStart}\`; at the end: \`${facts.uptimeAtEnd}\`.

${facts.database}, ${facts.instances === 1 ? 'one instance (in-process bus)' : `${facts.instances} instances on a Redis bus (user i's socket on instance i mod 2, sends to the instances in turn)`}; the real server in a process of its own.
The load generator (this process: ${population.users.length} \`ws\` sockets, the HTTP sends) used
${fixed(facts.benchCpuSeconds, 0)} s of CPU over the ${fixed(facts.measuredSeconds, 0)} s of traffic, on the same cores as the server.

**Users**, through the product's calls: ${population.users.length} registrations in ${fixed(population.seconds.register)} s (argon2id each),
${population.friendships} friendships (request + acceptance) in ${fixed(population.seconds.friends)} s, ${population.conversations.group.length} groups
(${Math.min(...groupSizes)}-${Math.max(...groupSizes)} members, ${groupSizes.reduce((a, b) => a + b, 0)} memberships) in ${fixed(population.seconds.groups)} s,
every user's conversation list (their customer-service conversation) in ${fixed(population.seconds.relations)} s.
${population.conversations.direct.length} direct conversations, ${population.conversations.group.length} groups, ${population.conversations.service.length} customer-service conversations.
**Mix**: ${Object.entries(MIX)
    .map(([kind, share]) => `${kind} ${Math.round(share * 100)} %`)
    .join(', ')} (service: a farm user to support; reply: support's \`admin/chat/send\` to a farm user).
Sockets ping every 10 s as the web client does.

## Delivery latency

From the start of the send request to the \`chatmessage\` frame on each member's socket (the sender's own
socket left out here, below apart), in ms. Messages are sent at a fixed rate whatever the answers (open loop).
Owed: to the members of every message answered 200; of failed sends: deliveries of messages stored although
their answer failed (the latency columns count every delivery).

| phase | msg/s | s | sent | HTTP errors | send p50 | send p95 | send p99 | send max | deliveries owed | delivered | missing | of failed sends | p50 | p95 | p99 | max |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${phaseRows(facts)}

Sender's own sockets: ${facts.phases.map(({ phase }) => `${phase.name} ${facts.tracker.tally(phase.name, 'echo').missing} missing of ${facts.tracker.tally(phase.name, 'echo').owed}`).join(', ')}.
Duplicated deliveries: ${facts.tracker.duplicates}; chat frames for a socket that was not a member, or for no message sent: ${facts.tracker.unexpected};
sockets closed during the run: ${facts.socketsClosedEarly}.${errors.size > 0 ? `\nHTTP errors: ${[...errors].map(([key, count]) => `${count} × \`${key}\``).join('; ')}.` : ''}

**Goal** (issue 35): p99 < ${GOAL_P99_MS} ms on one instance. At ${load?.rate ?? 0} msg/s: p99 ${fixed(loadP99)} ms — **${loadP99 < GOAL_P99_MS ? 'met' : 'missed'}**${facts.instances > 1 ? ' (this run has two instances)' : ''}.
Against the ${baseline?.rate ?? 0} msg/s baseline of the same run (p99 ${fixed(baselineP99)} ms): ×${fixed(loadP99 / Math.max(baselineP99, 0.001), 2)}.

By kind, phase \`${load?.name ?? ''}\` (ms):

| deliveries | count | p50 | p95 | p99 | max |
| --- | --- | --- | --- | --- | --- |
${kindRows(facts, load?.name ?? '')}

## Memory per connected socket

From \`/metrics\`, each the median of 5 readings a second apart, each reading right after a full garbage
collection (through the server's inspector): resident set, heap in use, external memory (buffers, PGlite's
WebAssembly memory). KiB per socket is the rise over the reading before any socket, divided by the sockets
open; the last row's rise over the one before it, per socket added, is the marginal cost.

| when | instance | chat sockets | resident (MiB) | heap used (MiB) | external (MiB) | resident KiB/socket | heap KiB/socket |
| --- | --- | --- | --- | --- | --- | --- | --- |
${memoryRows(facts)}

## The server during each phase

CPU of the server process as a share of one core; event-loop delay from \`/metrics\` each second (the worst
second's p99, and the longest single delay); the peaks of memory.

| phase | instance | CPU | loop delay p99, worst second (ms) | loop delay max (ms) | resident max (MiB) | heap used max (MiB) |
| --- | --- | --- | --- | --- | --- | --- |
${serverRows(facts)}

CPU per message sent (ms), of the server, of the database and of the load generator, and the cores all
three kept busy (the machine has ${facts.machine.split(' ')[0]}, shared with other work), and the load generator's own
event-loop delay (p99 / max, ms): an arrival is stamped when its frame is handled, so this much of a latency
may be the client's:

| phase | server | PostgreSQL backends | load generator | cores busy | load generator's loop delay |
| --- | --- | --- | --- | --- | --- |
${cpuRows(facts)}

Other frames the sockets got: ${[...facts.otherFrames].map(([type, count]) => `${type} ${count}`).join(', ') || 'none'}.
**Server log**: ${facts.logProblems.length} warning or error lines${facts.logProblems.length > 0 ? `:\n\n\`\`\`\n${facts.logProblems.slice(0, 10).join('\n').slice(0, 3000)}\n\`\`\`` : '.'}
`;
};
