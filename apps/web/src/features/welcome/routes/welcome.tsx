import { useEffect } from 'react';
import { Box, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { LanguagePicker } from '../../../components/language-picker';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useCows } from '../../../lib/api/get-cows';
import { gatewaysQueryOptions, useSensorInventory } from '../../../lib/api/gateways';
import { isOwner } from '../../../lib/roles';
import { useUser } from '../../../lib/session';
import { markWelcomeSeen } from '../../../lib/welcome';
import { SetupProgressCard } from '../components/setup-progress-card';
import { WelcomeIntro } from '../components/welcome-intro';
import { nextSetupItem, setupProgressOf } from '../lib/setup-progress';

/** A farmer's own farm: how far its setup has come, and the way on (the next setup step, or the cows). */
function FarmSetup({ user }: { user: User }) {
  const { t } = useTranslation();
  const farm = { country: user.country, FarmNumber: user.FarmNumber };
  const owner = isOwner(user);
  // Gateways are the owner's (architecture §10): staff are not asked for them, and the progress says so.
  const gateways = useQuery({ ...gatewaysQueryOptions(farm), enabled: owner });
  const sensors = useSensorInventory(farm);
  const cows = useCows(farm);
  const failed = [gateways, sensors, cows].find((query) => query.isError);
  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if ((owner && !gateways.data) || !sensors.data || !cows.data) return <PageLoader />;
  const progress = setupProgressOf({
    gateways: owner ? (gateways.data?.gateways ?? []) : null,
    sensors: sensors.data,
    cows: cows.data,
  });
  const next = nextSetupItem(progress);
  const started = progress.done > 1;
  return (
    <Stack gap="md">
      <SetupProgressCard progress={progress} />
      <Group justify="flex-end" gap="sm">
        <Button
          component={Link}
          to={paths.home}
          variant={next ? 'default' : 'filled'}
          data-testid="welcome-to-cows"
        >
          {t('welcome.toCows')}
        </Button>
        {next && (
          <Button component={Link} to={started ? next.path : paths.index.step1}>
            {started ? t('welcome.continue') : t('welcome.start')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A visitor on a new install: the way into registration, or to the login page. */
function Visitor() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Button component={Link} to={paths.login.register} size="md">
        {t('welcome.register')}
      </Button>
      <Button component={Link} to={paths.login.login} variant="default" size="md">
        {t('welcome.login')}
      </Button>
    </Stack>
  );
}

/**
 * The welcome (spec §2 `welcome`): the first screen of a new install and of a new farmer, shown once (the
 * access guard and the login send there until it was seen), and again from the account page.
 */
export function WelcomeRoute() {
  const { t } = useTranslation();
  const user = useUser();
  const userId = user?.id ?? null;
  useEffect(() => markWelcomeSeen(userId), [userId]);
  return (
    <Page
      title={t('welcome.title')}
      back={user !== null}
      backTo={paths.home}
      actions={
        user === null ? (
          <Box w={150}>
            <LanguagePicker size="xs" />
          </Box>
        ) : undefined
      }
    >
      <Stack gap="md">
        <WelcomeIntro />
        {user ? <FarmSetup user={user} /> : <Visitor />}
      </Stack>
    </Page>
  );
}
