import { QueryClient } from '@tanstack/react-query';
import { CLIENT_ERROR_CODES, isApiError } from './api-client';

/** Retry only what may pass on a second try: network trouble and server errors, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  return error.code === CLIENT_ERROR_CODES.network || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
