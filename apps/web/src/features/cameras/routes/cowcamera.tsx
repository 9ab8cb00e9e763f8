import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { CameraIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useCameras, useCowCamera } from '../api/cameras';
import { CameraTile, DemoTile } from '../components/camera-tile';

const cowIdOf = (value: string | null): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * `cowcamera?id=<cow>`: the camera linked to the cow or her pen. A farm without cameras sees the demo
 * footage; a farm with cameras but none for her is told how to link one.
 */
export function CowcameraRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const cowId = cowIdOf(search.get('id'));
  const cowCamera = useCowCamera(cowId);
  const cameras = useCameras();

  const body = () => {
    if (cowCamera.isError) {
      return <QueryError error={cowCamera.error} onRetry={() => void cowCamera.refetch()} />;
    }
    if (cowId !== undefined && cowCamera.isPending) return <PageLoader />;
    if (cowCamera.data?.camera) return <CameraTile camera={cowCamera.data.camera} />;
    if (cameras.isPending) return <PageLoader />;
    if (cameras.data?.length === 0) return <DemoTile />;
    return (
      <EmptyState
        icon={<CameraIcon />}
        title={t('cameras.noCowCamera')}
        body={t('cameras.noCowCameraBody')}
        action={
          <Button component={Link} to={paths.index.cctv} variant="light">
            {t('cameras.openAll')}
          </Button>
        }
      />
    );
  };

  return (
    <Page title={t('pages.cowcamera')} back backTo={paths.index.cctv}>
      <Stack gap="md">{body()}</Stack>
    </Page>
  );
}
