import type { FastifyInstance } from 'fastify';
import { DetectionStage } from '../../detection/detection-stage';
import { reproductionRemindersJob } from '../../jobs/reproduction-reminders-job';
import type { Services } from '../../services';

/**
 * What raises notices besides the ingest itself: the detection stage behind every stored batch, and the
 * daily reproduction reminders (when this instance runs jobs). Register it after the ingest: Fastify runs
 * onClose hooks last-registered first, so this one stops while the bus is still open.
 */
export const registerNoticeProducers = (app: FastifyInstance, services: Services): DetectionStage => {
  // The embedded database has one writer, this process (its directory is locked), so detection can take
  // new readings as the ingest tells them instead of reading them back.
  const stage = new DetectionStage(services.db, services.bus, services.log, {
    soleWriter: services.db.kind === 'pglite',
    maxCachedReadings: services.config.detectionCacheReadings,
  });
  let stopListening: (() => void) | undefined;

  app.addHook('onReady', async () => {
    stopListening = services.ingest.onCommitted((farmId, readings, feverishCows) =>
      stage.enqueue(farmId, readings, feverishCows),
    );
    if (services.config.jobs) services.jobs.start(reproductionRemindersJob(services.db, services.bus));
  });

  app.addHook('onClose', async () => {
    stopListening?.();
    // Batches already taken in are detected before the stage stops; later ones (the broker closes after
    // this) are picked up by the next start's recheck of each cow's recent hours.
    await services.ingest.drain();
    await stage.stop();
  });
  return stage;
};
