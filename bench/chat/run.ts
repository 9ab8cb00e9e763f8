// Chat benchmark (issue 35): 1,000 users, each with an open chat socket, made through the product's own calls;
// messages at 20/s (the baseline) then 200/s over friends' and groups' conversations and customer service;
// delivery latency from the send request to each member's socket, and the server's memory per socket.
// Not a test: it writes runs/<topology>.md next to this file (RESULTS.md says what the numbers mean).
// Run: npx tsx bench/chat/run.ts [--users 1000] [--rate 200] [--seconds 60] [--baseline-rate 20]
//      [--baseline-seconds 30] [--postgres | --scale] [--profile]
//      --postgres: a scratch database beside DATABASE_URL's; --scale: that and two instances on REDIS_URL's
//      Redis (the local one by default); --profile: a CPU profile of the server in the loaded phase.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@cowcare/contract/api';
import { describeMachine } from '../machine';
import { logProblemsOf, numberFlag } from '../surge/load';
import { mustCall } from './api';
import { settledMemory, watchServer } from './memory';
import { startProfile } from './inspector';
import { watchBackends } from './postgres-cpu';
import { populate } from './population';
import { summariseProfile, type CpuProfile } from './profile-summary';
import { renderReport, type MemoryStep, type PhaseResult } from './report';
import { startServers, SUPPORT_AGENT, type ServerSet, type Topology } from './servers';
import { ChatSockets, PING_EVERY_MS } from './sockets';
import { DeliveryTracker, driveTraffic, type Phase, type TrafficSetup } from './traffic';

const here = path.dirname(fileURLToPath(import.meta.url));
const users = numberFlag('users', 1_000);
const topology: Topology = process.argv.includes('--scale')
  ? 'scale'
  : process.argv.includes('--postgres')
    ? 'postgres'
    : 'pglite';
/** The warm-up is not reported: a fresh server compiles its send path in the first seconds. */
const phases: Phase[] = [
  { name: 'warmup', rate: numberFlag('baseline-rate', 20), seconds: 10 },
  { name: 'baseline', rate: numberFlag('baseline-rate', 20), seconds: numberFlag('baseline-seconds', 30) },
  { name: 'load', rate: numberFlag('rate', 200), seconds: numberFlag('seconds', 60) },
];
/** After the last send, how long deliveries may still come before they count as missing. */
const GRACE_MS = 5_000;
const RUN_ID = randomBytes(3).toString('hex');
/** `--profile`: a CPU profile of each instance over the loaded phase (it slows the server a little). */
const PROFILE = process.argv.includes('--profile');
/** What Node prints when the benchmark's garbage collections attach to the inspector (inspector.ts). */
const INSPECTOR_LINE = /^(Debugger (listening|attached|ending)|For help, see)/;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const memoryStep = async (servers: ServerSet, label: string, sockets: number): Promise<MemoryStep> => {
  const perInstance = await Promise.all(servers.instances.map((instance) => settledMemory(instance)));
  log(
    `memory ${label}: ${perInstance.map((one) => `resident ${one.residentMiB.toFixed(1)} MiB, heap ${one.heapUsedMiB.toFixed(1)} MiB, ${one.chatSockets} chat sockets`).join(' / ')}`,
  );
  return { label, sockets, perInstance };
};

/** Profiles of the loaded phase (`--profile`), one per instance, summarised into the report. */
const profiles: string[] = [];

const runPhase = async (setup: TrafficSetup, servers: ServerSet, phase: Phase): Promise<PhaseResult> => {
  log(`${phase.name}: ${phase.rate} messages/s for ${phase.seconds} s`);
  const watches = servers.instances.map((instance) => watchServer(instance.httpUrl));
  const postgresWatch = servers.postgresDatabase ? watchBackends(servers.postgresDatabase) : undefined;
  const benchAtStart = process.cpuUsage();
  // This process's own delays stamp arrivals late: the client's share of the latency, reported beside it.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  const profiling =
    PROFILE && phase === phases.at(-1)
      ? await Promise.all(servers.instances.map((instance) => startProfile(instance.inspectorPort)))
      : [];
  await driveTraffic(setup, phase);
  const bench = process.cpuUsage(benchAtStart);
  benchLoop.disable();
  const result: PhaseResult = {
    phase,
    servers: await Promise.all(watches.map((stop) => stop())),
    benchCpuSeconds: (bench.user + bench.system) / 1e6,
    benchLoopDelayMs: { p99: benchLoop.percentile(99) / 1e6, max: benchLoop.max / 1e6 },
    ...(postgresWatch ? { postgresCpuSeconds: postgresWatch() } : {}),
  };
  for (const [index, stop] of profiling.entries()) {
    const profile = await stop();
    const file = path.join(os.tmpdir(), `chat-bench-${RUN_ID}-${index + 1}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    log(`profile of instance ${index + 1}: ${file}`);
    profiles.push(`Instance ${index + 1} (\`${file}\`): ${summariseProfile(profile as CpuProfile, 25)}`);
  }
  return result;
};

const main = async () => {
  const uptimeAtStart = uptime();
  log(`${topology}: ${users} users; ${uptimeAtStart}`);
  const servers = await startServers(topology, RUN_ID);
  const tracker = new DeliveryTracker(servers.instances.length);
  const sockets = new ChatSockets(tracker.arrival);
  try {
    const baseUrls = servers.instances.map((instance) => instance.httpUrl);
    const [firstUrl = ''] = baseUrls;
    const population = await populate(firstUrl, RUN_ID, users, log);
    const { token: adminToken } = await mustCall(firstUrl, api.admin.login, { body: SUPPORT_AGENT });

    const memory = [await memoryStep(servers, 'no chat socket', 0)];
    const tenth = Math.round(users / 10);
    await sockets.open(population.users.slice(0, tenth), baseUrls);
    sockets.startPings();
    await sleep(PING_EVERY_MS);
    memory.push(await memoryStep(servers, `${tenth} sockets, idle`, tenth));
    await sockets.open(population.users.slice(tenth), baseUrls);
    await sleep(PING_EVERY_MS);
    memory.push(await memoryStep(servers, `${users} sockets, idle`, users));
    const open = memory.at(-1)?.perInstance.reduce((sum, one) => sum + one.chatSockets, 0) ?? 0;
    if (open !== users) throw new Error(`the servers hold ${open} chat sockets, not ${users}`);

    const setup: TrafficSetup = { population, adminToken, baseUrls, tracker, runId: RUN_ID };
    const cpuAtStart = process.cpuUsage();
    const trafficStartedAt = performance.now();
    const results: PhaseResult[] = [];
    for (const phase of phases) results.push(await runPhase(setup, servers, phase));
    await sleep(GRACE_MS);
    const cpu = process.cpuUsage(cpuAtStart);
    const measuredSeconds = (performance.now() - trafficStartedAt) / 1000;
    await sockets.close();
    const logProblems = servers.instances
      .flatMap((instance) => logProblemsOf(instance.output()))
      .filter((line) => !INSPECTOR_LINE.test(line));

    const report = renderReport({
      command: `npx tsx bench/chat/run.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
      machine: describeMachine(),
      uptimeAtStart,
      uptimeAtEnd: uptime(),
      database: servers.database,
      instances: servers.instances.length,
      population,
      memory,
      // The warm-up is left out of the tables.
      phases: results.slice(1),
      tracker,
      benchCpuSeconds: (cpu.user + cpu.system) / 1e6,
      measuredSeconds,
      otherFrames: sockets.otherFrames,
      socketsClosedEarly: sockets.closedEarly,
      logProblems,
    });
    const profiled =
      profiles.length > 0
        ? `${report}\n## Where the server's CPU went in the loaded phase (sampling profiler on)\n\n${profiles.join('\n')}`
        : report;
    mkdirSync(path.join(here, 'runs'), { recursive: true });
    writeFileSync(path.join(here, 'runs', `${topology}${PROFILE ? '-profiled' : ''}.md`), profiled);
    console.log(profiled);
  } catch (error) {
    for (const [index, instance] of servers.instances.entries()) {
      console.error(`instance ${index + 1}'s output, the end:\n${instance.output().slice(-3000)}`);
    }
    throw error;
  } finally {
    await sockets.close();
    await servers.stop();
  }
};

await main();
