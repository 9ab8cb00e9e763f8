import type { ReactNode } from 'react';
import { Badge, Button, MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../components/error-boundary';

export const theme = createTheme({
  primaryColor: 'green',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans KR", "Noto Sans SC", "Noto Sans JP", "Noto Sans Thai", sans-serif',
  components: {
    // A badge carries a count or a state: squeezed by a long text beside it, it showed "4" for 44 and
    // "НЕ В С…" for offline. The text beside it wraps instead.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0 } } }),
    // A label longer than its button ("Принудительно изменить статус" on a 360 px phone) takes a second
    // line instead of being cut off; a label that fits keeps the usual height.
    Button: Button.extend({
      styles: {
        root: {
          height: 'auto',
          minHeight: 'var(--button-height)',
          paddingBlock: 4,
          // The inner row's height: 100% means nothing once the height is auto; this keeps it centred.
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
        label: { whiteSpace: 'normal', textAlign: 'center' },
      },
    }),
  },
});

interface ProviderProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

/** Everything a screen needs around it; the outermost error boundary is here. */
export function AppProvider({ queryClient, i18n, children, env = 'default' }: ProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env={env}>
        <Notifications position="top-center" limit={3} />
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ErrorBoundary>
      </MantineProvider>
    </I18nextProvider>
  );
}
