// The server's own numbers, read from its /metrics as an operator would: memory for the cost of a socket, and
// CPU and event-loop delay for where a phase's time went.
import { percentile } from '../surge/load';
import { sampleOf } from '../server-metrics';
import { collectGarbage } from './inspector';

const MiB = 1024 * 1024;

export interface Scrape {
  residentMiB: number;
  heapUsedMiB: number;
  /** Memory outside the JavaScript heap that V8 knows of: socket buffers and the like. */
  externalMiB: number;
  chatSockets: number;
  cpuSeconds: number;
  /** Event-loop delay since the previous scrape (prom-client resets it at each one). */
  lagP99Ms: number;
  lagMaxMs: number;
}

/** `/metrics`' text; once more if the request failed (a kept-alive connection the server had just closed). */
const metricsText = async (httpUrl: string): Promise<string> => {
  try {
    return await (await fetch(`${httpUrl}/metrics`)).text();
  } catch {
    return (await fetch(`${httpUrl}/metrics`)).text();
  }
};

export const scrape = async (httpUrl: string): Promise<Scrape> => {
  const text = await metricsText(httpUrl);
  return {
    residentMiB: sampleOf(text, 'process_resident_memory_bytes') / MiB,
    heapUsedMiB: sampleOf(text, 'nodejs_heap_size_used_bytes') / MiB,
    externalMiB: sampleOf(text, 'nodejs_external_memory_bytes') / MiB,
    chatSockets: sampleOf(text, 'cowcare_chat_sockets_open'),
    cpuSeconds: sampleOf(text, 'process_cpu_seconds_total'),
    lagP99Ms: sampleOf(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    lagMaxMs: sampleOf(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
  };
};

export interface SettledMemory {
  residentMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
  chatSockets: number;
}

const median = (values: readonly number[]) => percentile(values, 0.5);

/**
 * `rounds` readings a second apart, each right after a full collection (inspector.ts), as medians:
 * the live heap, and a resident set that the collector's saw does not move.
 */
export const settledMemory = async (
  instance: { httpUrl: string; inspectorPort: number },
  rounds = 5,
): Promise<SettledMemory> => {
  const scrapes: Scrape[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    await collectGarbage(instance.inspectorPort);
    scrapes.push(await scrape(instance.httpUrl));
  }
  return {
    residentMiB: median(scrapes.map((one) => one.residentMiB)),
    heapUsedMiB: median(scrapes.map((one) => one.heapUsedMiB)),
    externalMiB: median(scrapes.map((one) => one.externalMiB)),
    chatSockets: scrapes.at(-1)?.chatSockets ?? 0,
  };
};

/** Scrapes every second until stopped: the phase's peaks and the server's CPU over it. */
export const watchServer = (httpUrl: string) => {
  const scrapes: Scrape[] = [];
  const first = scrape(httpUrl);
  const timer = setInterval(() => {
    scrape(httpUrl).then(
      (one) => scrapes.push(one),
      () => undefined,
    );
  }, 1000);
  return async () => {
    clearInterval(timer);
    const start = await first;
    const end = await scrape(httpUrl);
    const all = [...scrapes, end];
    return {
      cpuSeconds: end.cpuSeconds - start.cpuSeconds,
      lagP99MaxMs: Math.max(...all.map((one) => one.lagP99Ms)),
      lagMaxMs: Math.max(...all.map((one) => one.lagMaxMs)),
      residentMaxMiB: Math.max(...all.map((one) => one.residentMiB)),
      heapUsedMaxMiB: Math.max(...all.map((one) => one.heapUsedMiB)),
    };
  };
};

export type ServerPhase = Awaited<ReturnType<ReturnType<typeof watchServer>>>;
