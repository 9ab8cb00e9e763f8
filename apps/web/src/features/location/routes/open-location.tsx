import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { MapPinIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { refusalText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useIsOwner } from '../../../lib/roles';
import {
  useCowLocation,
  useFarmLocation,
  useHerdPositions,
  usePaddocks,
  useSetCowPaddock,
} from '../api/location';
import { CowMap } from '../components/cow-map';
import { HerdMap } from '../components/herd-map';

const cowIdOf = (value: string | null): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

function CowLocationView({ cowId }: { cowId: number }) {
  const { t } = useTranslation();
  const farm = useFarmLocation();
  const location = useCowLocation(cowId);
  const paddocks = usePaddocks();
  const setPaddock = useSetCowPaddock();
  const failed = [farm, location, paddocks].find((query) => query.isError);
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!farm.data || !location.data || !paddocks.data) return <PageLoader />;
  return (
    <CowMap
      tiles={farm.data.tiles}
      location={location.data}
      paddocks={paddocks.data}
      changingPaddock={setPaddock.isPending}
      onPaddock={(paddockId) =>
        setPaddock.mutate(
          { cowId, paddockId },
          {
            onSuccess: () => notify('location.saved', 'success'),
            onError: (error) => notify(refusalText(error, t), 'error'),
          },
        )
      }
    />
  );
}

function HerdView() {
  const { t } = useTranslation();
  const isOwner = useIsOwner();
  const farm = useFarmLocation();
  const herd = useHerdPositions();
  const paddocks = usePaddocks();
  const failed = [farm, herd, paddocks].find((query) => query.isError);
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!farm.data || !herd.data || !paddocks.data) return <PageLoader />;
  if (herd.data.length === 0) {
    return (
      <EmptyState
        icon={<MapPinIcon />}
        title={t('location.noHerdPositions')}
        body={t('location.noHerdPositionsBody')}
        action={
          isOwner ? (
            <Button
              component={Link}
              to={withQuery(paths.system.chooseLocation, { for: 'paddock' })}
              variant="light"
            >
              {t('location.drawPaddocks')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return <HerdMap tiles={farm.data.tiles} herd={herd.data} paddocks={paddocks.data} />;
}

/**
 * `/open-location` (spec §2): `?cow=<id>` shows where she is (GPS with its time and her last day's track,
 * or the pen or paddock she was put in); without a cow, the herd on a map coloured by alerts.
 */
export function OpenLocationRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const cowId = cowIdOf(search.get('cow'));
  const isOwner = useIsOwner();
  return (
    <Page
      title={cowId ? t('pages.openLocation') : t('location.herdMap')}
      back
      backTo={cowId ? withQuery(paths.index.cow, { id: cowId }) : paths.home}
      wide
      actions={
        isOwner ? (
          <Button
            component={Link}
            size="xs"
            variant="subtle"
            to={withQuery(paths.system.chooseLocation, { for: 'paddock' })}
          >
            {t('location.paddocks')}
          </Button>
        ) : undefined
      }
    >
      <Stack gap="md">{cowId ? <CowLocationView key={cowId} cowId={cowId} /> : <HerdView />}</Stack>
    </Page>
  );
}
