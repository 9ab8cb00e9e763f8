import type { FastifyInstance } from 'fastify';
import { DetectionHandoff } from '../../detection/detection-handoff';
import { DetectionStage } from '../../detection/detection-stage';
import { reproductionRemindersJob } from '../../jobs/reproduction-reminders-job';
import type { Services } from '../../services';

export interface NoticeProducers {
  stage: DetectionStage;
  /** Set when instances share a database and a bus: each farm is then detected by one of them. */
  handoff: DetectionHandoff | undefined;
}

/**
 * What raises notices besides the ingest itself: the detection stage behind every stored batch, and the
 * daily reproduction reminders (when this instance runs jobs). Register it after the ingest: Fastify runs
 * onClose hooks last-registered first, so this one stops while the bus is still open.
 */
export const registerNoticeProducers = (app: FastifyInstance, services: Services): NoticeProducers => {
  // The embedded database has one writer, this process (its directory is locked), so detection can take
  // new readings as the ingest tells them instead of reading them back.
  const soleWriter = services.db.kind === 'pglite';
  const stage = new DetectionStage(services.db, services.bus, services.log, {
    soleWriter,
    maxCachedReadings: services.config.detectionCacheReadings,
  });
  const { peers } = services.bus;
  const handoff =
    peers && !soleWriter && services.config.detectionHandoff
      ? new DetectionHandoff(stage, peers, services.bus.channel, services.config.instanceName, services.log)
      : undefined;
  let stopListening: (() => void) | undefined;

  app.addHook('onReady', async () => {
    await handoff?.start();
    stopListening = services.ingest.onCommitted((farmId, readings, feverishCows) =>
      handoff ? handoff.take(farmId, readings, feverishCows) : stage.enqueue(farmId, readings, feverishCows),
    );
    if (services.config.jobs) services.jobs.start(reproductionRemindersJob(services.db, services.bus));
  });

  app.addHook('onClose', async () => {
    stopListening?.();
    // Batches already taken in are detected (or handed over) before the stage stops; later ones (the broker
    // closes after this) are picked up by the next start's recheck of each cow's recent hours.
    await services.ingest.drain();
    await handoff?.stop();
    await stage.stop();
  });
  return { stage, handoff };
};
