// How much memory a flood of MQTT traffic makes the embedded broker's server hold. Not a test: it writes
// RESULTS.md next to this file. The server runs in a child process that samples its own memory.
// Run: npx tsx bench/mqtt-flood/run.ts
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connectPacket, publishPacket } from '../../apps/server/test/helpers/mqtt-packets';
import { FIRST_SENSOR } from '../ingest/farm';
import { describeMachine } from '../machine';

interface Target {
  port: number;
  topic: string;
  gateway: { username: string; secret: string };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;

/** 1,000 readings padded to about 1,000 KB, just under the 1 MiB a message may carry. */
const fullMessage = (first: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: 1_000 }, (_, index) => ({
        sensor: FIRST_SENSOR + index,
        num: first + index,
        timedate: new Date(Date.now() - (first + index) * 1_000).toISOString(),
        activity: 12,
        note: 'x'.repeat(880),
      })),
    ),
  );

interface Login {
  username: string;
  password: string;
  /** The connection's own address. */
  from: string;
}

/**
 * One connection: CONNECT, then `messages` QoS 1 publishes as fast as the socket takes them, without
 * waiting for any answer. It ends when the server closes it, when every message is acknowledged, or after
 * `holdMs`. Answers how many bytes the socket accepted.
 */
const sendBlind = async (target: Target, login: Login, messages: number, holdMs: number): Promise<number> => {
  const socket: Socket = connect({ port: target.port, host: '127.0.0.1', localAddress: login.from });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // The server answers a CONNACK, then a PUBACK for each message: 4 bytes each.
  let answered = 0;
  socket.on('data', (chunk: Buffer) => {
    answered += chunk.length;
    if (messages > 0 && answered >= 4 * (messages + 1)) socket.destroy();
  });
  await once(socket, 'connect');
  socket.write(connectPacket(`flood-${Math.random()}`, login.username, login.password));
  let sent = 0;
  for (let message = 1; message <= messages && !socket.destroyed; message += 1) {
    const packet = publishPacket(target.topic, message, fullMessage(message * 1_000));
    const drained = socket.write(packet);
    sent += packet.length;
    if (!drained) await Promise.race([once(socket, 'drain').catch(() => undefined), closed]);
  }
  const hold = setTimeout(() => socket.destroy(), holdMs);
  await closed;
  clearTimeout(hold);
  return sent;
};

interface Scenario {
  name: string;
  connections: number;
  messagesEach: number;
  login: (index: number, target: Target) => Login;
  holdMs: number;
}

/**
 * Each wrong login from an address of its own (any of 127.0.0.0/8 reaches the server here): from one
 * address, the login throttle would block the address after 30 failures and spare the server every later
 * check, and the scenario would no longer measure what a login costs.
 */
const wrongLogin = (index: number): Login => ({
  username: `nobody-${index}`,
  password: 'wrong secret',
  from: `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`,
});
const scenarios: Scenario[] = [
  {
    name: 'wrong login, nothing after it (baseline)',
    connections: 200,
    messagesEach: 0,
    login: wrongLogin,
    holdMs: 60_000,
  },
  {
    name: 'wrong login, then 42 messages of 1 MiB without waiting',
    connections: 200,
    messagesEach: 42,
    login: wrongLogin,
    holdMs: 60_000,
  },
  {
    name: 'right login, then 20 messages of 1 MiB without waiting for PUBACK',
    connections: 10,
    messagesEach: 20,
    login: (_index, target) => ({
      username: target.gateway.username,
      password: target.gateway.secret,
      from: '127.0.0.1',
    }),
    holdMs: 60_000,
  },
];

interface Memory {
  residentMiB: number;
  javascriptMiB: number;
}

/** The server's memory peaks since the last `reset` (which also starts a new period). */
type AskServer = (command: 'reset' | 'read') => Promise<Memory>;

interface Outcome {
  scenario: Scenario;
  offeredMiB: number;
  seconds: number;
  before: Memory;
  peak: Memory;
}

const run = async (askServer: AskServer, target: Target, scenario: Scenario): Promise<Outcome> => {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = await askServer('reset');
  const started = performance.now();
  const sent = await Promise.all(
    Array.from({ length: scenario.connections }, (_, index) =>
      sendBlind(target, scenario.login(index, target), scenario.messagesEach, scenario.holdMs),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const offeredMiB = sent.reduce((sum, bytes) => sum + bytes, 0) / MiB;
  return { scenario, offeredMiB, seconds, before, peak: await askServer('read') };
};

const main = async () => {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the server stopped');
    return line.value;
  };
  const target = JSON.parse(await nextLine()) as Target;
  const askServer: AskServer = async (command) => {
    server.stdin.write(`${command}\n`);
    return JSON.parse(await nextLine()) as Memory;
  };
  const outcomes: Outcome[] = [];
  try {
    // Warm-up: the server's memory settles after its start (the heap shrinks); not reported.
    await run(askServer, target, scenarios[0] as Scenario);
    for (const scenario of scenarios) {
      const outcome = await run(askServer, target, scenario);
      console.log(JSON.stringify({ ...outcome, scenario: scenario.name }));
      outcomes.push(outcome);
    }
  } finally {
    server.stdin.end();
    await once(server, 'exit');
  }
  writeFileSync(path.join(here, 'RESULTS.md'), report(outcomes));
};

const report = (outcomes: readonly Outcome[]) => `# MQTT flood: the server's memory

Run: \`npx tsx bench/mqtt-flood/run.ts\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version},
${describeMachine()}.

The server runs in a process of its own (PGlite on disk, the embedded broker, one farm of 1,000 cows and its
gateway); the connections run in this one and send packets they build themselves, each as fast as its
socket takes them, without waiting for any answer. A first round of the baseline warms the server up; each
scenario then starts after 2 s of quiet. The server samples its memory every 5 ms: its resident set, and
what JavaScript holds (V8's heap in use and the buffers outside it, where received packets and parsed
readings live); the peaks are taken from the scenario's start to 1 s after its last connection closed. The
resident set also carries PGlite's WebAssembly memory and what the allocator has not given back, so its
level before a scenario differs from run to run. "Offered" is what the sockets accepted, not what the
server read; "seconds" runs until the server had closed every wrong login, or acknowledged every message.

| scenario | connections | offered (MiB) | seconds | JavaScript before → peak (MiB) | resident before → peak (MiB) |
| --- | --- | --- | --- | --- | --- |
${outcomes
  .map(
    ({ scenario, offeredMiB, seconds, before, peak }) =>
      `| ${scenario.name} | ${scenario.connections} | ${offeredMiB.toFixed(0)} | ${seconds.toFixed(1)} | ${before.javascriptMiB.toFixed(0)} → ${peak.javascriptMiB.toFixed(0)} | ${before.residentMiB.toFixed(0)} → ${peak.residentMiB.toFixed(0)} |`,
  )
  .join('\n')}

The data behind a wrong login costs little: Aedes pauses a connection while it checks the login
(lib/handlers/connect.js) and reads nothing more from it; what its first read took in beyond the CONNECT
waits in the client's queue and is dropped with the connection when the login fails. The logins themselves
cost more: each failed one still runs an argon2id check (19 MiB, on libuv's pool of 4 threads) so that a
wrong username takes as long as a wrong secret. A logged-in gateway is slowed down instead: the PUBACK waits
for the commit, the ingest queue holds at most \`INGEST_QUEUE_LIMIT\` (32) batches, and Aedes reads no further
while a read's packets are in flight, so its peak follows the queue, not what the gateways offer.

Each wrong login comes from an address of its own: from one address, the login throttle would block the
address after 30 failures and spare the server the later checks. Between scenarios the garbage collector
may shrink the heap, so compare a row's peak with its own starting level.
`;

await main();
