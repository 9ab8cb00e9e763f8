import { useEffect, useState } from 'react';
import { Box, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { ASYNC_PAGE_LOADING_DELAY_MS } from '@cowcare/domain/constants';
import { OfflineBanner } from '../../components/offline-banner';
import { TAB_RAIL_WIDTH } from '../../components/tab-bar';
import { RequestIndicator } from '../../components/request-indicator';
import { UpdatePrompt } from '../../components/update-prompt';
import { useIsDesktop } from '../../lib/layout';
import { useUpdateWaiting } from '../../lib/service-worker';
import { LiveUpdates } from '../../features/live/live-updates-effect';
import { SessionEffects } from '../../features/session/session-effects';
import { TranslationSync } from '../../features/translations/translation-sync';
import { AccessGuard } from './access-guard';

/** A thin bar while a page's code loads, shown only after 200 ms (spec §9 async page loading). */
function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setVisible(true), ASYNC_PAGE_LOADING_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [loading]);
  if (!visible) return null;
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      aria-label={t('common.loading')}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}

/** The route id of the tab pages' layout (router.tsx). */
export const TAB_LAYOUT_ID = 'tabs';

/** Every page: the centred app column, the offline mark, the access guard and the app-wide effects. */
export function RootLayout() {
  const updateWaiting = useUpdateWaiting();
  // On the desktop the tab pages have a rail down the left; the offline mark leaves it visible.
  const desktop = useIsDesktop();
  const tabPage = useMatches().some((match) => match.id === TAB_LAYOUT_ID);
  const railShown = desktop && tabPage;
  return (
    <Box className="app-column">
      <OfflineBanner inset={railShown ? TAB_RAIL_WIDTH : 0} />
      <AccessGuard>
        <Outlet />
      </AccessGuard>
      <SessionEffects />
      <LiveUpdates />
      <TranslationSync />
      <RequestIndicator />
      <NavigationProgress />
      {updateWaiting && <UpdatePrompt />}
    </Box>
  );
}
