import type { DetectionReading } from './detection-inputs';

/**
 * One cow's recent readings from one sensor, oldest first, in three parallel columns of plain doubles (NaN
 * for a missing value): about 24 bytes a reading, against some 60 for an object, and V8 keeps such arrays
 * unboxed.
 */
export class CowReadingHistory {
  private readonly times: number[] = [];
  private readonly temperatures: number[] = [];
  private readonly activities: number[] = [];
  /** Wall-clock time of the last detection run on this history. */
  detectedAt = -Infinity;

  constructor(
    readonly sensorId: number,
    /** Wall-clock time of the full load from the database this history started with. */
    readonly loadedAt: number,
  ) {}

  get size(): number {
    return this.times.length;
  }

  /** Epoch ms of the newest reading, or -Infinity when there is none. */
  get newest(): number {
    return this.times[this.times.length - 1] ?? -Infinity;
  }

  /** Adds readings in any order; a time already held keeps its first reading, as the database does. */
  add(readings: readonly DetectionReading[]): void {
    for (const reading of readings) {
      const index = this.insertionIndex(reading.time);
      if (this.times[index] === reading.time) continue;
      const temperature = reading.temperature ?? Number.NaN;
      const activity = reading.activity ?? Number.NaN;
      if (index === this.times.length) {
        this.times.push(reading.time);
        this.temperatures.push(temperature);
        this.activities.push(activity);
      } else {
        // A late reading (a gateway's backlog, another instance's batch): rare, so a splice is fine.
        this.times.splice(index, 0, reading.time);
        this.temperatures.splice(index, 0, temperature);
        this.activities.splice(index, 0, activity);
      }
    }
  }

  /** Forgets readings older than `hours` before the newest. */
  trim(hours: number): void {
    const cut = this.insertionIndex(this.newest - hours * 3_600_000 + 1);
    if (cut === 0) return;
    this.times.splice(0, cut);
    this.temperatures.splice(0, cut);
    this.activities.splice(0, cut);
  }

  /** The time of the newest reading before `time`, or undefined when none is held. */
  timeBefore(time: number): number | undefined {
    const index = this.insertionIndex(time);
    return index === 0 ? undefined : this.times[index - 1];
  }

  readings(): DetectionReading[] {
    return this.times.map((time, index) => ({
      time,
      temperature: valueOrNull(this.temperatures[index]),
      activity: valueOrNull(this.activities[index]),
    }));
  }

  /** The first index whose time is not below `time`. */
  private insertionIndex(time: number): number {
    const { times } = this;
    // Nearly every reading is the newest: check the end before searching.
    if (times.length === 0 || (times[times.length - 1] as number) < time) return times.length;
    let low = 0;
    let high = times.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((times[middle] as number) < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const valueOrNull = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? null : value;

/**
 * The histories of the cows detection saw last, bounded by their total readings: the least recently used cow
 * is forgotten first and reloaded from the database when she next has readings.
 */
export class ReadingHistoryCache {
  private readonly histories = new Map<number, CowReadingHistory>();

  constructor(private readonly maxReadings: number) {}

  /** Cows held. */
  get size(): number {
    return this.histories.size;
  }

  get(cowId: number): CowReadingHistory | undefined {
    const history = this.histories.get(cowId);
    if (history) {
      // Map order is insertion order: re-inserting makes her the most recently used.
      this.histories.delete(cowId);
      this.histories.set(cowId, history);
    }
    return history;
  }

  /** Like `get`, without counting as a use. */
  peek(cowId: number): CowReadingHistory | undefined {
    return this.histories.get(cowId);
  }

  set(cowId: number, history: CowReadingHistory): void {
    this.histories.delete(cowId);
    this.histories.set(cowId, history);
  }

  delete(cowId: number): void {
    this.histories.delete(cowId);
  }

  /** Forgets the least recently used cows until the total fits; `keep` (this round's cows) stay. */
  evict(keep: ReadonlySet<number>): void {
    let total = 0;
    for (const history of this.histories.values()) total += history.size;
    for (const [cowId, history] of this.histories) {
      if (total <= this.maxReadings) return;
      if (keep.has(cowId)) continue;
      this.histories.delete(cowId);
      total -= history.size;
    }
  }
}
