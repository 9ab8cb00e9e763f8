import { Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ServiceConversation } from '@cowcare/contract/routes/admin';
import type { AgentPresence } from '@cowcare/contract/support-socket';
import { SUPPORT_PATHS } from '../support-paths';
import { when } from './when';

interface InboxListProps {
  inbox: readonly ServiceConversation[];
  selected: number | undefined;
  presence: readonly AgentPresence[];
  myId: number | undefined;
}

/** The other agents who have this conversation open: what keeps two agents from answering one farmer. */
export const othersViewing = (
  presence: readonly AgentPresence[],
  conversationId: number,
  myId: number | undefined,
): string[] => [
  ...new Set(
    presence
      .filter((agent) => agent.conversationId === conversationId && agent.adminId !== myId)
      .map((agent) => agent.name),
  ),
];

/** Customer-service conversations of every farm, unread first, each with who is on it. */
export function InboxList({ inbox, selected, presence, myId }: InboxListProps) {
  if (inbox.length === 0) {
    return (
      <Text c="dimmed" p="md">
        No farmer has written to customer service yet.
      </Text>
    );
  }
  return (
    <Stack gap={0} component="nav" aria-label="Conversations">
      {inbox.map((row) => {
        const viewers = othersViewing(presence, row.conversationId, myId);
        return (
          <NavLink
            key={row.conversationId}
            component={Link}
            to={SUPPORT_PATHS.conversation(row.conversationId)}
            active={row.conversationId === selected}
            data-testid="inbox-row"
            label={
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={row.unread > 0 ? 700 : 500} truncate>
                  {row.name || `User ${row.userId}`} · {row.farmNumber}
                </Text>
                {row.unread > 0 && (
                  <Badge size="sm" color="red" circle aria-label={`${row.unread} unread`}>
                    {row.unread}
                  </Badge>
                )}
              </Group>
            }
            description={
              <Stack gap={0}>
                <Text size="xs" c="dimmed" truncate>
                  {row.message || 'Picture'}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.country} · {row.language} · {when(row.lasttime)}
                  {row.answeredBy ? ` · answered by ${row.answeredBy}` : ''}
                </Text>
                {viewers.length > 0 && (
                  <Text size="xs" c="orange.8" fw={600}>
                    {viewers.join(', ')} {viewers.length === 1 ? 'has' : 'have'} it open
                  </Text>
                )}
              </Stack>
            }
          />
        );
      })}
    </Stack>
  );
}
