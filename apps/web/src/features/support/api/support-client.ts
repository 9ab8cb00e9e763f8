import { queryOptions } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { REQUEST_TIMEOUT_MS } from '@cowcare/domain/constants';
import { apiBases } from '../../../config/env';
import { createApiClient } from '../../../lib/api-client';
import { APP_VERSION_CODE } from '../../../lib/app-version';
import { requestLoading } from '../../../lib/loading';
import { currentPathname, navigateTo } from '../../../lib/navigation';
import { notify } from '../../../lib/notify';
import { SUPPORT_PATHS } from '../support-paths';

/**
 * The agent's console token, kept for this tab only: a shared support computer forgets it with the tab, and
 * it never mixes with a farm session in the same browser.
 */
const TOKEN_KEY = 'cowcare.support.token';

export const getSupportToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const saveSupportToken = (token: string): void => sessionStorage.setItem(TOKEN_KEY, token);
export const clearSupportToken = (): void => sessionStorage.removeItem(TOKEN_KEY);

/** The farm app's client, with the agent's token: no refresh (a console token lives an hour), its own login. */
const supportClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  bases: apiBases,
  versionCode: APP_VERSION_CODE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  loading: requestLoading,
  getToken: getSupportToken,
  getRefreshToken: () => null,
  saveTokens: () => undefined,
  endSession: clearSupportToken,
  navigate: navigateTo,
  currentPathname,
  notify: () => notify('Your console session ended: sign in again', 'warning'),
  storeRequiredVersion: () => undefined,
  withRefreshLock: (task) => task(),
  loginPath: SUPPORT_PATHS.login,
});

export const supportCall = supportClient.call;
export const supportCallForFile = supportClient.callForFile;

export const supportKeys = {
  all: ['support'] as const,
  me: ['support', 'me'] as const,
  farms: (q: string) => ['support', 'farms', q] as const,
  farm: (id: number) => ['support', 'farm', id] as const,
  farmOrders: (id: number) => ['support', 'farm', id, 'orders'] as const,
  news: ['support', 'news'] as const,
  appVersion: ['support', 'app-version'] as const,
  audit: ['support', 'audit'] as const,
  inbox: ['support', 'inbox'] as const,
  thread: (conversationId: number) => ['support', 'thread', conversationId] as const,
  presence: ['support', 'presence'] as const,
  picture: (messageId: number) => ['support', 'picture', messageId] as const,
};

export const whoAmIQuery = () =>
  queryOptions({
    queryKey: supportKeys.me,
    queryFn: ({ signal }) => supportCall(api.support.whoAmI, { signal }),
  });
