import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** Path below `/api/`, with its query string. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const ok = (data: unknown): FakeReply => ({ status: 200, body: { success: true, data } });
export const fail = (status: number, code: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  body: { success: false, code, msg: code, ...extra },
});

/**
 * A fake `fetch` for the API: handlers keyed by `METHOD path` (path below /api/, without the query).
 * A request nobody handles fails the test.
 */
export function fakeApi(handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api\//, '');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path,
      headers: (init?.headers ?? {}) as Record<string, string>,
      // JSON bodies parsed; a multipart body (FormData) as it was sent.
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined),
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${path.split('?')[0]}`];
    if (!handler) throw new Error(`Unhandled request ${request.method} ${path}`);
    const reply = await handler(request);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetchFn, requests };
}

/**
 * The server of a farm whose setup is done, as the screens' tests need it: the two calls every screen makes
 * first, plus the test's own handlers; installed as `fetch`.
 */
export function stubFarmServer(extra: Record<string, FakeHandler>) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}
