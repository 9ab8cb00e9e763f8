import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { CameraStatus } from '@cowcare/contract/routes/cameras';

// The embedded HLS pipeline (issue 37): one ffmpeg per stream key, started by the first request for it and
// stopped once nobody has fetched its playlist or a segment for the idle time. Whatever ffmpeg writes lives
// in a scratch folder of the process, removed with the stream.

/** ffmpeg's input arguments and how to encode; the HLS output arguments are the pipeline's own. */
export interface FfmpegSource {
  input: string[];
  /** Copy the camera's H.264 (cheap) or the filters and encoder to make it (demo footage, MJPEG). */
  encode: string[];
  /** What to run instead when the camera refuses the input's transport (RTSP answer 461). */
  fallback?: FfmpegSource;
}

export interface HlsPipelineOptions {
  ffmpegPath: string;
  idleMs: number;
  log: FastifyBaseLogger;
  /** How long the first playlist may take before the viewer is told the stream is still starting. */
  startWaitMs?: number;
}

interface Stream {
  source: FfmpegSource;
  dir: string;
  process: ChildProcess;
  lastUsed: number;
  stopping: boolean;
  stderr: string;
  live: boolean;
  exited: Promise<void>;
}

/** A failed pull is not tried again for this long, so a viewer's player polling an offline camera is cheap. */
const RETRY_AFTER_MS = 10_000;
export const PLAYLIST = 'index.m3u8';

const HLS_OUTPUT = (dir: string): string[] => [
  '-f',
  'hls',
  '-hls_time',
  '2',
  '-hls_list_size',
  '5',
  '-hls_flags',
  'delete_segments+omit_endlist+temp_file',
  '-start_number',
  '0',
  '-hls_segment_filename',
  path.join(dir, 'seg%d.ts'),
  path.join(dir, PLAYLIST),
];

/**
 * What ffmpeg's last words say about a camera that would not stream. 401 as a word: ffmpeg's messages carry
 * the camera's URL, and a recorder's channel port (40011, 40116, …) must not read as a refused password.
 */
export const failureOf = (stderr: string): 'unauthorized' | 'offline' =>
  /\b401\b|unauthori[sz]ed|authori[sz]ation failed/i.test(stderr) ? 'unauthorized' : 'offline';

/** RTSP's "461 Unsupported Transport": the camera speaks, but not over the transport asked for. */
export const refusedTransport = (stderr: string): boolean => /\b461\b|unsupported transport/i.test(stderr);

export class HlsPipeline {
  private readonly streams = new Map<string, Stream>();
  private readonly failures = new Map<
    string,
    { state: 'unauthorized' | 'offline'; since: number; at: number }
  >();
  /** Keys whose camera refused the first transport: they start with their source's fallback. */
  private readonly onFallback = new Set<string>();
  private readonly root: string;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: HlsPipelineOptions) {
    this.root = path.join(tmpdir(), 'cowcare-hls');
  }

  status(key: string): CameraStatus {
    const stream = this.streams.get(key);
    if (stream && !stream.stopping) return { state: stream.live ? 'live' : 'starting', since: null };
    const failure = this.failures.get(key);
    if (failure) return { state: failure.state, since: new Date(failure.since).toISOString() };
    return { state: 'idle', since: null };
  }

  /** Whether ffmpeg runs for the key now (tests, metrics). */
  isRunning(key: string): boolean {
    return this.streams.has(key);
  }

  /**
   * The folder of a running stream, started if need be, counted as watched now; undefined while it starts
   * or when its camera failed (see `status`).
   */
  async open(key: string, source: () => Promise<FfmpegSource>): Promise<string | undefined> {
    let stream = this.streams.get(key);
    if (!stream) {
      const failure = this.failures.get(key);
      if (failure && Date.now() - failure.at < RETRY_AFTER_MS) return undefined;
      const wanted = await source();
      stream = this.start(key, this.onFallback.has(key) ? (wanted.fallback ?? wanted) : wanted);
    }
    stream.lastUsed = Date.now();
    if (stream.live) return stream.dir;
    if (await this.waitForPlaylist(stream)) return stream.dir;
    // Refused at once for its transport (see onExit): the fallback is tried within the same request.
    if (stream.process.exitCode !== null) await stream.exited;
    const { fallback } = stream.source;
    if (fallback && this.onFallback.has(key) && !this.streams.has(key) && !this.failures.has(key)) {
      const retry = this.start(key, fallback);
      return (await this.waitForPlaylist(retry)) ? retry.dir : undefined;
    }
    return undefined;
  }

  /** Marks a segment fetch as watching, without starting anything. */
  touch(key: string): string | undefined {
    const stream = this.streams.get(key);
    if (!stream) return undefined;
    stream.lastUsed = Date.now();
    return stream.dir;
  }

  /** Stops the key's ffmpeg (a camera changed or deleted) and forgets how its last pull went. */
  async stop(key: string): Promise<void> {
    this.failures.delete(key);
    this.onFallback.delete(key);
    const stream = this.streams.get(key);
    if (stream) await this.halt(key, stream);
  }

  async stopAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.streams].map(([key, stream]) => this.halt(key, stream)));
  }

  private start(key: string, source: FfmpegSource): Stream {
    mkdirSync(this.root, { recursive: true, mode: 0o700 });
    const dir = mkdtempSync(path.join(this.root, `${key}-`));
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', ...source.input, ...source.encode];
    const child = spawn(this.options.ffmpegPath, [...args, ...HLS_OUTPUT(dir)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const stream: Stream = {
      source,
      dir,
      process: child,
      lastUsed: Date.now(),
      stopping: false,
      stderr: '',
      live: false,
      exited: new Promise((resolve) => child.once('close', () => resolve())),
    };
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stream.stderr = (stream.stderr + chunk).slice(-2000);
    });
    child.once('error', (error) => {
      stream.stderr += `\n${error.message}`;
    });
    void stream.exited.then(() => this.onExit(key, stream));
    this.streams.set(key, stream);
    this.failures.delete(key);
    this.ensureSweeper();
    this.options.log.info({ stream: key }, 'camera stream started');
    return stream;
  }

  private onExit(key: string, stream: Stream): void {
    rmSync(stream.dir, { recursive: true, force: true });
    if (this.streams.get(key) === stream) this.streams.delete(key);
    if (stream.stopping) return;
    if (stream.source.fallback && refusedTransport(stream.stderr)) {
      this.onFallback.add(key);
      this.options.log.info({ stream: key }, 'camera refused RTSP over TCP: using its fallback, UDP');
      return;
    }
    const state = failureOf(stream.stderr);
    const earlier = this.failures.get(key);
    const now = Date.now();
    this.failures.set(key, { state, since: earlier?.state === state ? earlier.since : now, at: now });
    this.options.log.warn({ stream: key, state, ffmpeg: stream.stderr.slice(-300) }, 'camera stream ended');
  }

  private async waitForPlaylist(stream: Stream): Promise<boolean> {
    const deadline = Date.now() + (this.options.startWaitMs ?? 12_000);
    const playlist = path.join(stream.dir, PLAYLIST);
    while (Date.now() < deadline && stream.process.exitCode === null && !stream.stopping) {
      // a viewer waiting for the first segment is watching: the idle sweep must not stop the stream under them
      stream.lastUsed = Date.now();
      if (existsSync(playlist)) {
        stream.live = true;
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return false;
  }

  private async halt(key: string, stream: Stream): Promise<void> {
    stream.stopping = true;
    if (this.streams.get(key) === stream) this.streams.delete(key);
    if (stream.process.exitCode === null && stream.process.signalCode === null) {
      stream.process.kill('SIGTERM');
      const forced = setTimeout(() => stream.process.kill('SIGKILL'), 3000);
      await stream.exited;
      clearTimeout(forced);
    }
    rmSync(stream.dir, { recursive: true, force: true });
  }

  private ensureSweeper(): void {
    if (this.sweeper) return;
    const every = Math.max(250, Math.min(10_000, this.options.idleMs / 4));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  private sweep(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const [key, stream] of this.streams) {
      if (stream.lastUsed < cutoff) {
        this.options.log.info({ stream: key }, 'camera stream stopped: no viewer');
        void this.halt(key, stream);
      }
    }
    if (this.streams.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}
