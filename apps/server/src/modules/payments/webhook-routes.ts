import { ERROR_CODES } from '@cowcare/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { applyPaymentEvent } from './apply-payment';
import { WebhookRejected } from './payment-provider';
import { WEBHOOK_PATH } from './payments';

/** A provider's event is small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /api/payments/webhook/<provider>`: the provider's signed events. The body is kept raw, since the
 * signature covers its exact bytes. A forged, stale or unreadable event is answered 400 and logged and changes
 * nothing; a good one is booked once (apply-payment.ts) and answered 200, also when it was seen before, so
 * the provider stops retrying.
 */
export const registerWebhookRoutes = (app: FastifyInstance, services: Services): void => {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(`${WEBHOOK_PATH}/:provider`, async (request, reply) => {
      const { provider } = services.payments;
      const named = (request.params as { provider?: string }).provider;
      if (named !== provider.name) {
        return reply
          .status(404)
          .send({ success: false, code: ERROR_CODES.notFound, msg: 'No such payment provider' });
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = provider.readWebhook(body, request.headers);
      } catch (error) {
        if (!(error instanceof WebhookRejected)) throw error;
        request.log.warn(
          { provider: named, reason: error.message, ip: request.ip },
          'payments: webhook rejected',
        );
        return reply.status(400).send({
          success: false,
          code: ERROR_CODES.webhookRejected,
          msg: `Webhook rejected: ${error.message}`,
        });
      }
      if (!event) return { success: true, data: { received: true, result: 'ignored' } };
      const result = await applyPaymentEvent(services, named, event, 'provider');
      if (result === 'unknown order' || result === 'mismatch') {
        request.log.warn(
          { provider: named, eventId: event.eventId, result },
          'payments: webhook booked nothing',
        );
      }
      return { success: true, data: { received: true, result } };
    });
  });
};
