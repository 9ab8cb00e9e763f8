import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@cowcare/contract/api';
import { fail, fakeApi, ok, type FakeHandler } from '../test/fake-api';
import { createApiClient, type ApiClientDeps } from './api-client';
import { createLoadingTracker } from './loading';

/** A client wired to fakes: a token store in memory and recorders for what the user would see. */
function setup(
  handlers: Record<string, FakeHandler>,
  options: {
    tokens?: { token: string; refreshToken: string } | null;
    fetch?: typeof fetch;
    online?: () => boolean;
  } = {},
) {
  const server = fakeApi(handlers);
  let stored =
    options.tokens === undefined ? { token: 'old-token', refreshToken: 'refresh-1' } : options.tokens;
  const seen = {
    navigations: [] as string[],
    notices: [] as string[],
    endedSessions: 0,
    requiredVersion: null as string | null,
  };
  const loading = createLoadingTracker(800);
  const deps: ApiClientDeps = {
    fetch: options.fetch ?? server.fetch,
    bases: { api: '/api/', sensor: '/api/', chat: '/api/' },
    versionCode: 190,
    timeoutMs: 60_000,
    loading,
    getToken: () => stored?.token ?? null,
    getRefreshToken: () => stored?.refreshToken ?? null,
    saveTokens: (next) => {
      stored = next;
    },
    endSession: () => {
      stored = null;
      seen.endedSessions += 1;
    },
    navigate: (to) => seen.navigations.push(to),
    currentPathname: () => '/pages/index/webuser',
    notify: (key) => seen.notices.push(key),
    storeRequiredVersion: (version) => {
      seen.requiredVersion = version;
    },
    withRefreshLock: (task) => task(),
    ...(options.online ? { isOnline: options.online } : {}),
  };
  const client = createApiClient(deps);
  return { client, server, seen, loading, stored: () => stored };
}

const user = { id: 7 } as const;
const userRecord = { id: 7, username: 'demo' };

describe('request wrapper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token, the version code and a JSON body with the route method and path', async () => {
    const { client, server } = setup({
      'PUT user/user/getsetting/7/F-100': () => ok({ Ultrasonic: 41 }),
    });
    await client.call(api.user.putSettings, {
      params: { id: 7, FarmNumber: 'F-100' },
      body: { Ultrasonic: 41, Inspection: 60, Rectal: 60, Hormone: 51, External: 60 },
      headers: { 'x-boss-grant': 'grant-1' },
    });
    const [request] = server.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.headers).toMatchObject({
      Authorization: 'Bearer old-token',
      version: '190',
      'Content-Type': 'application/json',
      'x-boss-grant': 'grant-1',
    });
    expect(request?.body).toMatchObject({ Ultrasonic: 41 });
  });

  it('sends a multipart body as it is, leaving its content type to the browser', async () => {
    const upload = { id: 3, name: 'a.png', mimeType: 'image/png', sizeBytes: 4, url: '/api/x' };
    const { client, server } = setup({ 'POST common/common/upload': () => ok(upload) });
    const form = new FormData();
    form.append('file', new File(['png!'], 'a.png', { type: 'image/png' }));
    await expect(client.call(api.uploads.upload, { form })).resolves.toEqual(upload);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe(form);
    expect(request?.headers['Content-Type']).toBeUndefined();
    expect(request?.headers.Authorization).toBe('Bearer old-token');
  });

  it('answers the data of a 200 envelope', async () => {
    const { client } = setup({ 'GET common/common/getKoUserDataById/7': () => ok(userRecord) });
    await expect(client.call(api.user.getUser, { params: user })).resolves.toEqual(userRecord);
  });

  it('refreshes once for two calls that both get 401, then retries each with the new token', async () => {
    let refreshes = 0;
    const { client, server, stored } = setup({
      'GET common/common/getKoUserDataById/7': ({ headers }) =>
        headers.Authorization === 'Bearer new-token' ? ok(userRecord) : fail(401, 'E_TOKEN_EXPIRED'),
      'GET common/common/getbosspassword': ({ headers }) =>
        headers.Authorization === 'Bearer new-token' ? ok({ isSet: true }) : fail(401, 'E_TOKEN_EXPIRED'),
      'POST login/login/refreshTokenLoginApp': async ({ body }) => {
        refreshes += 1;
        expect(body).toEqual({ token: 'refresh-1' });
        await Promise.resolve();
        return ok({ token: 'new-token', refreshToken: 'refresh-2' });
      },
    });

    const [first, second] = await Promise.all([
      client.call(api.user.getUser, { params: user }),
      client.call(api.system.bossPasswordStatus),
    ]);

    expect(first).toEqual(userRecord);
    expect(second).toEqual({ isSet: true });
    expect(refreshes).toBe(1);
    expect(stored()).toEqual({ token: 'new-token', refreshToken: 'refresh-2' });
    const retried = server.requests.filter((r) => r.headers.Authorization === 'Bearer new-token');
    expect(retried.map((r) => r.path).sort()).toEqual([
      'common/common/getKoUserDataById/7',
      'common/common/getbosspassword',
    ]);
    // The refresh call itself carries no bearer token.
    expect(server.requests.find((r) => r.path.startsWith('login/'))?.headers.Authorization).toBeUndefined();
  });

  it('logs out when the refresh is refused: tokens cleared, "Please Login" shown, login page opened', async () => {
    const { client, seen, stored } = setup({
      'GET common/common/getKoUserDataById/7': () => fail(401, 'E_TOKEN_EXPIRED'),
      'GET common/common/getbosspassword': () => fail(401, 'E_TOKEN_EXPIRED'),
      'POST login/login/refreshTokenLoginApp': () => fail(401, 'E_REFRESH_INVALID'),
    });

    const results = await Promise.allSettled([
      client.call(api.user.getUser, { params: user }),
      client.call(api.system.bossPasswordStatus),
    ]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(stored()).toBeNull();
    expect(seen.endedSessions).toBe(1);
    expect(seen.notices).toEqual(['auth.pleaseLogin']);
    expect(seen.navigations).toEqual(['/pages/login/login']);
  });

  it('on 409 stores the required version, opens the version page and rejects the call', async () => {
    const { client, seen } = setup({
      'GET common/common/getKoUserDataById/7': () => fail(409, 'E_UPVERSION', { upversion: '1.6.0' }),
    });
    await expect(client.call(api.user.getUser, { params: user })).rejects.toMatchObject({
      status: 409,
      code: 'E_UPVERSION',
    });
    expect(seen.requiredVersion).toBe('1.6.0');
    expect(seen.navigations).toEqual(['/pages/login/version']);
  });

  it('gives up after 60 s without an answer', async () => {
    const never = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const { client } = setup({}, { fetch: never });
    const pending = client.call(api.system.bossPasswordStatus);
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toMatchObject({ code: 'E_TIMEOUT' });
  });

  it('shows the request indicator only after 800 ms', async () => {
    let answer: () => void = () => undefined;
    const { client, loading } = setup({
      'GET common/common/getbosspassword': () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ isSet: true }));
        }),
    });
    const pending = client.call(api.system.bossPasswordStatus);
    await vi.advanceTimersByTimeAsync(799);
    expect(loading.isVisible()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loading.isVisible()).toBe(true);
    answer();
    await pending;
    expect(loading.isVisible()).toBe(false);
  });

  it('cancels a call that needs a token when none is stored, and opens the login page', async () => {
    const { client, server, seen } = setup({}, { tokens: null });
    await expect(client.call(api.system.bossPasswordStatus)).rejects.toMatchObject({ code: 'E_NO_TOKEN' });
    expect(server.fetch).not.toHaveBeenCalled();
    expect(seen.navigations).toEqual(['/pages/login/login']);
  });

  it('does not refresh for a public call: a wrong login is just an error', async () => {
    const { client, seen } = setup({
      'POST login/login/loginApp': () => fail(401, 'E_BAD_CREDENTIALS'),
    });
    await expect(
      client.call(api.auth.login, { body: { username: 'demo', password: 'nope' } }),
    ).rejects.toMatchObject({ status: 401, code: 'E_BAD_CREDENTIALS' });
    expect(seen.navigations).toEqual([]);
    expect(seen.endedSessions).toBe(0);
  });
});

describe('request wrapper without a network', () => {
  it('refuses a change at once, saying it needs the network, and sends nothing to be retried later', async () => {
    const { client, server, seen } = setup({}, { online: () => false });
    await expect(
      client.call(api.user.putSettings, {
        params: { id: 7, FarmNumber: 'F-100' },
        body: { Ultrasonic: 41, Inspection: 60, Rectal: 60, Hormone: 51, External: 60 },
      }),
    ).rejects.toMatchObject({ status: 0, code: 'E_OFFLINE', message: '' });
    expect(server.fetch).not.toHaveBeenCalled();
    expect(seen.navigations).toEqual([]);
  });

  it('still tries a read (the app shows its kept data if it fails)', async () => {
    const { client, server } = setup(
      { 'GET common/common/getKoUserDataById/7': () => ok(userRecord) },
      { online: () => false },
    );
    await expect(client.call(api.user.getUser, { params: user })).resolves.toEqual(userRecord);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the change once the network is back', async () => {
    let online = false;
    const { client, server } = setup(
      { 'POST login/login/loginApp': () => ok({ token: 't', refreshToken: 'r', user: userRecord }) },
      { online: () => online },
    );
    const login = () => client.call(api.auth.login, { body: { username: 'demo', password: 'demo1234' } });
    await expect(login()).rejects.toMatchObject({ code: 'E_OFFLINE' });
    online = true;
    await expect(login()).resolves.toMatchObject({ token: 't' });
    expect(server.requests).toHaveLength(1);
  });
});
