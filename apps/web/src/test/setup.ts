import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { fetchAllCatalogues, i18n, switchLanguage } from '../lib/i18n';
import { registerNavigate } from '../lib/navigation';
import { clearSession } from '../lib/session';
import { FakeWebSocket } from './fake-websocket';

// A page's first render loads its lazy chunk through Vite's transform; on a busy 2-core machine that can take
// longer than Testing Library's 1 s default for `findBy…`, which then fails a test that is not wrong.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// Mantine's autosize textarea listens for font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}
if (typeof window.HTMLElement.prototype.scrollIntoView !== 'function') {
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
}

// The app fetches a language's catalogue when it is needed (issue 39); tests make i18n instances in any
// language synchronously (createI18n('ko')), so every catalogue is fetched once before them.
beforeAll(fetchAllCatalogues);

// Strict: an unexpected console.error fails the test (React warnings, failed requests nobody handled).
let consoleErrors: unknown[][] = [];
beforeEach(async () => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // No real network or sockets in unit tests: a test hands in its own fake fetch.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('Unexpected fetch: stub it in the test')));
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearSession();
  await switchLanguage(i18n, 'en');
});

afterEach(() => {
  cleanup();
  // Test files share a worker's modules (isolate: false in vite.config.ts): nothing a test showed may
  // outlive it, neither Mantine's notification store nor a portal left in the body.
  notifications.clean();
  document.body.innerHTML = '';
  registerNavigate(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  expect(
    errors.map((args) => args.map(String).join(' ')),
    'unexpected console.error',
  ).toEqual([]);
});
