import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import type { RouteHandle } from './route-handle';

function AccountButton() {
  const { t } = useTranslation();
  return (
    <ActionIcon component={Link} to={paths.index.webuser} variant="light" size="lg" radius="xl" aria-label={t('account.title')}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-9 2.2-9 5.5V22h18v-2.5C21 16.2 16.4 14 12 14Z" />
      </svg>
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
