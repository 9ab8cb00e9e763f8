import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { usePushChoices } from '../api/push-choices';
import { PushChoicesCard } from '../components/push-choices-card';
import { PushDevicesCard } from '../components/push-devices-card';

/**
 * Alerts on the phone when CowCare is closed (issue 39): the devices that get them and what wakes the user.
 * The browser's permission prompt comes only from the tap on this page, never on first load.
 */
export function PushSettingsRoute() {
  const { t } = useTranslation();
  const choices = usePushChoices();
  return (
    <Page title={t('push.title')} back backTo={paths.index.webuser}>
      <Stack gap="lg">
        <PushDevicesCard />
        {choices.isPending && <PageLoader />}
        {choices.isError && <QueryError error={choices.error} onRetry={() => void choices.refetch()} />}
        {choices.isSuccess && <PushChoicesCard saved={choices.data} />}
      </Stack>
    </Page>
  );
}
