import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { SetupSteps } from '../../../components/setup-steps';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { useBossPasswordStatus } from '../api/get-boss-password-status';
import { useSettings } from '../../../lib/settings-query';
import { SettingsForm } from '../components/settings-form';

function Days({ user }: { user: User }) {
  const { t } = useTranslation();
  const params = { id: user.id, FarmNumber: user.FarmNumber };
  const settings = useSettings(params);
  const boss = useBossPasswordStatus();
  return (
    <Card withBorder>
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

/** Setup wizard, step 4: the pregnancy-check days (the settings form), then done. */
export function Step4Route() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.step4')} back backTo={paths.index.step3}>
      <SetupSteps active={3} />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('setup.days.intro')}
        </Text>
        {user ? <Days user={user} /> : <PageLoader />}
        <Group justify="space-between">
          <Button component={Link} to={paths.index.step3} variant="default">
            {t('setup.back')}
          </Button>
          <Button component={Link} to={paths.home}>
            {t('setup.done')}
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
