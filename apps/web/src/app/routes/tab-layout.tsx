import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { TAB_RAIL_WIDTH, TabBar } from '../../components/tab-bar';
import { paths } from '../../config/paths';
import { useIsDesktop } from '../../lib/layout';
import { useUser } from '../../lib/session';
import { useUnreadNoticeCount } from '../../features/notices/api/get-notices';

function TabBarWithBadge({ user }: { user: User }) {
  const unread = useUnreadNoticeCount(user);
  return <TabBar badges={{ [paths.tabs.notice]: unread }} />;
}

/** The three tab pages share the tab bar (a rail on the desktop); the notice tab shows the unread count. */
export function TabLayout() {
  const user = useUser();
  const desktop = useIsDesktop();
  return (
    <Box pb={desktop ? 0 : 80} pl={desktop ? TAB_RAIL_WIDTH : 0}>
      <Outlet />
      {user ? <TabBarWithBadge user={user} /> : <TabBar />}
    </Box>
  );
}
