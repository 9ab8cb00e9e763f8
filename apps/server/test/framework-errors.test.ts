import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { apiPath } from '@cowcare/contract/route';
import { MAX_READINGS_PAYLOAD_BYTES } from '@cowcare/contract/routes/ingest';
import { clientErrorAnswer } from '../src/http/client-errors';
import { listeningPort, rawRequest, sendRaw, type RawResponse } from './helpers/raw-http';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Answers the framework gives before or instead of a route, sent over a real TCP connection: Node's HTTP
 * parser refuses some requests before Fastify sees them, which `app.inject` never exercises.
 */

let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = listeningPort(testApp.app);
});
afterAll(async () => {
  await testApp.close();
});

const LOGIN = apiPath({ path: api.auth.login.path });
const CLOSE = 'Connection: close';

const expectDocumentedShape = (response: RawResponse, statusCode: number, code: string) => {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json(;|$)/);
  expect(JSON.parse(response.body)).toEqual({ success: false, code, msg: expect.any(String) });
};

/** Refused by Node's parser: the connection cannot go on, so the answer says so and the server closes it. */
const expectParserRefusal = (response: RawResponse, statusCode: number, code: string) => {
  expectDocumentedShape(response, statusCode, code);
  expect(response.headers.connection).toBe('close');
  expect(response.closedByServer).toBe(true);
};

describe("requests Node's HTTP parser refuses", () => {
  it('answers 431 E_HEADERS_TOO_LARGE to a 100 KB header and closes the connection', async () => {
    const response = await sendRaw(
      port,
      rawRequest('GET /api/health HTTP/1.1', [`X-Big: ${'a'.repeat(100_000)}`]),
    );
    expectParserRefusal(response, 431, 'E_HEADERS_TOO_LARGE');
    expect(JSON.parse(response.body)).toMatchObject({ msg: expect.stringContaining('16 KiB') });
    const next = await sendRaw(port, rawRequest('GET /api/no/such/call HTTP/1.1', ['Connection: close']));
    expect(next.statusCode, 'the server goes on serving').toBe(404);
  });

  it('answers 431 E_HEADERS_TOO_LARGE to a 100 KB address', async () => {
    const response = await sendRaw(port, rawRequest(`GET /api/${'a'.repeat(100_000)} HTTP/1.1`));
    expectParserRefusal(response, 431, 'E_HEADERS_TOO_LARGE');
  });

  it.each([
    ['a NUL character in a header value', 'X-Note: a\u0000b', 'Invalid header value char'],
    ['a control character in a header value', 'X-Note: a\u0001b', 'Invalid header value char'],
    ['a space in a header name', 'X Note: 1', 'Invalid header token'],
    ['a header line without a colon', 'X-Note', 'Invalid header token'],
  ])('answers 400 E_VALIDATION to %s, naming the fault', async (_case, header, reason) => {
    const response = await sendRaw(port, rawRequest('GET /api/health HTTP/1.1', [header]));
    expectParserRefusal(response, 400, 'E_VALIDATION');
    expect(JSON.parse(response.body)).toMatchObject({ msg: `The request is not valid HTTP (${reason})` });
  });

  it('answers 400 E_VALIDATION to a method HTTP does not have', async () => {
    const response = await sendRaw(port, rawRequest('FETCH /api/health HTTP/1.1', [CLOSE]));
    expectParserRefusal(response, 400, 'E_VALIDATION');
  });

  it('answers 400 E_VALIDATION to a request line that is not HTTP', async () => {
    const response = await sendRaw(port, Buffer.from('HELLO\r\n\r\n'));
    expectParserRefusal(response, 400, 'E_VALIDATION');
  });

  it('answers 413 E_PAYLOAD_TOO_LARGE to oversized chunk extensions', async () => {
    const response = await sendRaw(
      port,
      rawRequest(
        `POST ${LOGIN} HTTP/1.1`,
        ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
        `2;${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
      ),
    );
    expectParserRefusal(response, 413, 'E_PAYLOAD_TOO_LARGE');
  });
});

describe('bodies Fastify refuses', () => {
  const postLogin = (headers: readonly string[], body: string | Buffer) =>
    sendRaw(port, rawRequest(`POST ${LOGIN} HTTP/1.1`, [CLOSE, ...headers], body));

  // Already in shape before: kept here so it stays so.
  it('answers 413 E_PAYLOAD_TOO_LARGE to a JSON body over the limit, by its length or as it streams', async () => {
    const tooLong = MAX_READINGS_PAYLOAD_BYTES + 1;
    const declared = await postLogin(['Content-Type: application/json', `Content-Length: ${tooLong}`], '{');
    expectDocumentedShape(declared, 413, 'E_PAYLOAD_TOO_LARGE');
    const chunk = `{"a":"${'x'.repeat(tooLong)}"}`;
    const streamed = await postLogin(
      ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
      `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    );
    expectDocumentedShape(streamed, 413, 'E_PAYLOAD_TOO_LARGE');
  });

  it('answers 415 E_VALIDATION to a content type no route accepts, naming what is accepted', async () => {
    const response = await postLogin(['Content-Type: text/xml', 'Content-Length: 4'], '<a/>');
    expectDocumentedShape(response, 415, 'E_VALIDATION');
    expect(JSON.parse(response.body)).toMatchObject({ msg: expect.stringContaining('application/json') });
  });

  it('answers 415 E_VALIDATION to a multipart body sent to a route that is not the upload', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="username"\r\n\r\ndemo\r\n--b--\r\n';
    const response = await postLogin(
      ['Content-Type: multipart/form-data; boundary=b', `Content-Length: ${body.length}`],
      body,
    );
    expectDocumentedShape(response, 415, 'E_VALIDATION');
    expect(JSON.parse(response.body)).toMatchObject({
      msg: expect.stringContaining('/api/common/common/upload'),
    });
  });

  it('answers 400 E_VALIDATION to malformed JSON', async () => {
    const response = await postLogin(['Content-Type: application/json', 'Content-Length: 9'], '{"a": tru');
    expectDocumentedShape(response, 400, 'E_VALIDATION');
    expect(JSON.parse(response.body)).toMatchObject({ msg: 'The body is not valid JSON' });
  });

  it('answers 400 E_VALIDATION to an empty body that says it is JSON', async () => {
    const response = await postLogin(['Content-Type: application/json', 'Content-Length: 0'], '');
    expectDocumentedShape(response, 400, 'E_VALIDATION');
    expect(JSON.parse(response.body)).toMatchObject({
      msg: 'The body is empty, but its content type says JSON',
    });
  });
});

/** These were in shape already (Fastify routes them to our handlers); the tests keep them so. */
describe('routes that do not exist', () => {
  it('answers 404 E_NOT_FOUND to an unknown API path', async () => {
    const response = await sendRaw(port, rawRequest('GET /api/no/such/call HTTP/1.1', [CLOSE]));
    expectDocumentedShape(response, 404, 'E_NOT_FOUND');
  });

  it('answers 404 E_NOT_FOUND to a known path with a method it does not take', async () => {
    const response = await sendRaw(port, rawRequest(`PATCH ${LOGIN} HTTP/1.1`, [CLOSE]));
    expectDocumentedShape(response, 404, 'E_NOT_FOUND');
  });

  it('answers an overlong path segment (under the header limit) from the router in the same shape', async () => {
    const response = await sendRaw(
      port,
      rawRequest(`GET /api/common/common/upload/${'9'.repeat(10_000)} HTTP/1.1`, [CLOSE]),
    );
    expectDocumentedShape(response, 414, 'E_VALIDATION');
  });
});

describe('clientErrorAnswer', () => {
  it('answers a request not received in time with 408 E_REQUEST_TIMEOUT', () => {
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    expect(clientErrorAnswer(timeout)).toEqual({
      statusCode: 408,
      body: { success: false, code: 'E_REQUEST_TIMEOUT', msg: 'The request was not received in time' },
    });
  });
});
