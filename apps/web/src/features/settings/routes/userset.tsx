import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@cowcare/contract/schemas';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { useBossPasswordStatus } from '../api/get-boss-password-status';
import { useSettings } from '../../../lib/settings-query';
import { SettingsForm } from '../components/settings-form';
import { ExchangeCard } from '../../exchange/components/exchange-card';

function FarmSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const params = { id: user.id, FarmNumber: user.FarmNumber };
  const settings = useSettings(params);
  const boss = useBossPasswordStatus();
  return (
    <Card withBorder component="section" aria-labelledby="settings-days">
      <Title order={2} size="h4" mb="sm" id="settings-days">
        {t('settings.days.title')}
      </Title>
      {boss.data && !boss.data.isSet && (
        <Alert color="orange" variant="light" mb="sm">
          {t('settings.boss.notSet')}
        </Alert>
      )}
      {settings.isPending && <PageLoader />}
      {settings.isError && <QueryError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm params={params} initial={settings.data} />}
    </Card>
  );
}

/** Where the farm is, and its paddocks: both picked on the map (`/choose-location`). */
function FarmPlace() {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="settings-place" mt="md">
      <Title order={2} size="h4" mb="xs" id="settings-place">
        {t('settings.place.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.place.body')}
      </Text>
      <Group gap="sm">
        <Button component={Link} variant="light" to={withQuery(paths.system.chooseLocation, { for: 'farm' })}>
          {t('settings.place.farm')}
        </Button>
        <Button
          component={Link}
          variant="light"
          to={withQuery(paths.system.chooseLocation, { for: 'paddock' })}
        >
          {t('settings.place.paddocks')}
        </Button>
      </Group>
    </Card>
  );
}

/** Farm settings (userset): the days added for each pregnancy-check method. */
export function UsersetRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('settings.title')} back backTo={paths.index.webuser}>
      {user ? <FarmSettings user={user} /> : <PageLoader />}
      <FarmPlace />
      {user && <ExchangeCard farmNumber={user.FarmNumber} />}
    </Page>
  );
}
