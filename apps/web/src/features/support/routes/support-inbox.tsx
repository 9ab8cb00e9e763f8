import { Anchor, Box, Grid, Loader, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { inboxQuery } from '../api/inbox-api';
import { whoAmIQuery } from '../api/support-client';
import { InboxList, othersViewing } from '../components/inbox-list';
import { ServiceThread } from '../components/service-thread';
import { usePresence } from '../lib/use-support-live';
import { SUPPORT_PATHS } from '../support-paths';
import { errorMessage } from '../support-error';

/**
 * Customer service: every farm's conversations beside the open one (on a phone, one or the other). Live:
 * the layout's socket keeps the list, the open conversation and who has what open up to date.
 */
export function SupportInboxRoute() {
  const selected = Number(useParams().conversationId) || undefined;
  const inbox = useQuery(inboxQuery());
  const me = useQuery(whoAmIQuery());
  const presence = usePresence();
  const wide = useMediaQuery('(min-width: 62em)');
  const open = inbox.data?.find((row) => row.conversationId === selected);

  if (inbox.isPending) return <Loader size="sm" />;
  if (inbox.isError) return <Text c="red">{errorMessage(inbox.error)}</Text>;

  const list = (
    <Box>
      <Title order={2} size="h3" mb="xs">
        Customer service
      </Title>
      <InboxList inbox={inbox.data} selected={selected} presence={presence} myId={me.data?.id} />
    </Box>
  );
  const thread = open ? (
    <ServiceThread
      key={open.conversationId}
      conversation={open}
      viewers={othersViewing(presence, open.conversationId, me.data?.id)}
    />
  ) : selected ? (
    <Text c="dimmed">There is no such conversation with a message.</Text>
  ) : (
    <Text c="dimmed">Choose a conversation.</Text>
  );

  if (!wide) {
    return selected ? (
      <Box>
        <Anchor component={Link} to={SUPPORT_PATHS.inbox} size="sm">
          ← All conversations
        </Anchor>
        {thread}
      </Box>
    ) : (
      list
    );
  }
  return (
    <Grid>
      <Grid.Col span={4} style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}>
        {list}
      </Grid.Col>
      <Grid.Col span={8}>{thread}</Grid.Col>
    </Grid>
  );
}
