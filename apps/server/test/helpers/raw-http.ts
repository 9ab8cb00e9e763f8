import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection (the client never does first). */
  closedByServer: boolean;
}

/** The port of an app started with `app.listen({ port: 0 })`. */
export const listeningPort = (app: FastifyInstance): number => {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening on TCP');
  return address.port;
};

const parseResponse = (raw: string, closedByServer: boolean): RawResponse => {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`no complete HTTP response: ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine = '', ...headerLines] = raw.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers['content-length'] ?? NaN);
  const rest = raw.slice(headEnd + 4);
  return {
    statusCode: Number(statusLine.split(' ')[1]),
    headers,
    body: Number.isFinite(length) ? Buffer.from(rest, 'latin1').subarray(0, length).toString('utf8') : rest,
    closedByServer,
  };
};

/**
 * Writes raw bytes to the app over a real TCP connection, so Node's HTTP parser sees them as a client sent
 * them (`app.inject` skips it), and reads the first response. Resolves once the server has answered and
 * either closed the connection or, for a keep-alive answer, once its whole body arrived.
 */
export const sendRaw = (port: number, request: string | Buffer, timeoutMs = 5000): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks).toString('latin1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: ${JSON.stringify(received().slice(0, 200))}`));
    }, timeoutMs);
    const finish = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(parseResponse(received(), closedByServer));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const raw = received();
      const headEnd = raw.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(raw.slice(0, headEnd))?.[1];
      const complete = headEnd >= 0 && length !== undefined && raw.length - headEnd - 4 >= Number(length);
      const keepAlive = !/\r\nconnection:\s*close/i.test(raw.slice(0, headEnd));
      if (complete && keepAlive) finish(false);
    });
    // A server that answers and closes while the client is still writing may reset the connection.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.write(request);
  });

/** A request head, CRLF-separated, with a Host header; the body (if any) follows it as given. */
export const rawRequest = (
  requestLine: string,
  headers: readonly string[] = [],
  body: string | Buffer = '',
): Buffer =>
  Buffer.concat([
    Buffer.from([requestLine, 'Host: 127.0.0.1', ...headers, '', ''].join('\r\n'), 'latin1'),
    typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
  ]);
