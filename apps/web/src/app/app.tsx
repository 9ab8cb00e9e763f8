import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { currentLanguage, hasCatalogue, i18n, i18nReady } from '../lib/i18n';
import { registerNavigate } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <LanguageReady>
        <RouterProvider router={router} />
      </LanguageReady>
    </AppProvider>
  );
}
