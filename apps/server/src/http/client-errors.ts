import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@cowcare/contract/errors';

/** What Node's HTTP parser reports on a `clientError`: a code, and for parse errors a reason in plain words. */
interface ClientError extends Error {
  code?: string;
  reason?: string;
}

export interface ClientErrorAnswer {
  statusCode: number;
  body: ErrorBody;
}

const answer = (statusCode: number, code: ErrorCode, msg: string): ClientErrorAnswer => ({
  statusCode,
  body: { success: false, code, msg },
});

/**
 * The answer to a request Node's parser refused before Fastify saw it (no route, no hooks, no error handler
 * ran). The statuses are Node's own (lib/_http_server.js, socketOnError); the body is ours. The parser's
 * reason ("Invalid header value char") is Node's text, never the client's bytes, so it is safe to send.
 */
export const clientErrorAnswer = (error: ClientError): ClientErrorAnswer => {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return answer(
        431,
        ERROR_CODES.headersTooLarge,
        `The request's address and headers are larger than the server accepts (${http.maxHeaderSize / 1024} KiB together)`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return answer(413, ERROR_CODES.payloadTooLarge, 'The chunk extensions of the body are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return answer(408, ERROR_CODES.requestTimeout, 'The request was not received in time');
    default: {
      const reason = typeof error.reason === 'string' && error.reason !== '' ? ` (${error.reason})` : '';
      return answer(400, ERROR_CODES.validation, `The request is not valid HTTP${reason}`);
    }
  }
};

/** The whole HTTP response as bytes: there is no response object at this stage, only the socket. */
export const rawHttpResponse = ({ statusCode, body }: ClientErrorAnswer): string => {
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(json)}`,
    'x-content-type-options: nosniff',
    'cache-control: no-store',
    // The parser is in an error state: nothing more can be read from this connection.
    'connection: close',
    '',
    json,
  ].join('\r\n');
};

/** Node hands over the response it was writing on this connection, if any (keep-alive, pipelining). */
const responseInFlight = (socket: Duplex): { headersSent: boolean } | undefined =>
  (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage ?? undefined;

/**
 * Fastify's `clientErrorHandler`: Node's `clientError` listener, so the answer is in the documented shape
 * `{ success: false, code, msg }` like every other. As Node's default does, nothing is written when the
 * peer is gone or a response already began on the connection (that would corrupt it); the socket is closed
 * once the answer is flushed, since Node requires the listener to close or destroy it.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const started = responseInFlight(socket)?.headersSent === true;
  if (!socket.writable || started) {
    socket.destroy();
    return;
  }
  const reply = clientErrorAnswer(error);
  this.log.debug({ code: error.code, statusCode: reply.statusCode }, 'request refused by the HTTP parser');
  socket.end(rawHttpResponse(reply), () => socket.destroy());
}
