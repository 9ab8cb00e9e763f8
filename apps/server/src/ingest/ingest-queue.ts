export interface IngestQueueOptions<Job> {
  /** Groups written at the same time. */
  concurrency: number;
  /** Jobs that may wait; beyond it, `submit` waits for room and `trySubmit` says no. */
  limit: number;
  /** Jobs with the same key may be written together, in one group. */
  groupKey: (job: Job) => string | number;
  /** A group stops growing before its jobs' sizes would add up to more than this. */
  maxGroupSize: number;
  size: (job: Job) => number;
}

interface Waiting<Job, Result> {
  job: Job;
  key: string | number;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * A bounded work queue that writes waiting jobs of one key together: at most `concurrency` groups run and
 * at most `limit` jobs wait. Under load the waiting jobs of a farm become one
 * transaction (fewer, larger writes exactly when it matters); with no backlog every job is a group of its
 * own. The next group is the key written longest ago, so a farm sending one live message is not queued
 * behind another farm's backlog. A producer that finds no room waits (`submit`) or is told so
 * (`trySubmit`), so memory is bounded by what producers hold, and with MQTT that wait is what slows the
 * senders: their acknowledgement waits with it.
 */
export class IngestQueue<Job, Result> {
  private running = 0;
  private readonly waiting: Waiting<Job, Result>[] = [];
  /** Producers waiting for room in the queue, first come first served. */
  private readonly blocked: { key: string | number; wake: () => void }[] = [];
  /** When each key's last group started; a key never written yet goes before all others. */
  private readonly lastStarted = new Map<string | number, number>();
  private starts = 0;
  private idleWaiters: (() => void)[] = [];
  private highWater = 0;

  constructor(
    private readonly options: IngestQueueOptions<Job>,
    /** Writes a group; answers one result per job, in order. */
    private readonly write: (jobs: Job[]) => Promise<Result[]>,
  ) {}

  /** Queues `job`, waiting for room first if the queue is full; resolves with its result. */
  async submit(job: Job): Promise<Result> {
    const key = this.options.groupKey(job);
    while (!this.hasRoom()) await new Promise<void>((wake) => this.blocked.push({ key, wake }));
    return this.enqueue(job);
  }

  /** Like `submit`, but answers undefined at once when the queue is full. */
  trySubmit(job: Job): Promise<Result> | undefined {
    return this.hasRoom() ? this.enqueue(job) : undefined;
  }

  /** Jobs waiting (not counting the running ones); never above the limit. */
  get length(): number {
    return this.waiting.length;
  }

  /** The longest the waiting line has been since the start. */
  get maxLength(): number {
    return this.highWater;
  }

  /** Groups being written now. */
  get active(): number {
    return this.running;
  }

  /** Resolves when nothing runs or waits (graceful shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private hasRoom(): boolean {
    return this.waiting.length < this.options.limit || this.running < this.options.concurrency;
  }

  private enqueue(job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ job, key: this.options.groupKey(job), resolve, reject });
      this.highWater = Math.max(this.highWater, this.waiting.length);
      this.startGroups();
    });
  }

  private startGroups(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const group = this.takeGroup();
      this.running += 1;
      void this.runGroup(group).finally(() => this.finish());
    }
  }

  /**
   * The oldest waiting job of the key whose last group started longest ago and, after it, the waiting jobs of
   * that key that still fit.
   */
  private takeGroup(): Waiting<Job, Result>[] {
    const { maxGroupSize, size } = this.options;
    let firstIndex = 0;
    let oldestStart = Infinity;
    for (const [index, waiting] of this.waiting.entries()) {
      const started = this.lastStarted.get(waiting.key) ?? -Infinity;
      if (started < oldestStart) {
        firstIndex = index;
        oldestStart = started;
      }
    }
    const [first] = this.waiting.splice(firstIndex, 1) as [Waiting<Job, Result>];
    this.lastStarted.delete(first.key);
    this.lastStarted.set(first.key, (this.starts += 1));
    this.forgetIdleKeys();
    const group = [first];
    let total = size(first.job);
    for (let index = firstIndex; index < this.waiting.length;) {
      const next = this.waiting[index] as Waiting<Job, Result>;
      if (next.key === first.key && total + size(next.job) <= maxGroupSize) {
        group.push(next);
        total += size(next.job);
        this.waiting.splice(index, 1);
      } else index += 1;
    }
    return group;
  }

  /** Keeps the start order of at most a few thousand keys: the oldest entries matter least. */
  private forgetIdleKeys(): void {
    while (this.lastStarted.size > 10_000) {
      const oldest = this.lastStarted.keys().next();
      if (oldest.done) return;
      this.lastStarted.delete(oldest.value);
    }
  }

  private async runGroup(group: Waiting<Job, Result>[]): Promise<void> {
    try {
      const results = await this.write(group.map(({ job }) => job));
      group.forEach(({ resolve }, index) => resolve(results[index] as Result));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One bad job must not sink the others written with it: each is tried again on its own.
      for (const member of group) {
        await this.write([member.job]).then(
          ([result]) => member.resolve(result as Result),
          (failure: unknown) => member.reject(failure),
        );
      }
    }
  }

  private finish(): void {
    this.running -= 1;
    this.startGroups();
    // Wake as many blocked producers as there is room for now, those of the key written longest ago first.
    let room = this.options.limit - this.waiting.length;
    if (room > 0 && this.blocked.length > 1) {
      const started = (key: string | number) => this.lastStarted.get(key) ?? -Infinity;
      this.blocked.sort((a, b) => Math.sign(started(a.key) - started(b.key)) || 0);
    }
    while (room > 0 && this.blocked.length > 0) {
      this.blocked.shift()?.wake();
      room -= 1;
    }
    if (this.running === 0 && this.waiting.length === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }
}
