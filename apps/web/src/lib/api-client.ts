import { api } from '@cowcare/contract/api';
import { ERROR_CODES, HEADERS } from '@cowcare/contract/errors';
import {
  fillPath,
  type RouteBody,
  type RouteData,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
} from '@cowcare/contract/route';
import { REQUEST_TIMEOUT_MS } from '@cowcare/domain/constants';
import { apiBases, type ApiBase } from '../config/env';
import { isPublicPath, paths } from '../config/paths';
import { APP_VERSION_CODE, storeRequiredVersion } from './app-version';
import type { LogoutReason } from './event-bus';
import { requestLoading, type LoadingTracker } from './loading';
import { currentPathname, navigateTo } from './navigation';
import { notify } from './notify';
import { endSession, getRefreshToken, getToken, saveTokens } from './session';

/** Codes the client itself produces (the server's codes are in `@cowcare/contract/errors`). */
export const CLIENT_ERROR_CODES = {
  timeout: 'E_TIMEOUT',
  network: 'E_NETWORK',
  noToken: 'E_NO_TOKEN',
  badResponse: 'E_BAD_RESPONSE',
  /** A change (any call but a read) asked for while the device has no network: refused, never queued. */
  offline: 'E_OFFLINE',
} as const;

export interface ErrorDetail {
  path: string;
  message: string;
  /** What is wrong, as a stable code, when the server says (see the contract's ErrorBody). */
  rule?: string;
}

/** A rejected call: the HTTP status (0 when no answer came) and the wire error code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route of the table
export type AnyRoute = RouteDefinition<any, any, any, any>;

/** The contract says "nothing here" as `undefined` (body, query) or `Record<string, never>` (params). */
type IsNone<T> = unknown extends T
  ? true
  : [T] extends [undefined]
    ? true
    : [T] extends [Record<string, never>]
      ? true
      : false;
type Part<Key extends string, T> = IsNone<T> extends true ? { [K in Key]?: undefined } : { [K in Key]: T };

export type CallOptions<R extends AnyRoute> = Part<'params', RouteParams<R>> &
  Part<'body', RouteBody<R>> &
  Part<'query', RouteQuery<R>> & {
    /** Which of the three configured bases (spec §7) the route lives on; default `api`. */
    base?: ApiBase;
    headers?: Record<string, string>;
    /** A multipart body (uploads): sent as it is, the browser sets its content type and boundary. */
    form?: FormData;
    /** Cancellation from the caller (TanStack Query passes one). */
    signal?: AbortSignal;
    /** Background calls (polling) never show the request indicator. */
    silent?: boolean;
    /** A call known to take long (an import of a whole herd) waits this long instead of the usual limit. */
    timeoutMs?: number;
  };

type CallArgs<R extends AnyRoute> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

export interface ApiClientDeps {
  fetch: typeof fetch;
  bases: Record<ApiBase, string>;
  versionCode: number;
  timeoutMs: number;
  loading: LoadingTracker;
  getToken(): string | null;
  getRefreshToken(): string | null;
  saveTokens(tokens: { token: string; refreshToken: string }): void;
  endSession(reason: LogoutReason): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  currentPathname(): string;
  /** Show a short message; the argument is a message key. */
  notify(messageKey: string): void;
  storeRequiredVersion(version: string): void;
  /** Where a caller without a session goes to log in (the farm app's login page, or the support console's). */
  loginPath?: string;
  /** Serialise token refreshes across tabs (Web Locks where the browser has them). */
  withRefreshLock<T>(task: () => Promise<T>): Promise<T>;
  /** Whether the device has a network; without one, changes are refused at once (decision 0031). */
  isOnline?(): boolean;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  code?: string;
  msg?: string;
  upversion?: string;
  details?: ErrorDetail[];
}

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(deps: ApiClientDeps) {
  let refreshing: Promise<void> | null = null;

  const loginPath = deps.loginPath ?? paths.login.login;
  const isOnLoginPage = () => deps.currentPathname() === loginPath || isPublicPath(deps.currentPathname());

  /** The session is gone for good: forget it, say so, and show the login page. */
  function sessionLost(): void {
    deps.endSession('expired');
    if (!isOnLoginPage()) {
      deps.notify('auth.pleaseLogin');
      deps.navigate(loginPath, { replace: true });
    }
  }

  /** One HTTP exchange with the 60 s time-out; resolves with the raw response. */
  async function send(
    route: AnyRoute,
    options: {
      params?: unknown;
      body?: unknown;
      query?: unknown;
      base?: ApiBase;
      headers?: Record<string, string>;
      form?: FormData;
      signal?: AbortSignal;
      timeoutMs?: number;
    },
    token: string | null,
  ): Promise<Response> {
    const url =
      deps.bases[options.base ?? 'api'] +
      fillPath(route.path, (options.params ?? {}) as Record<string, string | number>) +
      toQueryString(options.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [HEADERS.version]: String(deps.versionCode),
      ...options.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = options.body !== undefined && route.method !== 'GET';
    if (hasBody && !options.form) headers['Content-Type'] = 'application/json';
    const body = options.form ?? (hasBody ? JSON.stringify(options.body) : undefined);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? deps.timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort);
    if (options.signal?.aborted) controller.abort();
    try {
      return await deps.fetch(url, {
        method: route.method,
        headers,
        body,
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError(0, CLIENT_ERROR_CODES.timeout, 'The request timed out');
      if (options.signal?.aborted) throw error; // the caller cancelled: pass the AbortError through
      throw new ApiError(
        0,
        CLIENT_ERROR_CODES.network,
        error instanceof Error ? error.message : 'Network error',
      );
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function readEnvelope(response: Response): Promise<Envelope> {
    try {
      return (await response.json()) as Envelope;
    } catch {
      throw new ApiError(
        response.status,
        CLIENT_ERROR_CODES.badResponse,
        `Unreadable answer (${response.status})`,
      );
    }
  }

  async function unwrap(response: Response): Promise<unknown> {
    const envelope = await readEnvelope(response);
    if (response.status === 200 && envelope.success === true) return envelope.data;
    if (response.status === 409 && envelope.code === ERROR_CODES.upgradeRequired && envelope.upversion) {
      deps.storeRequiredVersion(envelope.upversion);
      deps.navigate(paths.login.version, { replace: true });
    }
    throw new ApiError(
      response.status,
      envelope.code ?? `E_HTTP_${response.status}`,
      envelope.msg ?? `Request failed (${response.status})`,
      envelope.details ?? [],
    );
  }

  async function refreshNow(): Promise<void> {
    const startedWith = deps.getRefreshToken();
    await deps.withRefreshLock(async () => {
      const refreshToken = deps.getRefreshToken();
      // Another tab refreshed while we waited for the lock: its new pair is already stored.
      if (refreshToken && startedWith && refreshToken !== startedWith) return;
      if (!refreshToken) {
        sessionLost();
        throw new ApiError(401, ERROR_CODES.unauthorized, 'No refresh token');
      }
      const response = await send(api.auth.refreshToken, { body: { token: refreshToken } }, null);
      try {
        const tokens = (await unwrap(response)) as { token: string; refreshToken: string };
        deps.saveTokens(tokens);
      } catch (error) {
        // The server refused the refresh token (invalid, reused, revoked): the session is over. Other
        // failures (throttled, upgrade required, server down) leave it for a later try.
        if (isApiError(error) && [400, 401, 403].includes(error.status)) sessionLost();
        throw error;
      }
    });
  }

  /** Trade the refresh token for a new pair. Concurrent callers share one refresh. */
  function refreshSession(): Promise<void> {
    refreshing ??= refreshNow().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends with the stored token, refreshing it once on a 401; the raw answer. */
  async function exchange(route: AnyRoute, opts: CallOptions<AnyRoute>): Promise<Response> {
    if (route.method !== 'GET' && deps.isOnline?.() === false) {
      // Status 0 as for a lost connection (the chat's outbox keeps its messages for later, marked so); no
      // message of the browser's to append to the user's.
      throw new ApiError(0, CLIENT_ERROR_CODES.offline, '');
    }
    const needsToken = route.access !== 'public';
    const token = deps.getToken();
    if (needsToken && !token) {
      // No stored authorization: the request is cancelled and the user goes to log in.
      if (!isOnLoginPage()) deps.navigate(loginPath, { replace: true });
      throw new ApiError(0, CLIENT_ERROR_CODES.noToken, 'Not logged in');
    }
    const stopLoading = opts.silent ? () => undefined : deps.loading.begin();
    try {
      let response = await send(route, opts, needsToken ? token : null);
      if (response.status === 401 && needsToken) {
        // Someone else may already have refreshed since we sent; otherwise refresh (shared) first.
        if (deps.getToken() === token) await refreshSession();
        response = await send(route, opts, deps.getToken());
        if (response.status === 401) {
          sessionLost();
        }
      }
      return response;
    } finally {
      stopLoading();
    }
  }

  async function call<R extends AnyRoute>(route: R, ...[options]: CallArgs<R>): Promise<RouteData<R>> {
    return (await unwrap(await exchange(route, (options ?? {}) as CallOptions<AnyRoute>))) as RouteData<R>;
  }

  /**
   * A route that answers a file instead of the JSON envelope (an upload's picture): its bytes, fetched with
   * the token as any call, so an <img> can show it from an object URL. A refusal is the usual ApiError.
   */
  async function callForFile<R extends AnyRoute>(route: R, ...[options]: CallArgs<R>): Promise<Blob> {
    const response = await exchange(route, (options ?? {}) as CallOptions<AnyRoute>);
    if (response.status !== 200) {
      await unwrap(response);
      throw new ApiError(response.status, `E_HTTP_${response.status}`, `Request failed (${response.status})`);
    }
    return response.blob();
  }

  return { call, callForFile, refreshSession };
}

async function browserRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('cowcare-token-refresh', task) as Promise<T>;
}

const defaultClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  bases: apiBases,
  versionCode: APP_VERSION_CODE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  loading: requestLoading,
  getToken,
  getRefreshToken,
  saveTokens,
  endSession,
  navigate: navigateTo,
  currentPathname,
  notify: (key) => notify(key, 'warning'),
  storeRequiredVersion,
  withRefreshLock: browserRefreshLock,
  // The browser's word, as lib/connectivity.ts gives it to TanStack Query (not imported here: the request
  // wrapper's chunk stays free of the query library).
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
});

/** Call a route of the contract's table: `call(api.user.getUser, { params: { id } })`. */
export const call = defaultClient.call;
/** Fetch a route's file (not a JSON answer) as a Blob: `callForFile(api.uploads.download, { params: { id } })`. */
export const callForFile = defaultClient.callForFile;
/** Refresh the access token (the socket uses this after the server refuses its token). */
export const refreshSession = defaultClient.refreshSession;

/**
 * A socket's token was refused (close 4401): refresh, unless the stored token is no longer the one it used.
 * A page opened with an expired token has its calls and both sockets refused at once; a socket refused after
 * a call's refresh ended would otherwise rotate the new pair once more for nothing.
 */
export const refreshRefusedToken = (refused: string | null): Promise<void> =>
  refused !== null && getToken() !== refused ? Promise.resolve() : refreshSession();
