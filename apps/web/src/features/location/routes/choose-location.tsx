import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { LatLonPoint, Paddock } from '@cowcare/contract/routes/location';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { refusalText } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import {
  useAddPaddock,
  useDeletePaddock,
  useFarmLocation,
  usePaddocks,
  useSetFarmLocation,
  useSetPenLocation,
} from '../api/location';
import { PaddockDrawer } from '../components/paddock-drawer';
import { PointPicker } from '../components/point-picker';

/** What the picked point or shape is for: `?for=farm` (default), `?for=pen&id=<cow type>`, `?for=paddock`. */
type Target = { kind: 'farm' } | { kind: 'pen'; cowTypeId: number } | { kind: 'paddock' };

const targetOf = (search: URLSearchParams): Target => {
  const id = Number(search.get('id'));
  if (search.get('for') === 'pen' && Number.isInteger(id) && id > 0) return { kind: 'pen', cowTypeId: id };
  if (search.get('for') === 'paddock') return { kind: 'paddock' };
  return { kind: 'farm' };
};

function Paddocks() {
  const { t } = useTranslation();
  const farm = useFarmLocation();
  const paddocks = usePaddocks();
  const add = useAddPaddock();
  const remove = useDeletePaddock();
  const [deleting, setDeleting] = useState<Paddock | null>(null);
  if (farm.isError) return <QueryError error={farm.error} onRetry={() => void farm.refetch()} />;
  if (paddocks.isError) return <QueryError error={paddocks.error} onRetry={() => void paddocks.refetch()} />;
  if (!farm.data || !paddocks.data) return <PageLoader />;
  const save = (name: string, boundary: LatLonPoint[]) =>
    add.mutateAsync({ name, boundary }).then(
      () => notify('location.paddockSaved', 'success'),
      (error: unknown) => notify(refusalText(error, t), 'error'),
    );
  return (
    <>
      <PaddockDrawer
        tiles={farm.data.tiles}
        farm={farm.data.location}
        paddocks={paddocks.data}
        saving={add.isPending}
        onSave={save}
        onDelete={setDeleting}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('location.deletePaddockTitle')}
        message={t('location.deletePaddockMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('location.delete')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.id, {
              onSuccess: () => setDeleting(null),
              onError: (error) => notify(refusalText(error, t), 'error'),
            });
          }
        }}
      />
    </>
  );
}

function PointTarget({ target }: { target: Exclude<Target, { kind: 'paddock' }> }) {
  const { t } = useTranslation();
  const farm = useFarmLocation();
  const setFarm = useSetFarmLocation();
  const setPen = useSetPenLocation();
  if (farm.isError) return <QueryError error={farm.error} onRetry={() => void farm.refetch()} />;
  if (!farm.data) return <PageLoader />;
  const saving = setFarm.isPending || setPen.isPending;
  const save = (point: LatLonPoint) => {
    const done = {
      onSuccess: () => notify('location.saved', 'success'),
      onError: (error: unknown) => notify(refusalText(error, t), 'error'),
    };
    if (target.kind === 'farm') setFarm.mutate(point, done);
    else setPen.mutate({ cowTypeId: target.cowTypeId, point }, done);
  };
  // A pen opens at its own point once set, else at the farm's.
  const pen =
    target.kind === 'pen'
      ? farm.data.pens.find((candidate) => candidate.cowTypeId === target.cowTypeId)?.location
      : undefined;
  return (
    <PointPicker tiles={farm.data.tiles} initial={pen ?? farm.data.location} saving={saving} onSave={save} />
  );
}

/**
 * `/choose-location` (spec §2): pick the farm's point (settings and setup) or a pen's, or draw the farm's
 * paddocks, the virtual fence its GPS-collared cows are held to.
 */
export function ChooseLocationRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const target = targetOf(search);
  const title =
    target.kind === 'paddock'
      ? t('location.paddocksTitle')
      : target.kind === 'pen'
        ? t('location.penTitle')
        : t('location.farmTitle');
  return (
    <Page title={title} back backTo={paths.index.userset}>
      <Stack gap="md">
        {target.kind === 'paddock' ? (
          <Paddocks />
        ) : (
          <PointTarget key={target.kind === 'pen' ? `pen-${target.cowTypeId}` : 'farm'} target={target} />
        )}
      </Stack>
    </Page>
  );
}
