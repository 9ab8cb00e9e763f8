import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '@cowcare/locales/catalog';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { HerdOverview, type OverviewSection } from '../components/herd-overview';

function OverviewPage({
  titleKey,
  sections,
  back = true,
}: {
  titleKey: MessageKey;
  sections: readonly OverviewSection[];
  back?: boolean;
}) {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t(titleKey)} back={back} backTo={paths.home}>
      {user && <HerdOverview user={user} sections={sections} />}
    </Page>
  );
}

function OverviewLinks() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mb="sm">
      <Button component={Link} to={paths.overviews.list} size="xs" variant="light">
        {t('overview.attention')}
      </Button>
      <Button component={Link} to={paths.index.ckcom} size="xs" variant="light">
        {t('pages.ckcom')}
      </Button>
      <Button component={Link} to={paths.overviews.data} size="xs" variant="light">
        {t('pages.overviewsData')}
      </Button>
    </Group>
  );
}

/**
 * The data tab (`/pages/index/data`), herd-wide sensor charts: the herd hour by hour on a chosen day,
 * the cows by temperature, activity and drinking now, and today's notices.
 */
export const DataTabRoute = () => (
  <OverviewPage
    titleKey="pages.data"
    sections={['kpis', 'herdDay', 'bands', 'drinking', 'today']}
    back={false}
  />
);

export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.dashboard')} back backTo={paths.home}>
      <OverviewLinks />
      {user && <HerdOverview user={user} sections={['kpis', 'today', 'herdDay', 'status', 'sensors']} />}
    </Page>
  );
}

export const OverviewsIndexRoute = () => (
  <OverviewPage titleKey="pages.overviewsIndex" sections={['kpis', 'bands', 'status', 'sensors']} />
);
export const OverviewsListRoute = () => (
  <OverviewPage titleKey="pages.overviewsList" sections={['attention']} />
);
export const OverviewsDataRoute = () => (
  <OverviewPage titleKey="pages.overviewsData" sections={['herdDay', 'bands', 'drinking', 'today']} />
);
export const OverviewsDataglRoute = () => (
  <OverviewPage titleKey="pages.overviewsDatagl" sections={['kpis', 'sensors', 'drinking', 'status']} />
);
