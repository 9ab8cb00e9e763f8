import { useState } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera } from '@cowcare/contract/routes/cameras';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useIsOwner } from '../../../lib/roles';
import { useCameras, useDeleteCamera } from '../api/cameras';
import { CameraForm } from '../components/camera-form';
import { CameraTile, DemoTile } from '../components/camera-tile';

/** `cctv`: every camera of the farm in a grid; demo footage of the herd while the farm has none. */
export function CctvRoute() {
  const { t } = useTranslation();
  const owner = useIsOwner();
  const cameras = useCameras();
  const remove = useDeleteCamera();
  const [editing, setEditing] = useState<Camera | 'new' | undefined>();
  const [deleting, setDeleting] = useState<Camera | undefined>();

  const body = () => {
    if (cameras.isPending) return <PageLoader />;
    if (cameras.isError) return <QueryError error={cameras.error} onRetry={() => void cameras.refetch()} />;
    if (cameras.data.length === 0) return <DemoTile />;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {cameras.data.map((camera) => (
          <CameraTile
            key={camera.id}
            camera={camera}
            onEdit={owner ? () => setEditing(camera) : undefined}
            onDelete={owner ? () => setDeleting(camera) : undefined}
          />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Page
      title={t('pages.cctv')}
      back
      wide
      actions={
        owner && (
          <Button size="xs" onClick={() => setEditing('new')}>
            {t('cameras.add')}
          </Button>
        )
      }
    >
      <Stack gap="md">{body()}</Stack>
      {editing && (
        <CameraForm camera={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('cameras.delete')}
        message={t('cameras.deleteConfirm', { name: deleting?.displayName ?? '' })}
        confirmLabel={t('cameras.delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(undefined) });
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Page>
  );
}
