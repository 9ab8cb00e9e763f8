import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { BackIcon } from './icons';

interface PageProps {
  title: string;
  /** Show a back button (history back, or `backTo` when there is no history). */
  back?: boolean;
  backTo?: string;
  /** Extra controls at the right of the header. */
  actions?: ReactNode;
  /**
   * Uses the whole width on a desktop screen (the cow list, the cow page, the notices); other pages keep a
   * readable width there. Phones are the same either way.
   */
  wide?: boolean;
  children: ReactNode;
}

/** A screen: a header with its title, and content inside a feature-level error boundary. */
export function Page({ title, back = false, backTo, actions, wide = false, children }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    const canGoBack = (window.history.state as { idx?: number } | null)?.idx;
    if (canGoBack) void navigate(-1);
    else void navigate(backTo ?? '/', { replace: true });
  };
  return (
    <Box component="main" px="md" pb="xl" className={wide ? undefined : 'page-narrow'}>
      <Group component="header" justify="space-between" wrap="nowrap" py="sm" mih={56}>
        <Group gap="xs" wrap="nowrap">
          {back && (
            <ActionIcon variant="subtle" size="lg" onClick={goBack} aria-label={t('common.back')}>
              <BackIcon />
            </ActionIcon>
          )}
          <Title order={1} size="h3">
            {title}
          </Title>
        </Group>
        {actions}
      </Group>
      <ErrorBoundary>{children}</ErrorBoundary>
    </Box>
  );
}
