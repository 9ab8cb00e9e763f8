import type { Page } from 'playwright-core';

/**
 * Playwright's `networkidle` waits for 500 ms without a request, after every load; a test that checks 30
 * screens in 9 languages spent over two minutes in those waits alone. This waits for `quietMs` (150) with no
 * request in flight, counted from the moment it is attached (attach it before the first navigation).
 */
export const trackRequests = (page: Page): { quiet: (quietMs?: number) => Promise<void> } => {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const change = () => {
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    change();
  });
  const done = (request: unknown) => {
    inFlight.delete(request);
    change();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(quietMs = 150) {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`requests still in flight after 30 s: ${inFlight.size}`);
    },
  };
};
