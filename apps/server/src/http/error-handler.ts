import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { AppError } from './app-error';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const describeIssue = (context: string | undefined, issue: ValidationIssue) => {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = issue.params?.missingProperty;
  const path = [context, field, typeof missing === 'string' ? missing : ''].filter(Boolean).join('.');
  return { path, message: issue.message ?? 'is invalid' };
};

/**
 * Fastify's own refusals of a body, in words a client developer can act on; other 4xx messages of the
 * framework are kept as they are (safe, and specific).
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This content type is not accepted: send JSON (application/json), or multipart/form-data to the upload call',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty, but its content type says JSON',
};

/** One place turns every failure into `{ success: false, code, msg }`; 5xx details are logged, never sent. */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 429 && typeof error.extra.retryAfterSeconds === 'number') {
        void reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send({ success: false, code: error.code, msg: error.message, ...error.extra });
    }
    if (error.validation) {
      const details = (error.validation as ValidationIssue[]).map((issue) =>
        describeIssue(error.validationContext, issue),
      );
      const msg = details.map((detail) => `${detail.path} ${detail.message}`).join('; ');
      return reply.status(400).send({ success: false, code: ERROR_CODES.validation, msg, details });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 413) {
      return reply
        .status(413)
        .send({ success: false, code: ERROR_CODES.payloadTooLarge, msg: 'The request is too large' });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Malformed JSON, a wrong content type and the like: the client's to fix, in the same shape.
      const msg = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(statusCode).send({ success: false, code: ERROR_CODES.validation, msg });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ success: false, code: ERROR_CODES.internal, msg: 'Something went wrong on our side' });
  });
};
