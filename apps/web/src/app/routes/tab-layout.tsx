import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { TabBar } from '../../components/tab-bar';

/** The three tab pages share the bottom tab bar. */
export function TabLayout() {
  return (
    <Box pb={80}>
      <Outlet />
      <TabBar />
    </Box>
  );
}
