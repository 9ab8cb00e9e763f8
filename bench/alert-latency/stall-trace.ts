// What this process was doing while a slow alert waited: garbage-collection pauses and event-loop stalls,
// on the same clock as the alerts (performance.now()), so a p99 decided by a few stalls can be read off.
import { PerformanceObserver, performance } from 'node:perf_hooks';

interface Pause {
  /** performance.now() at its start. */
  start: number;
  ms: number;
  stall: boolean;
  what: string;
}

/** An event-loop turn (or, in run.ts, a one-row commit) this much later than asked for counts as a stall. */
export const STALL_MS = 20;

/** "54 ms at +30 ms": how long something took, and when it started after `from`. */
export const tookAt = (ms: number, start: number, from: number) =>
  `${ms.toFixed(0)} ms at +${(start - from).toFixed(0)} ms`;
const PROBE_MS = 5;

const GC_KINDS: Record<number, string> = {
  1: 'minor GC',
  2: 'major GC',
  4: 'incremental GC',
  8: 'weak callbacks GC',
};

export class StallTrace {
  private readonly pauses: Pause[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as { detail?: { kind?: number } };
      const kind = detail?.kind ?? 0;
      if (entry.duration >= 2) {
        this.pauses.push({
          start: entry.startTime,
          ms: entry.duration,
          stall: false,
          what: GC_KINDS[kind] ?? 'GC',
        });
      }
    }
  });
  private readonly probe: NodeJS.Timeout;

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
    let expected = performance.now() + PROBE_MS;
    this.probe = setInterval(() => {
      const now = performance.now();
      const late = now - expected;
      if (late >= STALL_MS) {
        this.pauses.push({ start: expected, ms: late, stall: true, what: 'event loop blocked' });
      }
      expected = now + PROBE_MS;
    }, PROBE_MS);
  }

  /** The pauses that overlap [from, to], in order. */
  during(from: number, to: number): string {
    const overlapping = this.pauses.filter((pause) => pause.start < to && pause.start + pause.ms > from);
    if (overlapping.length === 0) return 'no GC pause or event-loop stall in this process';
    return overlapping.map((pause) => `${pause.what} ${tookAt(pause.ms, pause.start, from)}`).join(', ');
  }

  /** Totals over [from, to]: how much of the time went to GC, and to stalls. */
  totals(from: number, to: number): { gcMs: number; stalledMs: number; stalls: number } {
    let gcMs = 0;
    let stalledMs = 0;
    let stalls = 0;
    for (const pause of this.pauses) {
      if (pause.start < from || pause.start > to) continue;
      if (pause.stall) {
        stalledMs += pause.ms;
        stalls += 1;
      } else gcMs += pause.ms;
    }
    return { gcMs, stalledMs, stalls };
  }

  stop(): void {
    this.observer.disconnect();
    clearInterval(this.probe);
  }
}
