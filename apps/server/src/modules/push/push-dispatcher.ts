import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { shouldPushNotice } from '@cowcare/domain/push-rules';
import type { Database } from '../../db/database';
import type { EventBus } from '../../realtime/bus';
import type { Services } from '../../services';
import type { PushConfig } from './push-config';
import { forgetPushEndpoint, markPushSent } from './push-devices-repository';
import { pushPayloadOf, type PushPayload } from './push-message';
import { PUSH_BATCH, claimDueNotices, claimEscalations, finishPushedNotices } from './push-queue';
import { mayHearOf, pushRecipientsOf, type PushRecipient } from './push-recipients';
import { sendPush } from './push-sender';

/** The net under the bus: notices whose event never reached this instance are found within this time. */
const POLL_MS = 5_000;
/** Pushes in flight at once: a farm-wide outbreak must not open hundreds of connections. */
const AT_ONCE = 8;

interface Delivery {
  recipient: PushRecipient;
  payload: PushPayload;
}

/**
 * Pushes new notices to the devices of the users who chose them (architecture §15). The notices table is the
 * queue, so every path that stores a notice is covered, on any instance; a `notice` on the bus only wakes the
 * loop early. Escalation: a severe notice still unread after `escalateAfterMinutes` goes once more to every
 * device of the farm, quiet hours or not.
 */
export class PushDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly config: PushConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe((_farmId, message) => {
      if (message.type === 'notice') void this.wake();
    });
    this.timer = setInterval(() => void this.wake(), POLL_MS);
    this.timer.unref();
    void this.wake();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.unsubscribe?.();
    await this.running;
  }

  /** Runs a round now, or right after the one in progress. Resolves when the work asked for is done. */
  wake(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rounds().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        while (await this.pushDueNotices()) {
          // a full batch: there may be more
        }
        await this.escalate();
      } catch (error) {
        this.log.error({ err: error }, 'push: a round failed; the notices stay due');
      }
    } while (this.again && this.timer !== undefined);
  }

  /** One batch; true when it was full. */
  private async pushDueNotices(): Promise<boolean> {
    const notices = await claimDueNotices(this.db);
    if (notices.length === 0) return false;
    const fresh = notices.filter((notice) => !notice.stale);
    const recipients = await pushRecipientsOf(this.db, [...new Set(fresh.map((notice) => notice.farmId))]);
    const now = new Date();
    const deliveries = fresh.flatMap((notice) =>
      recipients
        .filter(
          (recipient) =>
            recipient.farmId === notice.farmId &&
            mayHearOf(recipient, notice.code) &&
            shouldPushNotice(recipient.choices, notice.code, now),
        )
        .map((recipient) => ({ recipient, payload: pushPayloadOf(notice, recipient.language) })),
    );
    await this.deliver(deliveries);
    await finishPushedNotices(
      this.db,
      notices.map((notice) => notice.id),
      this.config.escalateAfterMinutes,
    );
    return notices.length >= PUSH_BATCH;
  }

  private async escalate(): Promise<void> {
    const unread = (await claimEscalations(this.db)).filter((notice) => notice.unread);
    if (unread.length === 0) return;
    const recipients = await pushRecipientsOf(this.db, [...new Set(unread.map((notice) => notice.farmId))]);
    const minutes = this.config.escalateAfterMinutes;
    await this.deliver(
      unread.flatMap((notice) =>
        recipients
          .filter((recipient) => recipient.farmId === notice.farmId)
          .map((recipient) => ({ recipient, payload: pushPayloadOf(notice, recipient.language, minutes) })),
      ),
    );
  }

  private async deliver(deliveries: readonly Delivery[]): Promise<void> {
    const queue = [...deliveries];
    const sent: number[] = [];
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { outcome, status } = await sendPush(this.config, next.recipient, next.payload);
        if (outcome === 'sent') sent.push(next.recipient.deviceId);
        else if (outcome === 'gone') await forgetPushEndpoint(this.db, next.recipient.deviceId);
        else this.log.warn({ deviceId: next.recipient.deviceId, status }, 'push: the push service refused');
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
    await markPushSent(this.db, [...new Set(sent)]);
  }
}

/** Pushes from start to close; registered after the notice producers, so it stops before the bus closes. */
export const registerPushDispatcher = (app: FastifyInstance, services: Services): void => {
  app.addHook('onReady', () => services.push.start());
  app.addHook('onClose', () => services.push.stop());
};
