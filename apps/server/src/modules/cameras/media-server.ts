import type { CameraStatus } from '@cowcare/contract/routes/cameras';

// The scale path (docs/cameras.md): a MediaMTX pulls the farm's RTSP cameras and serves them as HLS; this
// server only tells it which cameras exist (its control API, v3) and answers its authentication callback.
// MediaMTX cannot be installed on the development machines (no npm or Debian package): the tests speak to a
// stand-in that implements the same calls (test/helpers/media-server-stand-in.ts).

export interface MediaServerAddress {
  /** Its HLS listener as browsers reach it, e.g. https://video.example.com (MediaMTX :8888). */
  hlsUrl: string;
  /** Its control API, from this server only (MediaMTX :9997); a user:password in the URL is sent as Basic. */
  apiUrl: string;
}

/** How long the media server keeps pulling a camera nobody watches, as the embedded pipeline does. */
const CLOSE_AFTER = '60s';
const API_TIMEOUT_MS = 3000;

export class MediaServerUnreachable extends Error {}

/** A path's configuration: pulled on demand, over TCP or UDP as the camera accepts. */
const pathConfig = (sourceUrl: string) => ({
  source: sourceUrl,
  sourceOnDemand: true,
  sourceOnDemandStartTimeout: '10s',
  sourceOnDemandCloseAfter: CLOSE_AFTER,
  rtspTransport: 'automatic',
});

export class MediaServerClient {
  private readonly api: URL;
  private readonly authorization: string | undefined;

  constructor(readonly address: MediaServerAddress) {
    const api = new URL(address.apiUrl);
    this.authorization =
      api.username || api.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(api.username)}:${decodeURIComponent(api.password)}`).toString('base64')}`
        : undefined;
    api.username = '';
    api.password = '';
    this.api = api;
  }

  /** The playlist a browser opens; the ticket rides in the query, which MediaMTX hands to the callback. */
  playlistUrl(pathName: string, ticket: string): string {
    return `${this.address.hlsUrl}/${pathName}/index.m3u8?ticket=${encodeURIComponent(ticket)}`;
  }

  /** Creates or replaces the path, so changed credentials or address take effect on the next viewer. */
  async register(pathName: string, sourceUrl: string): Promise<void> {
    const response = await this.request(
      'POST',
      `/v3/config/paths/replace/${pathName}`,
      pathConfig(sourceUrl),
    );
    if (!response.ok) throw await this.refusal('register the camera', response);
  }

  /** Forgets the path (a deleted or changed camera); a path it never had is fine. */
  async remove(pathName: string): Promise<void> {
    const response = await this.request('DELETE', `/v3/config/paths/delete/${pathName}`);
    if (!response.ok && response.status !== 404) throw await this.refusal('remove the camera', response);
  }

  /** Whether the path is pulled now: `live` with a stream, `starting` while it connects, `idle` unused. */
  async status(pathName: string): Promise<CameraStatus> {
    const response = await this.request('GET', `/v3/paths/get/${pathName}`);
    if (response.status === 404) return { state: 'idle', since: null };
    if (!response.ok) throw await this.refusal('read the camera', response);
    const path = (await response.json()) as { ready?: unknown };
    return { state: path.ready === true ? 'live' : 'starting', since: null };
  }

  private async request(method: string, route: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.authorization) headers.authorization = this.authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetch(new URL(route, this.api), {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (error) {
      throw new MediaServerUnreachable(`The video server did not answer: ${(error as Error).message}`);
    }
  }

  private async refusal(what: string, response: Response): Promise<MediaServerUnreachable> {
    const text = (await response.text().catch(() => '')).slice(0, 200);
    return new MediaServerUnreachable(`The video server refused to ${what} (${response.status} ${text})`);
  }
}
