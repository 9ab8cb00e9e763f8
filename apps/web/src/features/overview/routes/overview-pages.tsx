import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '@cowcare/locales/catalog';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session';
import { HerdOverview, type OverviewSection } from '../components/herd-overview';

/** The herd views beside the cow list; each page links to the others, so all are a tap away from the Data tab. */
const HERD_VIEWS: readonly { to: string; labelKey: MessageKey }[] = [
  { to: paths.index.dashboard, labelKey: 'pages.dashboard' },
  { to: paths.overviews.list, labelKey: 'overview.attention' },
  { to: paths.index.ckcom, labelKey: 'pages.ckcom' },
  { to: paths.overviews.index, labelKey: 'pages.overviewsIndex' },
  { to: paths.overviews.data, labelKey: 'pages.overviewsData' },
  { to: paths.overviews.datagl, labelKey: 'pages.overviewsDatagl' },
];

function HerdViewLinks({ current }: { current?: string }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" gap="xs" mb="sm" aria-label={t('overview.views')}>
      {HERD_VIEWS.filter((view) => view.to !== current).map((view) => (
        <Button key={view.to} component={Link} to={view.to} size="xs" variant="light">
          {t(view.labelKey)}
        </Button>
      ))}
    </Group>
  );
}

function OverviewPage({
  titleKey,
  path,
  sections,
  back = true,
  lead,
}: {
  titleKey: MessageKey;
  path: string;
  sections: readonly OverviewSection[];
  back?: boolean;
  /** What the app puts above the herd (the data tab's news). */
  lead?: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t(titleKey)} back={back} backTo={paths.home}>
      <HerdViewLinks current={path} />
      <Stack gap="sm">
        {lead}
        {user && <HerdOverview user={user} sections={sections} />}
      </Stack>
    </Page>
  );
}

/**
 * The data tab (`/pages/index/data`), herd-wide sensor charts: the herd hour by hour on a chosen day,
 * the cows by temperature, activity and drinking now, and today's notices.
 */
export const DataTabRoute = ({ lead }: { lead?: ReactNode }) => (
  <OverviewPage
    titleKey="pages.data"
    path={paths.tabs.data}
    sections={['kpis', 'herdDay', 'bands', 'drinking', 'today']}
    back={false}
    lead={lead}
  />
);

/** The dashboard: what the app puts first (the reproduction KPIs), then the herd today. */
export const DashboardRoute = ({ lead }: { lead?: ReactNode }) => (
  <OverviewPage
    titleKey="pages.dashboard"
    path={paths.index.dashboard}
    sections={['kpis', 'today', 'herdDay', 'status', 'sensors']}
    lead={lead}
  />
);

export const OverviewsIndexRoute = () => (
  <OverviewPage
    titleKey="pages.overviewsIndex"
    path={paths.overviews.index}
    sections={['kpis', 'bands', 'status', 'sensors']}
  />
);
export const OverviewsListRoute = () => (
  <OverviewPage titleKey="pages.overviewsList" path={paths.overviews.list} sections={['attention']} />
);
export const OverviewsDataRoute = () => (
  <OverviewPage
    titleKey="pages.overviewsData"
    path={paths.overviews.data}
    sections={['herdDay', 'bands', 'drinking', 'today']}
  />
);
export const OverviewsDataglRoute = () => (
  <OverviewPage
    titleKey="pages.overviewsDatagl"
    path={paths.overviews.datagl}
    sections={['kpis', 'sensors', 'drinking', 'status']}
  />
);
