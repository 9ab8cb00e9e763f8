import { useMemo, useRef } from 'react';
import { isApiError } from './api-client';

/** A fresh key for one money-moving attempt (the contract allows 8-64 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed money-moving call may have been done by the server: no answer came (network, time-out)
 * or the server failed. Then the retry must carry the same key, so that it answers the same order instead of
 * making a second one.
 */
export const mayHaveHappened = (error: unknown): boolean =>
  !isApiError(error) || error.status === 0 || error.status >= 500;

export interface AttemptKeys {
  /** The key of the attempt at `what` (an amount, a plan): the same until `settle`, or until `what` changes. */
  keyFor(what: string): string;
  /** The attempt ended with an answer (done or refused): the next one gets a new key. */
  settle(): void;
  /** After a failure: keep the key when the server may have done it, else start over. */
  failed(error: unknown): void;
}

/** Idempotency keys for a screen's money-moving button: one per attempt, kept across a retry of it. */
export function useAttemptKeys(): AttemptKeys {
  const current = useRef<{ what: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(what) {
        if (current.current?.what !== what) current.current = { what, key: newIdempotencyKey() };
        return current.current.key;
      },
      settle() {
        current.current = null;
      },
      failed(error) {
        if (!mayHaveHappened(error)) current.current = null;
      },
    }),
    [],
  );
}
