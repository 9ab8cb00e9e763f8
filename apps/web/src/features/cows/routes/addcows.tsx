import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useUser } from '../../../lib/session';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { useCows } from '../../../lib/api/get-cows';
import { NewCowForm } from '../../../components/cows/new-cow-form';

function AddCow({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cows = useCows({ country: user.country, FarmNumber: user.FarmNumber });
  const types = useCowTypes(user.FarmNumber);
  if (cows.isPending) return <PageLoader />;
  if (cows.isError) return <QueryError error={cows.error} onRetry={() => void cows.refetch()} />;
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('herd.add.intro')}
      </Text>
      <NewCowForm
        cows={cows.data}
        types={types.data?.types}
        onSaved={(cow) => {
          notify(t('herd.add.saved', { code: cow.code }), 'success');
          void navigate(withQuery(paths.index.cow, { id: cow.id }), { replace: true });
        }}
      />
    </>
  );
}

/** Add a cow (addcows). */
export function AddcowsRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.addcows')} back backTo={paths.home}>
      {user ? <AddCow user={user} /> : <PageLoader />}
    </Page>
  );
}
