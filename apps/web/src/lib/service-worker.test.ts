import { describe, expect, it, vi } from 'vitest';
import type * as WorkboxWindow from 'workbox-window';
import {
  UPDATE_CHECK_MS,
  forceUpdate,
  isUpdateWaiting,
  registerServiceWorker,
  reloadIntoUpdate,
} from './service-worker';

/** workbox-window's Workbox, faked: it records what the app asks of it and lets a test fire its events. */
function fakeWorkbox() {
  const made: { url: string; listeners: Map<string, () => void>; asks: string[] }[] = [];
  class Workbox {
    listeners = new Map<string, () => void>();
    asks: string[] = [];
    constructor(readonly url: string) {
      made.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    async register() {
      this.asks.push('register');
    }
    async update() {
      this.asks.push('update');
    }
    messageSkipWaiting() {
      this.asks.push('skipWaiting');
    }
  }
  return { made, loadWorkbox: async () => ({ Workbox }) as unknown as typeof WorkboxWindow };
}

describe('the service worker from the app', () => {
  it('registers /sw.js, looks for a new build every hour, and says when one waits', async () => {
    const workbox = fakeWorkbox();
    const timers: [() => void, number][] = [];
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: new EventTarget() });
    await registerServiceWorker({
      loadWorkbox: workbox.loadWorkbox,
      setInterval: (task, ms) => timers.push([task, ms]),
    });
    const [registered] = workbox.made;
    expect(registered?.url).toBe('/sw.js');
    expect(registered?.asks).toEqual(['register']);
    expect(timers.map(([, ms]) => ms)).toEqual([UPDATE_CHECK_MS]);
    timers[0]?.[0]();
    expect(registered?.asks).toEqual(['register', 'update']);

    expect(isUpdateWaiting()).toBe(false);
    registered?.listeners.get('waiting')?.();
    expect(isUpdateWaiting()).toBe(true);

    // "Reload": the waiting build is told to take over, and the page reloads once it has.
    const reload = vi.fn();
    reloadIntoUpdate(reload);
    expect(registered?.asks.at(-1)).toBe('skipWaiting');
    expect(reload).not.toHaveBeenCalled();
    navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers', async () => {
    const workbox = fakeWorkbox();
    const { serviceWorker: _none, ...withoutWorkers } = navigator as Navigator & { serviceWorker?: unknown };
    vi.stubGlobal('navigator', withoutWorkers);
    await registerServiceWorker({ loadWorkbox: workbox.loadWorkbox });
    expect(workbox.made).toEqual([]);
  });
});

describe('the forced update (spec §8)', () => {
  it("drops the app's workers and caches before loading the page from the server", async () => {
    const steps: string[] = [];
    const registration = (scope: string) =>
      ({
        unregister: async () => {
          steps.push(`unregister ${scope}`);
          return true;
        },
      }) as unknown as ServiceWorkerRegistration;
    await forceUpdate('/', {
      serviceWorker: { getRegistrations: async () => [registration('/')] },
      caches: {
        keys: async () => ['workbox-precache-v2-http://farm/'],
        delete: async (name: string) => {
          steps.push(`delete ${name}`);
          return true;
        },
      },
      load: (url) => steps.push(`load ${url}`),
    });
    expect(steps).toEqual(['unregister /', 'delete workbox-precache-v2-http://farm/', 'load /']);
  });

  it('still loads the page when the browser refuses to drop them', async () => {
    const load = vi.fn();
    await forceUpdate('/', {
      serviceWorker: { getRegistrations: () => Promise.reject(new Error('SecurityError')) },
      load,
    });
    expect(load).toHaveBeenCalledWith('/');
  });
});
