import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n';
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
