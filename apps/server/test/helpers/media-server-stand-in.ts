import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for MediaMTX (no npm or Debian package ships it, so it cannot run on these machines). It speaks
// the parts of MediaMTX the server relies on, as MediaMTX documents and implements them:
// - the control API v3: `POST /v3/config/paths/replace/<name>`, `DELETE /v3/config/paths/delete/<name>`
//   (404 for a path it does not have), `GET /v3/paths/get/<name>` (404 until the path is read once, then
//   `ready`), behind Basic credentials when given;
// - its HLS listener: before serving `<name>/index.m3u8` it posts the authentication callback's JSON
//   (ip, user, password, token, action, path, protocol, id, query) to `authHTTPAddress` and answers 401
//   unless that answers 2xx; an allowed read of an on-demand path pulls the registered source (here: one
//   frame with the bundled ffmpeg), so a wrong source URL or password shows as "no stream available" (404).

export interface MediaServerCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface MediaServerStandIn {
  hlsUrl: string;
  apiUrl: string;
  /** Every call made to its control API, in order. */
  apiCalls: MediaServerCall[];
  /** The registered paths' configurations, by name. */
  paths: Map<string, Record<string, unknown>>;
  /** Every authentication callback's body and the answer it got. */
  authentications: { request: Record<string, unknown>; status: number }[];
  stop: () => Promise<void>;
}

const ffmpegPath = (): string =>
  (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** MediaMTX pulls an on-demand source when a reader comes; one frame is enough to know it works. */
const pullOneFrame = (source: string): Promise<boolean> =>
  new Promise((resolve) => {
    execFile(
      ffmpegPath(),
      ['-v', 'error', '-i', source, '-frames:v', '1', '-f', 'null', '-'],
      { timeout: 15_000 },
      (error) => resolve(!error),
    );
  });

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
};

const answer = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

export const startMediaServerStandIn = async (options: {
  authHttpAddress: () => string;
  apiCredentials?: { user: string; pass: string };
}): Promise<MediaServerStandIn> => {
  const apiCalls: MediaServerCall[] = [];
  const paths = new Map<string, Record<string, unknown>>();
  const ready = new Set<string>();
  const authentications: MediaServerStandIn['authentications'] = [];
  const expectedAuthorization = options.apiCredentials
    ? `Basic ${Buffer.from(`${options.apiCredentials.user}:${options.apiCredentials.pass}`).toString('base64')}`
    : undefined;

  const api = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '';
      apiCalls.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body,
      });
      if (expectedAuthorization && request.headers.authorization !== expectedAuthorization) {
        return answer(response, 401, { status: 'error', error: 'authentication error' });
      }
      const replace = /^\/v3\/config\/paths\/replace\/([^/?]+)$/.exec(path);
      const remove = /^\/v3\/config\/paths\/delete\/([^/?]+)$/.exec(path);
      const get = /^\/v3\/paths\/get\/([^/?]+)$/.exec(path);
      if (request.method === 'POST' && replace?.[1]) {
        paths.set(replace[1], body as Record<string, unknown>);
        ready.delete(replace[1]);
        return answer(response, 200, {});
      }
      if (request.method === 'DELETE' && remove?.[1]) {
        const had = paths.delete(remove[1]);
        ready.delete(remove[1]);
        return had
          ? answer(response, 200, {})
          : answer(response, 404, { status: 'error', error: 'path not found' });
      }
      if (request.method === 'GET' && get?.[1]) {
        const name = get[1];
        if (!ready.has(name)) return answer(response, 404, { status: 'error', error: 'path not found' });
        return answer(response, 200, { name, ready: true, readers: [] });
      }
      return answer(response, 404, { status: 'error', error: 'not found' });
    })();
  });

  const hls = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const match = /^\/([^/]+)\/index\.m3u8$/.exec(url.pathname);
      if (request.method !== 'GET' || !match?.[1]) return answer(response, 404, { error: 'not found' });
      const name = match[1];
      const authRequest = {
        ip: '127.0.0.1',
        user: '',
        password: '',
        token: '',
        action: 'read',
        path: name,
        protocol: 'hls',
        id: randomUUID(),
        query: url.search.replace(/^\?/, ''),
      };
      const callback = await fetch(options.authHttpAddress(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(authRequest),
      });
      authentications.push({ request: authRequest, status: callback.status });
      if (callback.status < 200 || callback.status > 299) {
        return answer(response, 401, { status: 'error', error: 'authentication error' });
      }
      const source = paths.get(name)?.source;
      if (typeof source !== 'string') {
        return answer(response, 404, { error: `path '${name}' is not configured` });
      }
      if (!ready.has(name) && (await pullOneFrame(source))) ready.add(name);
      if (!ready.has(name)) return answer(response, 404, { error: 'no stream is available on path' });
      response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
      response.end('#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-STREAM-INF:BANDWIDTH=150000\nvideo1_stream.m3u8\n');
    })();
  });

  const [hlsUrl, apiUrl] = [await listen(hls), await listen(api)];
  return {
    hlsUrl,
    apiUrl,
    apiCalls,
    paths,
    authentications,
    stop: async () => {
      hls.closeAllConnections();
      api.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => hls.close(resolve)),
        new Promise((resolve) => api.close(resolve)),
      ]);
    },
  };
};
