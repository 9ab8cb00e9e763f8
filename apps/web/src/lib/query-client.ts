import { QueryClient } from '@tanstack/react-query';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';
import { watchConnectivity } from './connectivity';

/** Retry only what may pass on a second try: network trouble and server errors, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  return error.code === CLIENT_ERROR_CODES.network || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  watchConnectivity();
  return new QueryClient({
    defaultOptions: {
      // Offline, reads pause (the kept data shows) and go on by themselves when the network returns.
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // A change is never held back to be sent later without the user knowing: offline it runs at once and
      // the request wrapper refuses it, saying that it needs the network (decision 0031).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
