import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { UserIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import type { RouteHandle } from './route-handle';

function AccountButton() {
  const { t } = useTranslation();
  return (
    <ActionIcon
      component={Link}
      to={paths.index.webuser}
      variant="light"
      size="lg"
      radius="xl"
      aria-label={t('account.title')}
    >
      <UserIcon size={18} />
    </ActionIcon>
  );
}

/** A screen a later release fills: its title, and a plain statement that it is coming. */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = t(handle?.titleKey ?? 'app.name');
  return handle?.tab ? (
    <Page title={title} actions={<AccountButton />}>
      <ComingSoon />
    </Page>
  ) : (
    <Page title={title} back backTo={paths.home}>
      <ComingSoon />
    </Page>
  );
}
