import { useSyncExternalStore } from 'react';
import { LOADING_INDICATOR_DELAY_MS } from '@cowcare/domain/constants';

/**
 * The request indicator of spec §7: it appears only when a request has run for 800 ms, so quick answers
 * never flash a spinner.
 */
export interface LoadingTracker {
  /** Mark a request as started; call the returned function when it ends. */
  begin: () => () => void;
  isVisible: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export function createLoadingTracker(delayMs: number = LOADING_INDICATOR_DELAY_MS): LoadingTracker {
  let visible = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    begin() {
      let shown = false;
      let ended = false;
      const timer = setTimeout(() => {
        shown = true;
        visible += 1;
        emit();
      }, delayMs);
      return () => {
        if (ended) return;
        ended = true;
        clearTimeout(timer);
        if (shown) {
          visible -= 1;
          emit();
        }
      };
    },
    isVisible: () => visible > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const requestLoading = createLoadingTracker();

export function useRequestLoading(tracker: LoadingTracker = requestLoading): boolean {
  return useSyncExternalStore(tracker.subscribe, tracker.isVisible, () => false);
}
