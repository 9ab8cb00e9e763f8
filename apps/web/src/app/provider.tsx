import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import {
  Badge,
  Button,
  MantineProvider,
  createTheme,
  darken,
  mergeThemeOverrides,
  type CSSVariablesResolver,
} from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../components/error-boundary';

const theme = createTheme({
  primaryColor: 'green',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans KR", "Noto Sans SC", "Noto Sans JP", "Noto Sans Thai", sans-serif',
  components: {
    // A badge carries a count or a state: squeezed by a long text beside it, it showed "4" for 44 and
    // "НЕ В С…" for offline. The text beside it wraps instead; a badge longer than the whole row
    // ("НАПОМИНАНИЯ ПО ВОСПРОИЗВОДСТВУ: 2" on a 320 px phone) takes a second line instead of being cut.
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', lineHeight: 1.3 },
      },
    }),
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

/**
 * Text contrast of at least 4.5:1, what small text needs (WCAG AA): a phone read in a bright barn at 5 a.m.
 * - Mantine's dimmed grey (gray 6) reads 3.3:1 on white; gray 7 reads 8:1 and still sets itself apart
 *   from black.
 * - A colour's text, its filled background under white text, its light variant's text and its outline
 *   are its shade 9 darkened: Mantine's defaults (shades 6 and 9) read 2.2-4.4:1, 3.8:1 for a light green
 *   button.
 * - Links and field errors take their colour's text shade: Mantine's (shade 6) read 2.4:1 and 3.3:1.
 */
const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolvedTheme.colors.gray[7],
    '--mantine-color-anchor': `var(--mantine-color-${resolvedTheme.primaryColor}-text)`,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    ...Object.fromEntries(
      Object.entries(resolvedTheme.colors).flatMap(([name, shades]) => {
        const strong = darken(shades[9], 0.3);
        return [
          [`--mantine-color-${name}-text`, strong],
          [`--mantine-color-${name}-filled`, strong],
          [`--mantine-color-${name}-filled-hover`, darken(shades[9], 0.4)],
          [`--mantine-color-${name}-light-color`, strong],
          [`--mantine-color-${name}-outline`, strong],
        ];
      }),
    ),
  },
  dark: {},
});

// Toasts' code (their transitions) comes after the page's: none shows before the page is drawn (issue 39).
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);

interface ProviderProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

/**
 * The theme with the texts it carries in the user's language: the close button of a dialog or a message
 * is read out by name.
 */
function useLocalizedTheme() {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': closeLabel };
    // Plain objects, not `Modal.extend(…)`: naming Modal and Drawer here put their code (scroll lock,
    // focus trap, transitions) in the first load of every page (issue 39); only a page with a dialog needs it.
    return mergeThemeOverrides(
      theme,
      createTheme({
        components: {
          Modal: { defaultProps: { closeButtonProps } },
          Drawer: { defaultProps: { closeButtonProps } },
          Notification: { defaultProps: { closeButtonProps } },
        },
      }),
    );
  }, [closeLabel]);
}

function ThemedProvider({ env, children }: { env: ProviderProps['env']; children: ReactNode }) {
  return (
    <MantineProvider theme={useLocalizedTheme()} env={env} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

/** Everything a screen needs around it; the outermost error boundary is here. */
export function AppProvider({ queryClient, i18n, children, env = 'default' }: ProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProvider env={env}>
        <Suspense>
          <NotificationsHost />
        </Suspense>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ErrorBoundary>
      </ThemedProvider>
    </I18nextProvider>
  );
}
