import type { ReactNode } from 'react';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/language-picker';
import { ErrorBoundary } from '../../../components/error-boundary';

/** The frame of the login and register screens: app name, welcome text and the language picker. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="main" px="md" py="lg">
      <Group justify="flex-end">
        <Box w={180}>
          <LanguagePicker size="xs" />
        </Box>
      </Group>
      <Stack gap={4} align="center" my="xl">
        <Title order={1}>{t('app.name')}</Title>
        <Text c="dimmed" ta="center">
          {t('auth.login.welcome')}
        </Text>
      </Stack>
      <ErrorBoundary>{children}</ErrorBoundary>
    </Box>
  );
}
