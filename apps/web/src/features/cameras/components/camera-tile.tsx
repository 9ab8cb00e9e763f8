import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '@cowcare/contract/routes/cameras';
import { TrashIcon } from '../../../components/icons';
import { HlsPlayer } from './hls-player';

interface Props {
  camera: Camera;
  /** Owners get the edit and delete controls. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

export function CameraTile({ camera, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs" component="section" aria-label={camera.displayName}>
      <Stack gap={6}>
        <HlsPlayer source={{ kind: 'camera', id: camera.id }} label={camera.displayName} />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {camera.displayName}
          </Text>
          {onEdit && onDelete && (
            <Group gap={4} wrap="nowrap">
              <Text component="button" type="button" size="xs" c="blue" bg="none" bd="none" onClick={onEdit}>
                {t('cameras.edit')}
              </Text>
              <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('cameras.delete')}>
                <TrashIcon size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The farm's own herd as demo footage, through the same player as a camera. */
export function DemoTile() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs" component="section" aria-label={t('cameras.demoTitle')}>
      <Stack gap={6}>
        <HlsPlayer source={{ kind: 'demo' }} label={t('cameras.demoTitle')} />
        <Text fw={600} size="sm">
          {t('cameras.demoTitle')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('cameras.demoBody')}
        </Text>
      </Stack>
    </Card>
  );
}
