import { useEffect, useState, type ReactNode } from 'react';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { APP_VERSION } from '../lib/app-version';
import { appEvents } from '../lib/event-bus';
import { currentLanguage, hasCatalogue, i18n, i18nReady } from '../lib/i18n';
import { registerNavigate } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { afterFirstDraw, registerServiceWorker } from '../lib/service-worker';
import { readSession } from '../lib/session';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

function createRouter() {
  const router = createAppRouter();
  // Code outside React (the request wrapper) navigates through the router, not by reloading.
  registerNavigate((to, options) => void router.navigate(to, options));
  return router;
}

/**
 * Pages draw once the user's catalogue is in: a spinner, then the page in its language, never English or
 * raw keys first. The router is made before this wait, so the page's code loads at the same time.
 */
function LanguageReady({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => hasCatalogue(i18n, currentLanguage(i18n)));
  useEffect(() => {
    if (!ready) void i18nReady.then(() => setReady(true));
  }, [ready]);
  return ready ? children : <PageLoader />;
}

let offlineSupportStarted = false;

/**
 * The service worker and the user's data kept for offline use (decision 0031), once the first page has
 * drawn: neither is on the login page's critical path. `vite dev` runs without a worker.
 */
function startOfflineSupport(queryClient: QueryClient): void {
  if (offlineSupportStarted) return;
  offlineSupportStarted = true;
  afterFirstDraw(() => {
    if (import.meta.env.PROD) void registerServiceWorker().catch(() => undefined);
    if (typeof indexedDB !== 'undefined') {
      void import('../lib/offline-cache')
        .then(({ startOfflineCache }) =>
          startOfflineCache(queryClient, {
            appVersion: APP_VERSION,
            events: appEvents,
            onlineManager,
            currentUserId: () => readSession()?.user?.id ?? null,
          }),
        )
        .catch(() => undefined);
    }
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(() => startOfflineSupport(queryClient), [queryClient]);
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <LanguageReady>
        <RouterProvider router={router} />
      </LanguageReady>
    </AppProvider>
  );
}
