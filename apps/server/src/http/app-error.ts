import { ERROR_CODES, type ErrorCode } from '@cowcare/contract/errors';

/** A failure the client caused or may act on; its code and message go on the wire as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Please Login', code: ErrorCode = ERROR_CODES.unauthorized) =>
  new AppError(401, code, message);
export const forbidden = (message = 'This belongs to another farm') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const throttled = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError(429, ERROR_CODES.throttled, message, { retryAfterSeconds });

/**
 * A 400 about one field of the body: `details[].path` names it (`body.<field>`) and `rule` says what is wrong
 * as a stable code, so a client can say it in the user's language next to the field.
 */
export const invalidField = (field: string, message: string, rule?: string) =>
  new AppError(400, ERROR_CODES.validation, message, {
    details: [{ path: `body.${field}`, message, ...(rule ? { rule } : {}) }],
  });
