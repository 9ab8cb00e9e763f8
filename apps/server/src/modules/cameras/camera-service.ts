import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { api } from '@cowcare/contract/api';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { apiPath, fillPath } from '@cowcare/contract/route';
import {
  STREAM_TICKET_SECONDS,
  type CameraStatus,
  type MediaAuthRequest,
  type StreamTicket as WireTicket,
} from '@cowcare/contract/routes/cameras';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { CameraSecrets, type CameraCredentials } from './camera-secrets';
import { demoHerd, findFarmCamera, type CameraRow } from './cameras-repository';
import { cameraSource, cameraUrl, demoSource, SAMPLE_HERD } from './ffmpeg-sources';
import { HlsPipeline, PLAYLIST, type FfmpegSource } from './hls-pipeline';
import { MediaServerClient, MediaServerUnreachable } from './media-server';
import { checkTicket, issueTicket, streamKey, type StreamSource } from './stream-tickets';

/** The ffmpeg that `npm ci` installs (a static build inside an npm package), unless FFMPEG_PATH names one. */
export const bundledFfmpegPath = (): string => {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
};

const unavailable = (message: string) => new AppError(503, ERROR_CODES.unavailable, message);

/** A farm's camera as the media server knows it; prefixed so a shared MediaMTX can hold other paths too. */
export const mediaPathName = (farmId: number, cameraId: number): string =>
  `cowcare-${streamKey(farmId, { kind: 'camera', cameraId })}`;

/**
 * Cameras' secrets, stream tickets and the HLS pipeline, one per app instance. With a media server
 * configured, it pulls the RTSP cameras; MJPEG cameras (which MediaMTX cannot pull) and the demo footage stay
 * on the embedded pipeline.
 */
export class CameraService {
  readonly secrets: CameraSecrets;
  readonly pipeline: HlsPipeline;
  readonly ffmpegPath: string;
  readonly mediaServer: MediaServerClient | undefined;

  constructor(
    config: Config,
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mediaServer = config.cameraMediaServer ? new MediaServerClient(config.cameraMediaServer) : undefined;
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

  /** A signed ticket of the source, good for STREAM_TICKET_SECONDS, and when it expires. */
  private sign(farmId: number, source: StreamSource, now: number): { ticket: string; expiresAt: string } {
    const expiresAt = now + STREAM_TICKET_SECONDS * 1000;
    return {
      ticket: issueTicket(this.secrets, { farmId, source, expiresAt }),
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  ticket(farmId: number, source: StreamSource, now = Date.now()): WireTicket {
    const { ticket, expiresAt } = this.sign(farmId, source, now);
    return {
      url: apiPath({ path: fillPath(api.cameras.streamFile.path, { ticket, file: PLAYLIST }) }),
      expiresAt,
      status: this.pipeline.status(streamKey(farmId, source)),
    };
  }

  /** The camera's credentials, opened for the moment they are needed. */
  private credentialsOf(camera: CameraRow): CameraCredentials {
    return this.secrets.open(camera.credentials) ?? { username: null, password: null };
  }

  /** The media server that pulls this camera, if any: RTSP cameras when one is configured. */
  private mediaServerFor(camera: Pick<CameraRow, 'protocol'>): MediaServerClient | undefined {
    return camera.protocol === 'rtsp' ? this.mediaServer : undefined;
  }

  /** The camera's stream link; through the media server, the camera is registered there first. */
  async cameraTicket(camera: CameraRow, now = Date.now()): Promise<WireTicket> {
    const source: StreamSource = { kind: 'camera', cameraId: camera.id };
    const media = this.mediaServerFor(camera);
    if (!media) return this.ticket(camera.farmId, source, now);
    const pathName = mediaPathName(camera.farmId, camera.id);
    try {
      await media.register(pathName, cameraUrl(camera, this.credentialsOf(camera)));
      const { ticket, expiresAt } = this.sign(camera.farmId, source, now);
      return {
        url: media.playlistUrl(pathName, ticket),
        expiresAt,
        status: await media.status(pathName),
      };
    } catch (error) {
      if (error instanceof MediaServerUnreachable) throw unavailable(error.message);
      throw error;
    }
  }

  /** Whether the camera streams now; a media server that does not answer leaves it `idle`, not an error. */
  async cameraStatus(camera: CameraRow): Promise<CameraStatus> {
    const media = this.mediaServerFor(camera);
    if (!media) {
      return this.pipeline.status(streamKey(camera.farmId, { kind: 'camera', cameraId: camera.id }));
    }
    return media
      .status(mediaPathName(camera.farmId, camera.id))
      .catch(() => ({ state: 'idle', since: null }));
  }

  /**
   * MediaMTX's authentication callback: a viewer may read a path only with a live ticket of that very
   * camera, whose camera still exists. Everything else (publishing, its API, another path) is refused.
   */
  async allowsMediaRead(request: MediaAuthRequest): Promise<boolean> {
    if (request.action !== 'read' || request.protocol !== 'hls') return false;
    const ticketText = new URLSearchParams(request.query ?? '').get('ticket') ?? '';
    const check = checkTicket(this.secrets, ticketText);
    if (!check.ok || check.ticket.source.kind !== 'camera') return false;
    const { farmId, source } = check.ticket;
    if (request.path !== mediaPathName(farmId, source.cameraId)) return false;
    return (await findFarmCamera(this.db, farmId, source.cameraId)) !== undefined;
  }

  /** Stops the camera's stream: its address or credentials changed, or it was deleted. */
  async restart(farmId: number, cameraId: number): Promise<void> {
    await this.pipeline.stop(streamKey(farmId, { kind: 'camera', cameraId }));
    // the media server drops the path, so its next viewer pulls with what changed (a deleted camera's tickets
    // are refused by the callback anyway, so a media server that is down now costs nothing but a stale path)
    await this.mediaServer?.remove(mediaPathName(farmId, cameraId)).catch((error: Error) => {
      this.log.warn({ err: error, farmId, cameraId }, 'camera: the media server did not drop the path');
    });
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
    return cameraSource(camera, this.credentialsOf(camera));
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
