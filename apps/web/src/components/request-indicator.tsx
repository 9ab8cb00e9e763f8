import { Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRequestLoading } from '../lib/loading';

/** Spec §7: shown once a request has been running for 800 ms, reading 'requesting'. */
export function RequestIndicator() {
  const { t } = useTranslation();
  const visible = useRequestLoading();
  if (!visible) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      style={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}
    >
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('common.requesting')}</Text>
      </Group>
    </Paper>
  );
}
