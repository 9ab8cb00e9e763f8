import { Button, Card, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../../components/language-picker';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useIsOwner } from '../../../lib/roles';
import { useUser } from '../../../lib/session';
import { useUserRecord } from '../api/get-user';
import { useLogout } from '../api/logout';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

function Profile({ id }: { id: number }) {
  const query = useUserRecord(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return <ProfileForm key={query.data.id} user={query.data} />;
}

/** The account page (webuser): profile, language, settings link, password and logout. */
export function WebuserRoute() {
  const { t } = useTranslation();
  const user = useUser();
  // The farm's settings and people are the owners' (architecture §10); staff do not see the entries.
  const owner = useIsOwner();
  const logoutMutation = useLogout();
  return (
    <Page title={t('account.title')} back backTo={paths.home}>
      <Stack gap="lg">
        <Card withBorder component="section" aria-labelledby="account-profile">
          <Title order={2} size="h4" mb="sm" id="account-profile">
            {t('account.profile.title')}
          </Title>
          {user ? <Profile id={user.id} /> : <PageLoader />}
        </Card>
        <Card withBorder component="section" aria-labelledby="account-preferences">
          <Title order={2} size="h4" mb="sm" id="account-preferences">
            {t('account.preferences')}
          </Title>
          <Stack gap="sm">
            <LanguagePicker />
            <Button component={Link} to={paths.index.welcome} variant="light">
              {t('account.welcome')}
            </Button>
            <Button component={Link} to={paths.index.push} variant="light">
              {t('push.title')}
            </Button>
            <Button component={Link} to={paths.index.usermessage} variant="light">
              {t('userMessages.title')}
            </Button>
            {owner && (
              <>
                <Divider />
                <Button component={Link} to={paths.index.userset} variant="light">
                  {t('settings.title')}
                </Button>
                <Button component={Link} to={paths.index.staff} variant="light">
                  {t('staff.title')}
                </Button>
              </>
            )}
          </Stack>
        </Card>
        <Card withBorder component="section" aria-labelledby="account-password">
          <Title order={2} size="h4" mb="sm" id="account-password">
            {t('account.password.title')}
          </Title>
          <PasswordForm />
        </Card>
        <Button
          color="red"
          variant="outline"
          loading={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate('user')}
        >
          {t('account.logout')}
        </Button>
      </Stack>
    </Page>
  );
}
