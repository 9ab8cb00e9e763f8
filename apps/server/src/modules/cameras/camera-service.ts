import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { apiPath, fillPath } from '@cowcare/contract/route';
import { STREAM_TICKET_SECONDS, type StreamTicket as WireTicket } from '@cowcare/contract/routes/cameras';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { CameraSecrets } from './camera-secrets';
import { demoHerd, findFarmCamera, type CameraRow } from './cameras-repository';
import { cameraSource, demoSource, SAMPLE_HERD } from './ffmpeg-sources';
import { HlsPipeline, PLAYLIST, type FfmpegSource } from './hls-pipeline';
import { checkTicket, issueTicket, streamKey, type StreamSource } from './stream-tickets';

/** The ffmpeg that `npm ci` installs (a static build inside an npm package), unless FFMPEG_PATH names one. */
export const bundledFfmpegPath = (): string => {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
};

const unavailable = (message: string) => new AppError(503, ERROR_CODES.unavailable, message);

/** Cameras' secrets, stream tickets and the HLS pipeline, one per app instance. */
export class CameraService {
  readonly secrets: CameraSecrets;
  readonly pipeline: HlsPipeline;
  readonly ffmpegPath: string;

  constructor(
    config: Config,
    private readonly db: Database,
    log: FastifyBaseLogger,
  ) {
    this.secrets = new CameraSecrets(config.cameraSecret);
    this.ffmpegPath = config.ffmpegPath ?? bundledFfmpegPath();
    this.pipeline = new HlsPipeline({
      ffmpegPath: this.ffmpegPath,
      idleMs: (config.cameraIdleSeconds ?? 60) * 1000,
      log,
    });
  }

  key(farmId: number, source: StreamSource): string {
    return streamKey(farmId, source);
  }

  ticket(farmId: number, source: StreamSource, now = Date.now()): WireTicket {
    const expiresAt = now + STREAM_TICKET_SECONDS * 1000;
    const ticket = issueTicket(this.secrets, { farmId, source, expiresAt });
    return {
      url: apiPath({ path: fillPath(api.cameras.streamFile.path, { ticket, file: PLAYLIST }) }),
      expiresAt: new Date(expiresAt).toISOString(),
      status: this.pipeline.status(streamKey(farmId, source)),
    };
  }

  /** Stops the camera's stream: its address or credentials changed, or it was deleted. */
  async restart(farmId: number, cameraId: number): Promise<void> {
    await this.pipeline.stop(streamKey(farmId, { kind: 'camera', cameraId }));
  }

  close(): Promise<void> {
    return this.pipeline.stopAll();
  }

  /** Answers one file of a stream; the playlist starts the stream when nobody watched it. */
  async serveFile(ticketText: string, file: string, reply: FastifyReply): Promise<null> {
    const check = checkTicket(this.secrets, ticketText);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? forbidden('This stream link has expired; open the camera again')
        : forbidden('This stream link is not valid');
    }
    const { farmId, source } = check.ticket;
    const key = streamKey(farmId, source);
    const sourceOf = await this.sourceLoader(farmId, source);
    let dir: string | undefined;
    if (file === PLAYLIST) {
      dir = await this.pipeline.open(key, sourceOf);
      if (!dir) throw this.notStreaming(key);
    } else {
      dir = this.pipeline.touch(key);
      if (!dir) throw notFound('This stream is not running; load its playlist again');
    }
    const bytes = await readFile(path.join(dir, file)).catch(() => undefined);
    if (!bytes) throw notFound('This part of the stream is gone; load its playlist again');
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': file === PLAYLIST ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      'content-length': String(bytes.length),
      'cache-control': file === PLAYLIST ? 'no-cache, no-store' : 'private, max-age=60',
      'x-content-type-options': 'nosniff',
    });
    reply.raw.end(bytes);
    return null;
  }

  /** How to feed ffmpeg for the source; checked now so a deleted camera's ticket is refused at once. */
  private async sourceLoader(farmId: number, source: StreamSource): Promise<() => Promise<FfmpegSource>> {
    if (source.kind === 'demo') {
      return async () => {
        const herd = await demoHerd(this.db, farmId);
        const [farm] = await this.db.query<{ number: string }>(
          'SELECT farm_number AS number FROM farms WHERE id = $1',
          [farmId],
        );
        return demoSource(herd.length > 0 ? herd : SAMPLE_HERD, `DEMO ${farm?.number ?? ''}`);
      };
    }
    const camera = await findFarmCamera(this.db, farmId, source.cameraId);
    if (!camera) throw notFound('There is no such camera in this farm');
    return async () => this.sourceOf(camera);
  }

  /** How ffmpeg pulls the camera, its credentials decrypted for that moment only. */
  sourceOf(camera: CameraRow): FfmpegSource {
    const credentials = this.secrets.open(camera.credentials) ?? { username: null, password: null };
    return cameraSource(camera, credentials);
  }

  private notStreaming(key: string): AppError {
    const status = this.pipeline.status(key);
    if (status.state === 'unauthorized') {
      return unavailable('The camera refused the username or password: check them in the camera settings');
    }
    if (status.state === 'offline') {
      return unavailable(`The camera is offline since ${status.since ?? 'a moment ago'}`);
    }
    return unavailable('The stream is starting; try again in a moment');
  }
}
