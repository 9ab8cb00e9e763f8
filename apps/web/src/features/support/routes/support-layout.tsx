import { Anchor, Badge, Box, Button, Group, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { inboxQuery } from '../api/inbox-api';
import { clearSupportToken, getSupportToken, whoAmIQuery } from '../api/support-client';
import { useSupportLive } from '../lib/use-support-live';
import { SUPPORT_PATHS } from '../support-paths';

const SECTIONS = [
  { to: SUPPORT_PATHS.inbox, label: 'Customer service' },
  { to: SUPPORT_PATHS.farms, label: 'Farms' },
  { to: SUPPORT_PATHS.news, label: 'News' },
  { to: SUPPORT_PATHS.notices, label: 'Platform notices' },
  { to: SUPPORT_PATHS.appVersion, label: 'App version' },
  { to: SUPPORT_PATHS.audit, label: 'Audit log' },
];

/** The console's frame: who is signed in, its sections, sign out. Without a console token, its login. */
export function SupportLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = getSupportToken();
  const me = useQuery({ ...whoAmIQuery(), enabled: token !== null });
  const inbox = useQuery({ ...inboxQuery(), enabled: token !== null });
  useSupportLive(token !== null);
  const waiting = inbox.data?.filter((row) => row.unread > 0).length ?? 0;
  if (!token) return <Navigate to={SUPPORT_PATHS.login} replace />;

  const signOut = () => {
    clearSupportToken();
    queryClient.removeQueries({ queryKey: ['support'] });
    void navigate(SUPPORT_PATHS.login, { replace: true });
  };

  return (
    <Box>
      <Box
        component="header"
        px="md"
        py={8}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="wrap" gap={6}>
          <Title order={1} size="h4">
            CowCare support
          </Title>
          <Group component="nav" aria-label="Console sections" gap="sm" wrap="wrap">
            {SECTIONS.map((section) => (
              <Anchor key={section.to} component={NavLink} to={section.to} size="sm">
                {section.label}
                {section.to === SUPPORT_PATHS.inbox && waiting > 0 && (
                  <Badge size="xs" color="red" ml={4} aria-label={`${waiting} waiting for an answer`}>
                    {waiting}
                  </Badge>
                )}
              </Anchor>
            ))}
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {me.data ? `Signed in as ${me.data.name || me.data.username}` : ''}
            </Text>
            <Button size="compact-sm" variant="default" onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </Box>
      <Box component="main" p="md">
        <Outlet />
      </Box>
    </Box>
  );
}
