import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import type { User } from '@cowcare/contract/schemas';
import { TabBar } from '../../components/tab-bar';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/session';
import { useUnreadNoticeCount } from '../../features/notices/api/get-notices';

function TabBarWithBadge({ user }: { user: User }) {
  const unread = useUnreadNoticeCount(user);
  return <TabBar badges={{ [paths.tabs.notice]: unread }} />;
}

/** The three tab pages share the bottom tab bar; the notice tab shows the unread count. */
export function TabLayout() {
  const user = useUser();
  return (
    <Box pb={80}>
      <Outlet />
      {user ? <TabBarWithBadge user={user} /> : <TabBar />}
    </Box>
  );
}
