import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the device has a network, for the whole app: TanStack Query's online manager, told the browser's
 * own word (`navigator.onLine` and its online/offline events). Out of the box it assumes "online" until an
 * event says otherwise, so a page opened with no signal would send every read and wait for each to fail;
 * told the truth at start, reads pause instead, and the app shows what it kept (decision 0031).
 */
export function watchConnectivity(): void {
  if (typeof window === 'undefined') return;
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(window.navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

export const isOnline = (): boolean => onlineManager.isOnline();

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
