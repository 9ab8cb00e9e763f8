import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { SetupSteps } from '../../../components/setup-steps';
import { paths } from '../../../config/paths';
import { currentLanguage, LANGUAGES, regionName } from '../../../lib/i18n';
import { useUser } from '../../../lib/session';
import { useUserRecord } from '../api/get-user';
import { FarmInfoForm } from '../components/farm-info-form';

function FarmInfo({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUserRecord(id);
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <QueryError error={user.error} onRetry={() => void user.refetch()} />;
  const { FarmNumber, country, city } = user.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('setup.farm.intro')}
      </Text>
      <Card withBorder>
        {/* Wraps: three fixed columns cut a city like "Hoengseong" off on a 360 px phone. */}
        <Group gap="lg" align="flex-start">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('account.profile.farmNumber')}
            </Text>
            <Text fw={600} data-testid="farm-number">
              {FarmNumber}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('account.profile.country')}
            </Text>
            <Text fw={600}>{regionName(country, bcp47)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('account.profile.city')}
            </Text>
            <Text fw={600}>{city}</Text>
          </Stack>
        </Group>
      </Card>
      <FarmInfoForm key={user.data.id} user={user.data} onSaved={() => void navigate(paths.index.step2)} />
    </Stack>
  );
}

/** Setup wizard, step 1: the farm (architecture §8). */
export function Step1Route() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.step1')} back backTo={paths.home}>
      <SetupSteps active={0} />
      {user ? <FarmInfo id={user.id} /> : <PageLoader />}
    </Page>
  );
}
