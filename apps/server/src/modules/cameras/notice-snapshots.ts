import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerSocketMessage } from '@cowcare/contract/socket-messages';
import { NOTICE_CODES_WITH_SNAPSHOT } from '@cowcare/domain/camera';
import type { Database } from '../../db/database';
import type { EventBus } from '../../realtime/bus';
import type { Services } from '../../services';
import { removeUploadFile, storeUploadFile } from '../uploads/upload-files';
import type { CameraService } from './camera-service';
import { grabStill } from './camera-stills';
import { findCowCamera } from './cameras-repository';
import { claimNoticeSnapshot, markSnapshotFailed, markSnapshotTaken } from './notice-snapshots-repository';

/** Stills taken at once: an outbreak raising many fever notices must not start an ffmpeg for each. */
const AT_ONCE = 2;

interface Wanted {
  farmId: number;
  noticeId: number;
  cowId: number;
}

/**
 * A still from the cow's camera on her estrus, severe-fever and calving notices (issue 37). It follows the
 * notice on the bus, so it works whichever instance or job raised the notice; the database row decides which
 * instance takes it. When it is there (or cannot be had) the farm is told with `noticesnapshot`.
 */
export class NoticeSnapshots {
  private readonly waiting: Wanted[] = [];
  private readonly running = new Set<Promise<void>>();
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly cameras: CameraService,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe((farmId, message) => this.onFarmEvent(farmId, message));
  }

  /** Stops taking new stills and waits for those being taken. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    await this.unsubscribe?.();
    await Promise.allSettled([...this.running]);
  }

  private onFarmEvent(farmId: number, message: ServerSocketMessage): void {
    if (message.type !== 'notice' || this.stopped) return;
    const { id, cowid, noticecode } = message.data;
    if (cowid === null || !NOTICE_CODES_WITH_SNAPSHOT.includes(noticecode)) return;
    this.waiting.push({ farmId, noticeId: id, cowId: cowid });
    this.next();
  }

  private next(): void {
    while (this.running.size < AT_ONCE && this.waiting.length > 0) {
      const wanted = this.waiting.shift();
      if (!wanted) return;
      const run: Promise<void> = this.take(wanted)
        .catch((error: unknown) => this.log.error({ err: error, ...wanted }, 'notice snapshot failed'))
        .finally(() => {
          this.running.delete(run);
          this.next();
        });
      this.running.add(run);
    }
  }

  private async take({ farmId, noticeId, cowId }: Wanted): Promise<void> {
    const camera = await findCowCamera(this.db, farmId, cowId);
    if (!camera) return;
    const claim = { noticeId, farmId, cameraId: camera.id, cameraName: camera.name };
    if (!(await claimNoticeSnapshot(this.db, claim))) return;
    const still = await grabStill(this.cameras.ffmpegPath, this.cameras.sourceOf(camera));
    if (!still.ok) {
      await markSnapshotFailed(this.db, noticeId, still.failure);
      this.log.warn({ farmId, noticeId, camera: camera.id, failure: still.failure }, 'no notice snapshot');
    } else {
      const storedName = await storeUploadFile(this.dataDir, farmId, 'jpg', still.jpeg);
      try {
        await markSnapshotTaken(this.db, noticeId, { storedName, sizeBytes: still.jpeg.length });
      } catch (error) {
        await removeUploadFile(this.dataDir, farmId, storedName);
        throw error;
      }
    }
    await this.bus.publish(farmId, { type: 'noticesnapshot', data: { id: noticeId } });
  }
}

/** Starts with the app (its bus subscription live before the first notice) and stops before the bus closes. */
export const registerNoticeSnapshots = (app: FastifyInstance, services: Services): NoticeSnapshots => {
  const { db, bus, cameras, config, log } = services;
  const snapshots = new NoticeSnapshots(db, bus, cameras, config.dataDir, log);
  app.addHook('onReady', () => snapshots.start());
  app.addHook('onClose', () => snapshots.stop());
  return snapshots;
};
