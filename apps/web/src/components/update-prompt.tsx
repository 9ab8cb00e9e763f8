import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsDesktop } from '../lib/layout';
import { reloadIntoUpdate } from '../lib/service-worker';

/**
 * "A new version is ready — Reload" (decision 0031): shown when a new build's service worker waits. The user
 * chooses the moment, so a half-filled form is never lost to a reload; the new build also starts by itself
 * the next time the app is opened with no window of it left.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  // Above the phone's tab bar; the desktop has none at the bottom.
  const bottom = useIsDesktop() ? 16 : 'calc(88px + env(safe-area-inset-bottom))';
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      radius="md"
      p="xs"
      data-testid="update-prompt"
      style={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom,
        zIndex: 400,
        maxWidth: 480,
        margin: '0 auto',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{t('app.update.ready')}</Text>
        <Button size="xs" onClick={() => reloadIntoUpdate()}>
          {t('app.update.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
